import { Effect } from "effect"
import { z } from "zod"
import { getMessagingChannels } from "../../../application/session/getMessagingChannels.ts"
import { getMessagingContacts } from "../../../application/session/getMessagingContacts.ts"
import { getMessagingGroups } from "../../../application/session/getMessagingGroups.ts"
import { getMessagingSession } from "../../../application/session/getMessagingSession.ts"
import { getSessionQR } from "../../../application/session/getSessionQR.ts"
import { getSessionStatus } from "../../../application/session/getSessionStatus.ts"
import { initiateMessagingSession } from "../../../application/session/initiateMessagingSession.ts"
import { logoutSession } from "../../../application/session/logoutSession.ts"
import { restartSession } from "../../../application/session/restartSession.ts"
import { updateSessionPhone } from "../../../application/session/updateSessionPhone.ts"
import { SESSION_NAME_PATTERN } from "../../../domain/session/MessagingSession.ts"
import { accountProcedure, activeProcedure, router, run } from "../trpc.ts"
import { wholeNumber } from "./exactInputs.ts"
import { toWireMessagingSession } from "./wire.ts"
import { channelPageOutput, groupPageOutput, sessionStatusOutput } from "./wireSchemas.ts"

export const sessionName = z
  .string()
  .min(1)
  .max(100)
  .regex(SESSION_NAME_PATTERN, "sessionName may hold only letters, digits, _ and -")
const bySession = z.object({ sessionName })
const page = (defaultLimit: number) => ({
  sessionName,
  limit: wholeNumber(1, 100).default(defaultLimit),
  cursor: wholeNumber(0, 1_000_000).default(0),
  search: z.string().max(100).optional()
})

/**
 * user.*: the nine procedures of the service spec, names and shapes exactly as docs/api.md#the-trpc-api
 * lists them, and getMessagingChannels beside getMessagingGroups (issue 25: channels as targets);
 * later session settings are session.*.
 */
/**
 * Linking a phone (its QR code is a credential: whoever scans it links their number) and unlinking
 * it are done in the browser, never with an API key, read-only or not.
 */
const linkingProcedure = accountProcedure

export const userRouter = router({
  getMessagingSession: activeProcedure.query(({ ctx }) =>
    run(
      ctx,
      getMessagingSession(ctx.user.id).pipe(
        Effect.map((session) => ({ session: session === null ? null : toWireMessagingSession(session) }))
      )
    )
  ),
  initiateMessagingSession: linkingProcedure.mutation(({ ctx }) => run(ctx, initiateMessagingSession(ctx.user.id))),
  getSessionStatus: activeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sessions/{sessionName}/status",
        tags: ["Sessions"],
        summary: "A messaging session's status",
        description: "user.getSessionStatus: the gateway's status of the session (WORKING when it can send)."
      }
    })
    .input(bySession)
    .output(sessionStatusOutput)
    .query(({ ctx, input }) => run(ctx, getSessionStatus(ctx.user.id, input.sessionName))),
  getSessionQR: linkingProcedure
    .input(bySession)
    .query(({ ctx, input }) => run(ctx, getSessionQR(ctx.user.id, input.sessionName))),
  restartSession: activeProcedure
    .input(bySession)
    .mutation(({ ctx, input }) =>
      run(ctx, restartSession(ctx.user.id, input.sessionName).pipe(Effect.as({ success: true })))
    ),
  updateSessionPhone: activeProcedure
    .input(
      z.object({
        id: z.string().min(1).max(100),
        phoneNumber: z
          .string()
          .trim()
          .regex(/^\+?[0-9]{6,15}$/, "phoneNumber must be digits, optionally after a +")
      })
    )
    .mutation(({ ctx, input }) =>
      run(ctx, updateSessionPhone(ctx.user.id, input.id, input.phoneNumber).pipe(Effect.as({ success: true })))
    ),
  logoutSession: linkingProcedure
    .input(bySession)
    .mutation(({ ctx, input }) =>
      run(ctx, logoutSession(ctx.user.id, input.sessionName).pipe(Effect.as({ success: true })))
    ),
  getMessagingGroups: activeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sessions/{sessionName}/groups",
        tags: ["Sessions"],
        summary: "The session's WhatsApp groups",
        description: "user.getMessagingGroups: a page of the groups (search: part of a name, any case)."
      }
    })
    .input(z.object(page(10)))
    .output(groupPageOutput)
    .query(({ ctx, input }) => run(ctx, getMessagingGroups(ctx.user.id, input))),
  getMessagingChannels: activeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sessions/{sessionName}/channels",
        tags: ["Sessions"],
        summary: "The WhatsApp Channels the session may post to",
        description:
          "user.getMessagingChannels: a page of the channels the number owns or administers (search: part of a name, any case); their ids are campaign targets as group ids are."
      }
    })
    .input(z.object(page(10)))
    .output(channelPageOutput)
    .query(({ ctx, input }) => run(ctx, getMessagingChannels(ctx.user.id, input))),
  getMessagingContacts: activeProcedure
    .input(z.object(page(50)))
    .query(({ ctx, input }) => run(ctx, getMessagingContacts(ctx.user.id, input)))
})

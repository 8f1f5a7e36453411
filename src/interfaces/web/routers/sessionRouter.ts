import { Effect } from "effect"
import { z } from "zod"
import type { Reach } from "../../../application/campaign/statusSupport.ts"
import { getStatusReach } from "../../../application/campaign/statusSupport.ts"
import { getLinkedNumber } from "../../../application/session/getLinkedNumber.ts"
import { getSessionLimit } from "../../../application/session/getSessionLimit.ts"
import { getSessionPacing } from "../../../application/session/getSessionPacing.ts"
import { setSessionPacing } from "../../../application/session/setSessionPacing.ts"
import { getSessionTyping, setSessionTyping } from "../../../application/session/setSessionTyping.ts"
import { PACING_MAX_SECONDS } from "../../../domain/session/MessagingSession.ts"
import type { ErrorReader } from "../refusalWords.ts"
import { refusalSentence } from "../refusalWords.ts"
import { activeProcedure, router, run } from "../trpc.ts"
import { sessionName } from "./userRouter.ts"

const bySession = z.object({ sessionName })

/** A reach as the form shows it: a refusal's reason in the reader's words (its English for API callers). */
const saidTo =
  (reader: ErrorReader | null) =>
  (reach: Reach): { readonly ok: true } | { readonly ok: false; readonly reason: string } =>
    reach.ok
      ? reach
      : {
          ok: false,
          reason: (reader && refusalSentence(reader, { _tag: "InvalidCampaign", ...reach.refusal })) ?? reach.reason
        }

const pacingSeconds = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of seconds` })
    .int(`${field} must be a whole number of seconds`)
    .min(0, `${field} must be 0 or more`)
    .max(PACING_MAX_SECONDS, `${field} must be at most ${PACING_MAX_SECONDS} seconds`)

/**
 * session.*: settings of the caller's messaging session that the service spec's nine user.*
 * procedures do not cover (their names and shapes are fixed): pacing (README "Using Herald", Pacing), and the
 * linked phone's number as the gateway reports it.
 */
export const sessionRouter = router({
  getLinkedNumber: activeProcedure
    .input(bySession)
    .query(({ ctx, input }) => run(ctx, getLinkedNumber(ctx.user.id, input.sessionName))),
  /** whether WhatsApp limits the number and its sends are held, until when (docs/architecture.md) */
  getLimit: activeProcedure
    .input(bySession)
    .query(({ ctx, input }) => run(ctx, getSessionLimit(ctx.user.id, input.sessionName))),
  /** whether the session marks the chat seen and shows "typing…" before each send (off by default) */
  getTyping: activeProcedure
    .input(bySession)
    .query(({ ctx, input }) => run(ctx, getSessionTyping(ctx.user.id, input.sessionName))),
  setTyping: activeProcedure
    .input(z.object({ sessionName, on: z.boolean({ error: "on must be true or false" }) }))
    .mutation(({ ctx, input }) =>
      run(ctx, setSessionTyping(ctx.user.id, input.sessionName, input.on).pipe(Effect.as({ success: true })))
    ),
  /**
   * what the session's gateway can do with the number's Status: post one, to chosen contacts, to
   * all contacts, each {ok: true} or {ok: false, reason} (statusSupport.ts), as campaign.create decides
   */
  getStatusReach: activeProcedure.input(bySession).query(({ ctx, input }) =>
    run(
      ctx,
      getStatusReach(ctx.user.id, input.sessionName).pipe(
        Effect.map((reach) => {
          const said = saidTo(ctx.reader)
          return {
            status: said(reach.status),
            chosenContacts: said(reach.chosenContacts),
            allContacts: said(reach.allContacts)
          }
        })
      )
    )
  ),
  getPacing: activeProcedure
    .input(bySession)
    .query(({ ctx, input }) => run(ctx, getSessionPacing(ctx.user.id, input.sessionName))),
  setPacing: activeProcedure
    .input(
      z.object({
        sessionName,
        minGapSeconds: pacingSeconds("minGapSeconds"),
        jitterSeconds: pacingSeconds("jitterSeconds").default(0)
      })
    )
    .mutation(({ ctx, input }) =>
      run(
        ctx,
        setSessionPacing(ctx.user.id, input.sessionName, {
          minGapSeconds: input.minGapSeconds,
          jitterSeconds: input.jitterSeconds
        }).pipe(Effect.as({ success: true }))
      )
    )
})

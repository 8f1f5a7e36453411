import { Effect } from "effect"
import type { GatewaySession } from "../ports/GatewayPort.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { findOwnedSession } from "./findOwnedSession.ts"

/** `+<digits>` of a gateway's `<digits>@c.us` id of the linked phone; null for anything else (a lid, nothing). */
export const numberOfMeId = (meId: string | undefined): string | null => {
  const digits = /^(\d{6,15})@c\.us$/.exec(meId ?? "")?.[1]
  return digits === undefined ? null : `+${digits}`
}

/** Whether a session's delivery receipts reach Herald (GatewaySession.receipts), UNKNOWN when the gateway does not say. */
export type ReceiptSupport = NonNullable<GatewaySession["receipts"]> | "UNKNOWN"

/**
 * session.getLinkedNumber: the number of the phone linked to the caller's session, as the gateway
 * reports it while connected (`+<digits>`), and its WhatsApp profile name; null for what it does
 * not report (not connected yet). Read,
 * never recorded: the gateway is the authority on which phone is linked, and the session's
 * phoneNumber stays what its owner chose (user.updateSessionPhone). From the same read, whether
 * the session's delivery receipts reach Herald (GatewaySession.receipts; UNKNOWN when the gateway
 * does not say), so the page can tell when delivered and read marks will not come, and likewise
 * whether votes on its polls do (pollVotes).
 */
export const getLinkedNumber = Effect.fn("getLinkedNumber")(function* (userId: string, sessionName: string) {
  const session = yield* findOwnedSession(userId, sessionName)
  const remote = yield* (yield* GatewayPort).getSession(session.sessionName)
  const receipts: ReceiptSupport = remote?.receipts ?? "UNKNOWN"
  const pollVotes: ReceiptSupport = remote?.pollVotes ?? "UNKNOWN"
  return { phoneNumber: numberOfMeId(remote?.meId), name: remote?.meName ?? null, receipts, pollVotes }
})

import { Data, Effect } from "effect"
import type { SessionView } from "../ports/SessionRepository.ts"
import { LaneReads } from "./LaneReads.ts"

/** Word the failure kind recognises (domain/message/failureKind.ts: "disabled"); keep them in step. */
export const OWNER_DISABLED_REASON = "not sent: this account was disabled by the administrator"

/** The owner of a message's session is disabled: the message is not sent (disableUser.ts). */
export class OwnerDisabled extends Data.TaggedError("OwnerDisabled")<{ readonly userId: string }> {
  override get message() {
    return OWNER_DISABLED_REASON
  }
}

/**
 * Fails with OwnerDisabled when the account that owns the message (through its session) is
 * disabled. Why here, after the claim and before the send (processMessage.ts), rather than
 * before the claim or in the selection of due messages:
 * - the claim stays what it was (an append at the next version of the message's stream), so
 *   exactly one scheduler decides about the message, and it alone records the refusal: the
 *   message becomes FAILED and its campaign FAILED with this reason, like any other failure,
 *   and "Send again" works once the account is enabled again. A check before the claim would
 *   need another, non-exclusive way to record it, and one in the selection would leave the
 *   message to fall out of the window as "missed", saying nothing of why.
 * - it reads the users' read model from the store every process shares: it is written right after
 *   the account's event, and disabling is no race of exclusivity (the account's sign-ins and
 *   sessions end at the same moment). The owner's status is read once per lead (LaneReads.ts,
 *   preloadLeadMs, 5 s) and serves every message of its sessions meanwhile, so a burst costs one
 *   key read per owner, not per message. A message whose send starts within those seconds after the admin's click may still
 *   go; every later one is refused.
 * An owner that cannot be found (an account removed by hand) does not stop the send: the
 * session's own checks apply as before.
 */
export const checkOwnerMaySend = Effect.fnUntraced(function* (session: SessionView) {
  const status = yield* (yield* LaneReads).ownerStatus(session.userId)
  if (status === "DISABLED") return yield* new OwnerDisabled({ userId: session.userId })
})

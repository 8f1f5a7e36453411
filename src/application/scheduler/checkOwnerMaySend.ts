import { Clock, Data, Effect } from "effect"
import type { SessionView } from "../ports/SessionRepository.ts"
import type { UserView } from "../ports/UserRepository.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { SchedulerSettings } from "./SchedulerSettings.ts"

/** Word the failure kind recognises (domain/message/failureKind.ts: "disabled"); keep them in step. */
export const OWNER_DISABLED_REASON = "not sent: this account was disabled by the administrator"

/** The owner of a message's session is disabled: the message is not sent (disableUser.ts). */
export class OwnerDisabled extends Data.TaggedError("OwnerDisabled")<{ readonly userId: string }> {
  override get message() {
    return OWNER_DISABLED_REASON
  }
}

/**
 * The owner's status as read for a session view (its object: the read a lane's messages share),
 * and when: used while it is at most the lead old, whatever else holds the same object.
 */
const ownerReadWith = new WeakMap<SessionView, { readonly status: UserView["status"] | null; readonly at: number }>()

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
 *   sessions end at the same moment). The owner is read once per read of the session (one key
 *   read): the session as a pass or a preload read it serves every message of its lane while it
 *   is at most the lead old (processMessage.ts, preloadLeadMs, 5 s), and the owner read with it
 *   serves them while it is at most as old, so a burst costs one read per session, not per
 *   message. A message whose send starts within those seconds after the admin's click may still
 *   go; every later one is refused.
 * An owner that cannot be found (an account removed by hand) does not stop the send: the
 * session's own checks apply as before.
 */
export const checkOwnerMaySend = Effect.fnUntraced(function* (session: SessionView) {
  const { preloadLeadMs } = yield* SchedulerSettings
  const now = yield* Clock.currentTimeMillis
  let owner = ownerReadWith.get(session)
  if (owner === undefined || now - owner.at > preloadLeadMs) {
    owner = { status: (yield* (yield* UserRepository).get(session.userId))?.status ?? null, at: now }
    ownerReadWith.set(session, owner)
  }
  if (owner.status === "DISABLED") return yield* new OwnerDisabled({ userId: session.userId })
})

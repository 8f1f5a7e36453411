import { Clock, Effect } from "effect"
import { ApiKeyRepository } from "../ports/ApiKeyRepository.ts"
import { AuthSessionRepository } from "../ports/AuthSessionRepository.ts"
import { decideOnAccount } from "./decideOnAccount.ts"

/**
 * Disables an ACTIVE account: it cannot sign in (signIn.ts says so, to whoever knows its
 * password), every session of it ends at once, its API keys are revoked, and none of its messages is sent while it stays
 * disabled (the scheduler records them failed: processMessage.ts). Not the admin's own account,
 * nor the ADMIN_EMAIL one (decideOnAccount.ts).
 *
 * The sessions end after the event is stored: a sign-in racing this reads the stream (signIn.ts)
 * and a session it made just before is still refused, because authenticate reads the account's
 * status from the shared store on every request (no per-process cache), in every web process.
 */
export const disableUser = Effect.fn("disableUser")(function* (userId: string, adminUserId: string) {
  yield* decideOnAccount("disable", userId, adminUserId)
  yield* (yield* AuthSessionRepository).deleteAllOf(userId)
  // its API keys too: an account is often disabled because it was taken over; enabled again, its
  // owner makes new ones
  yield* (yield* ApiKeyRepository).revokeAllOf(userId, yield* Clock.currentTimeMillis)
})

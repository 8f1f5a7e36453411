import { Effect } from "effect"
import { AuthSessionRepository } from "../ports/AuthSessionRepository.ts"
import { Notifier } from "../ports/Notifier.ts"
import { decideOnAccount } from "./decideOnAccount.ts"

/**
 * Declines a PENDING account: it cannot sign in (signIn.ts says why), the sessions it has
 * (a waiting account may be signed in, to see that it waits) end, and its owner is told.
 * Declining a declined account changes nothing; it can be enabled later (enableUser.ts).
 */
export const rejectUser = Effect.fn("rejectUser")(function* (userId: string, adminUserId: string) {
  const { state, changed } = yield* decideOnAccount("decline", userId, adminUserId)
  // after the event: a sign-in racing this reads the stream, and authenticate refuses the
  // status, so a session made in between is refused too
  yield* (yield* AuthSessionRepository).deleteAllOf(userId)
  if (changed)
    yield* (yield* Notifier).notify({
      kind: "AccountRejected",
      to: state.email,
      name: state.name,
      reader: { timeZone: state.timeZone, locale: state.locale, language: state.language }
    })
})

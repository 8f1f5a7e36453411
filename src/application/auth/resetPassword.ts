import { Clock, Effect } from "effect"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { AuthSessionRepository } from "../ports/AuthSessionRepository.ts"
import { PasswordHasher } from "../ports/PasswordHasher.ts"
import { PasswordResetRepository } from "../ports/PasswordResetRepository.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { InvalidResetToken } from "./AuthErrors.ts"
import { hashToken } from "./tokens.ts"

/** Sets a new password from a reset link (once) and signs the user out everywhere. */
export const resetPassword = Effect.fn("resetPassword")(function*(input: { readonly token: string; readonly password: string }) {
  const reset = yield* (yield* PasswordResetRepository).take(hashToken(input.token))
  const now = yield* Clock.currentTimeMillis
  if (reset === null || reset.expiresAt <= now) return yield* new InvalidResetToken()
  const user = yield* (yield* UserRepository).get(reset.userId)
  if (user === null) return yield* new InvalidResetToken()
  const passwordHash = yield* (yield* PasswordHasher).hash(input.password)
  const outcome = yield* execute(UserAggregate)(user.email, () => ({ type: "ChangePassword", passwordHash, now }))
  if (outcome._tag === "Rejected") return yield* new InvalidResetToken()
  yield* (yield* AuthSessionRepository).deleteAllOf(user.id)
  // any other link still in a mailbox stops working too
  yield* (yield* PasswordResetRepository).deleteAllOf(user.id)
})

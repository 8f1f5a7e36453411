import { Clock, Effect } from "effect"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { ApiKeyRepository } from "../ports/ApiKeyRepository.ts"
import { AuthSessionRepository } from "../ports/AuthSessionRepository.ts"
import { PasswordHasher } from "../ports/PasswordHasher.ts"
import { PasswordResetRepository } from "../ports/PasswordResetRepository.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { InvalidResetToken } from "./AuthErrors.ts"
import { tokenDigest } from "./tokens.ts"

/**
 * Sets a new password from a reset link (once), signs the user out everywhere and revokes the
 * account's API keys. The sessions and keys end before the password changes: should the store fail in between, the old password still
 * works but no session made with it survives; the other order could leave an attacker's
 * session alive with the password already changed under it.
 */
export const resetPassword = Effect.fn("resetPassword")(function* (input: {
  readonly token: string
  readonly password: string
}) {
  const reset = yield* (yield* PasswordResetRepository).take(yield* tokenDigest(input.token))
  const now = yield* Clock.currentTimeMillis
  if (reset === null || reset.expiresAt <= now) return yield* new InvalidResetToken()
  const user = yield* (yield* UserRepository).get(reset.userId)
  if (user === null) return yield* new InvalidResetToken()
  const passwordHash = yield* (yield* PasswordHasher).hash(input.password)
  yield* (yield* AuthSessionRepository).deleteAllOf(user.id)
  // and its API keys: one made with a stolen session must not outlive the reset
  yield* (yield* ApiKeyRepository).revokeAllOf(user.id, now)
  const outcome = yield* execute(UserAggregate)(user.email, { type: "ChangePassword", passwordHash, now })
  if (outcome._tag === "Rejected") return yield* new InvalidResetToken()
  // any other link still in a mailbox stops working too
  yield* (yield* PasswordResetRepository).deleteAllOf(user.id)
})

import { Clock, Effect } from "effect"
import { normalizeEmail } from "../../domain/user/User.ts"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { load } from "../eventSourcing/execute.ts"
import { Notifier } from "../ports/Notifier.ts"
import { PasswordResetRepository } from "../ports/PasswordResetRepository.ts"
import { AuthSettings } from "./AuthSettings.ts"
import { generateToken, tokenDigest } from "./tokens.ts"

/**
 * Mails a one-time reset link when the address has an account, and tells the admin. The
 * caller always gets the same answer, so it cannot learn which addresses have accounts.
 */
export const requestPasswordReset = Effect.fn("requestPasswordReset")(function*(input: { readonly email: string }) {
  const email = normalizeEmail(input.email)
  const user = yield* load(UserAggregate, email)
  if (user.status === "NEW") return
  const { appUrl, resetTokenTtlMs } = yield* AuthSettings
  const now = yield* Clock.currentTimeMillis
  const token = generateToken()
  const expiresAt = now + resetTokenTtlMs
  const resets = yield* PasswordResetRepository
  // one link at a time: asking again makes the earlier links useless
  yield* resets.deleteAllOf(user.id)
  yield* resets.create({ id: yield* tokenDigest(token), userId: user.id, expiresAt })
  const notifier = yield* Notifier
  yield* notifier.notify({ kind: "PasswordResetLink", to: user.email, link: `${appUrl}/reset-password?token=${token}`, expiresAt })
  yield* notifier.notify({ kind: "PasswordResetRequested", email: user.email })
})

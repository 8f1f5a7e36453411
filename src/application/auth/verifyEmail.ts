import { Clock, Effect } from "effect"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { Notifier } from "../ports/Notifier.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { InvalidVerificationToken } from "./AuthErrors.ts"
import { AuthSettings } from "./AuthSettings.ts"
import { tokenDigest } from "./tokens.ts"

/**
 * Confirms an address from its mailed link (`<userId>.<secret>`, see signUp.ts): once, before it
 * expires, and only the newest link of the account. The ADMIN_EMAIL account becomes ADMIN and
 * ACTIVE here, and only now does the admin hear of the registration.
 */
export const verifyEmail = Effect.fn("verifyEmail")(function*(input: { readonly token: string }) {
  const dot = input.token.lastIndexOf(".")
  if (dot <= 0) return yield* new InvalidVerificationToken()
  const view = yield* (yield* UserRepository).get(input.token.slice(0, dot))
  if (view === null) return yield* new InvalidVerificationToken()
  const { adminEmail } = yield* AuthSettings
  const digest = yield* tokenDigest(input.token.slice(dot + 1))
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(UserAggregate)(view.email, () => ({ type: "VerifyEmail", digest, makeAdmin: view.email === adminEmail, now }))
  if (outcome._tag === "Rejected") return yield* new InvalidVerificationToken()
  const user = outcome.state
  yield* (yield* Notifier).notify({ kind: "NewRegistration", email: user.email, name: user.name, pending: user.status !== "ACTIVE" })
})

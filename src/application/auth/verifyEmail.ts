import { Clock, Effect } from "effect"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { execute, load } from "../eventSourcing/execute.ts"
import { Notifier } from "../ports/Notifier.ts"
import { PasswordHasher } from "../ports/PasswordHasher.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { InvalidVerificationToken, triedTooOften, VerificationPasswordMismatch } from "./AuthErrors.ts"
import { AuthSettings } from "./AuthSettings.ts"
import { adminPageLink } from "./links.ts"
import { SignInThrottle } from "./SignInThrottle.ts"
import { tokenDigest } from "./tokens.ts"

/**
 * Confirms an address from its mailed link (`<userId>.<secret>`, see signUp.ts): once, before it
 * expires, only the newest link of the account, and only with the password chosen at that
 * sign-up. The password binds the link to the person who registered: a stranger's sign-up of the
 * same address also mails a link to the owner, and without this check an owner who clicked that
 * newest link would confirm the stranger's password (docs/security.md). The ADMIN_EMAIL account
 * becomes ADMIN and ACTIVE here, and only now does the admin hear of the registration.
 * A link checks a password, so whoever holds one could guess the account's password through it:
 * tries are throttled as sign-in's, per (account, client), counted before anything is checked
 * (`client` identifies the caller, its IP).
 */
export const verifyEmail = Effect.fn("verifyEmail")(function* (
  input: { readonly token: string; readonly password: string },
  client: string
) {
  const dot = input.token.lastIndexOf(".")
  if (dot <= 0) return yield* new InvalidVerificationToken()
  const userId = input.token.slice(0, dot)
  const throttle = yield* SignInThrottle
  yield* throttle.reserve(`verify:${userId}`, client).pipe(triedTooOften("linkTries"))
  const view = yield* (yield* UserRepository).get(userId)
  if (view === null) return yield* new InvalidVerificationToken()
  const { adminEmail, appUrl } = yield* AuthSettings
  const digest = yield* tokenDigest(input.token.slice(dot + 1))
  const now = yield* Clock.currentTimeMillis
  const registered = yield* load(UserAggregate, view.email)
  const pending = registered.verification
  if (registered.emailVerified || pending === null || pending.digest !== digest || pending.expiresAt <= now)
    return yield* new InvalidVerificationToken()
  if (!(yield* (yield* PasswordHasher).verify(input.password, registered.passwordHash)))
    return yield* new VerificationPasswordMismatch()
  // a sign-up that replaced this one meanwhile changed the digest: the decider refuses then
  const outcome = yield* execute(UserAggregate)(view.email, {
    type: "VerifyEmail",
    digest,
    makeAdmin: view.email === adminEmail,
    now
  })
  if (outcome._tag === "Rejected") return yield* new InvalidVerificationToken()
  yield* throttle.succeeded(`verify:${userId}`, client)
  const user = outcome.state
  yield* (yield* Notifier).notify({
    kind: "NewRegistration",
    adminLink: adminPageLink(appUrl),
    email: user.email,
    name: user.name,
    pending: user.status !== "ACTIVE"
  })
})

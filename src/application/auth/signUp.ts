import { Clock, Effect } from "effect"
import { normalizeEmail } from "../../domain/user/User.ts"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { Ids } from "../ports/Ids.ts"
import { Notifier } from "../ports/Notifier.ts"
import { PasswordHasher } from "../ports/PasswordHasher.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { EmailAlreadyRegistered } from "./AuthErrors.ts"
import { AuthSettings } from "./AuthSettings.ts"
import { publicUser } from "./PublicUser.ts"
import { startAuthSession } from "./startAuthSession.ts"

/**
 * Creates an account and signs it in. The ADMIN_EMAIL account (without one, in the standalone
 * mode, the first account) is ADMIN and ACTIVE; others are
 * PENDING until approved when approval is required. Sign-up has to say when an address is
 * taken (there is no e-mail verification step to hide it behind); it is rate-limited by the
 * web layer like sign-in.
 */
export const signUp = Effect.fn("signUp")(function*(input: { readonly email: string; readonly password: string; readonly name: string }) {
  const settings = yield* AuthSettings
  const email = normalizeEmail(input.email)
  // Two first sign-ups at the same instant on a fresh install could both be made admin; that
  // window is one request wide and only exists without ADMIN_EMAIL (the standalone mode).
  const isAdmin = settings.adminEmail !== null
    ? email === settings.adminEmail
    : settings.firstAccountIsAdmin && (yield* (yield* UserRepository).list({})).length === 0
  const passwordHash = yield* (yield* PasswordHasher).hash(input.password)
  const userId = (yield* Ids).next()
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(UserAggregate)(email, () => ({
    type: "Register",
    userId,
    email,
    name: input.name,
    passwordHash,
    role: isAdmin ? "ADMIN" : "USER",
    status: isAdmin || !settings.requireApproval ? "ACTIVE" : "PENDING",
    now
  }))
  if (outcome._tag === "Rejected") return yield* new EmailAlreadyRegistered()
  const user = publicUser(outcome.state)
  yield* (yield* Notifier).notify({ kind: "NewRegistration", email: user.email, name: user.name, pending: user.status === "PENDING" })
  const session = yield* startAuthSession(user.id)
  return { user, ...session }
})

import { Clock, Effect } from "effect"
import { normalizeEmail } from "../../domain/user/User.ts"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { execute, load } from "../eventSourcing/execute.ts"
import { PasswordHasher } from "../ports/PasswordHasher.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { AccountDisabled, AccountRejected, EmailNotVerified, InvalidCredentials } from "./AuthErrors.ts"
import { AuthSettings } from "./AuthSettings.ts"
import { publicUser } from "./PublicUser.ts"
import { SignInThrottle } from "./SignInThrottle.ts"
import { startAuthSession } from "./startAuthSession.ts"

// Verified against when the address is unknown, so both answers take as long.
const UNKNOWN_USER_HASH =
  "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"

/** Without ADMIN_EMAIL (standalone) the admin is the first active admin account, if any. */
const firstAdminAddress = Effect.map(
  UserRepository.use((users) => users.list({ status: "ACTIVE" })),
  (active) => active.find((u) => u.role === "ADMIN")?.email ?? null
)

/**
 * Checks e-mail and password from the stream (never a lagging read model) and signs in.
 * Unknown address and wrong password fail alike; only the right password hears that the address
 * is unconfirmed, or that the admin disabled or declined the account. `client` identifies the caller (its IP)
 * for the throttle.
 */
export const signIn = Effect.fn("signIn")(function* (
  input: { readonly email: string; readonly password: string },
  client: string
) {
  const email = normalizeEmail(input.email)
  const throttle = yield* SignInThrottle
  yield* throttle.reserve(email, client)
  const hasher = yield* PasswordHasher
  let user = yield* load(UserAggregate, email)
  const matches = yield* hasher.verify(input.password, user.status === "NEW" ? UNKNOWN_USER_HASH : user.passwordHash)
  if (user.status === "NEW" || !matches) return yield* new InvalidCredentials()
  // said only to whoever knows the password: it tells nothing to a guesser
  if (!user.emailVerified) return yield* new EmailNotVerified()
  // ADMIN_EMAIL may name an account made before it was configured (it is made ADMIN and ACTIVE below)
  const { adminEmail } = yield* AuthSettings
  // the admin's decisions, likewise said only to whoever knows the password, with whom to ask
  if (email !== adminEmail && (user.status === "DISABLED" || user.status === "REJECTED")) {
    const admin = adminEmail ?? (yield* firstAdminAddress)
    return yield* user.status === "DISABLED" ? new AccountDisabled({ admin }) : new AccountRejected({ admin })
  }
  yield* throttle.succeeded(email, client)
  if (email === adminEmail && (user.role !== "ADMIN" || user.status !== "ACTIVE")) {
    const now = yield* Clock.currentTimeMillis
    const outcome = yield* execute(UserAggregate)(email, { type: "MakeAdmin", now })
    user = outcome.state
  }
  const session = yield* startAuthSession(user.id)
  return { user: publicUser(user), ...session }
})

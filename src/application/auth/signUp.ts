import { Clock, Effect } from "effect"
import type { UserCommand } from "../../domain/user/User.ts"
import { normalizeEmail } from "../../domain/user/User.ts"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { Ids } from "../ports/Ids.ts"
import { Notifier } from "../ports/Notifier.ts"
import { PasswordHasher } from "../ports/PasswordHasher.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { EmailAlreadyRegistered, triedTooOften } from "./AuthErrors.ts"
import { AuthSettings } from "./AuthSettings.ts"
import { adminPageLink } from "./links.ts"
import type { PublicUser } from "./PublicUser.ts"
import { publicUser } from "./PublicUser.ts"
import { offeredPreferences } from "./preferences.ts"
import { SignInThrottle } from "./SignInThrottle.ts"
import { startAuthSession } from "./startAuthSession.ts"
import { generateToken, tokenDigest } from "./tokens.ts"

export interface SignUpResult {
  /** the new account, signed in; null while its address waits for confirmation */
  readonly user: PublicUser | null
  readonly verificationSent: boolean
  readonly session: { readonly token: string; readonly expiresAt: number } | null
}

/** The one-time link of a verification: it names the account, so the account's stream can check it. */
const verificationLink = (appUrl: string, userId: string, secret: string): string =>
  `${appUrl}/verify-email?token=${userId}.${secret}`

/**
 * Creates an account. Where real mail goes out (`verifyEmail`), nobody is signed in and every
 * address gets the same answer: a new (or still unconfirmed) address gets a one-time link, the
 * owner of a taken one a mail saying someone tried, and the admin hears of the account only once
 * it is confirmed (verifyEmail.ts), so junk sign-ups cannot spam the admin nor claim ADMIN_EMAIL.
 * In standalone with mail as files (nobody reads that mailbox) the account is confirmed at once
 * and signed in, and a taken address is CONFLICT, as before; the first account is the admin
 * when there is no ADMIN_EMAIL. Others are PENDING until approved when approval is required.
 * `client` identifies the caller (its IP) for the throttle.
 */
export const signUp = Effect.fn("signUp")(function* (
  input: {
    readonly email: string
    readonly password: string
    readonly name: string
    /** the browser's zone and locale, so the first mails already read in them (kept as the account's) */
    readonly timeZone?: string | undefined
    readonly locale?: string | undefined
  },
  client: string
) {
  const email = normalizeEmail(input.email)
  // every sign-up mails someone (the new address, or the owner of a taken one): a few per
  // address and client, and they count towards the client's overall allowance
  yield* (yield* SignInThrottle).reserve(`signup:${email}`, client).pipe(triedTooOften("signUps"))
  const settings = yield* AuthSettings
  // hashed on every path, so a taken address answers as slowly as a new one
  const passwordHash = yield* (yield* PasswordHasher).hash(input.password)
  const userId = (yield* Ids).next()
  const now = yield* Clock.currentTimeMillis
  const notifier = yield* Notifier
  // what the registrant's browser offered, kept with the registration itself (one event, one
  // write): a registration replacing an unconfirmed claim replaces the claim's preferences too
  const offered = offeredPreferences(input)
  const register = (
    account: Pick<Extract<UserCommand, { type: "Register" }>, "role" | "status" | "emailVerified" | "verification">
  ) =>
    execute(UserAggregate)(email, {
      type: "Register",
      userId,
      email,
      name: input.name,
      passwordHash,
      now,
      ...offered,
      ...account
    })

  if (settings.verifyEmail) {
    const secret = generateToken()
    const expiresAt = now + settings.verificationTtlMs
    const digest = yield* tokenDigest(secret)
    const outcome = yield* register({
      // ADMIN_EMAIL becomes ADMIN only when confirmed
      role: "USER",
      status: settings.requireApproval ? "PENDING" : "ACTIVE",
      emailVerified: false,
      verification: { digest, expiresAt }
    })
    yield* notifier.notify(
      outcome._tag === "Rejected"
        ? {
            kind: "SignUpAttempted",
            to: email,
            // the account that has the address: its owner's language, not the one who tried
            reader: {
              timeZone: outcome.state.timeZone,
              locale: outcome.state.locale,
              language: outcome.state.language
            }
          }
        : {
            kind: "EmailVerificationLink",
            to: email,
            reader: {
              timeZone: outcome.state.timeZone,
              locale: outcome.state.locale,
              language: outcome.state.language
            },
            link: verificationLink(settings.appUrl, outcome.state.id, secret),
            expiresAt
          }
    )
    const result: SignUpResult = { user: null, verificationSent: true, session: null }
    return result
  }

  // Two first sign-ups at the same instant on a fresh install could both be made admin; that
  // window is one request wide and only exists without ADMIN_EMAIL (the standalone mode).
  const isAdmin =
    settings.adminEmail !== null
      ? email === settings.adminEmail
      : settings.firstAccountIsAdmin && !(yield* (yield* UserRepository).hasAny())
  const outcome = yield* register({
    role: isAdmin ? "ADMIN" : "USER",
    status: isAdmin || !settings.requireApproval ? "ACTIVE" : "PENDING",
    emailVerified: true,
    verification: null
  })
  if (outcome._tag === "Rejected") return yield* new EmailAlreadyRegistered()
  const user = publicUser(outcome.state)
  yield* notifier.notify({
    kind: "NewRegistration",
    adminLink: adminPageLink(settings.appUrl),
    email: user.email,
    name: user.name,
    pending: user.status === "PENDING"
  })
  const result: SignUpResult = { user, verificationSent: false, session: yield* startAuthSession(user.id) }
  return result
})

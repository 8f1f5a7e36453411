import { Data, Effect } from "effect"

/** Wrong e-mail or wrong password: one error for both, so sign-in does not tell which accounts exist. */
export class InvalidCredentials extends Data.TaggedError("InvalidCredentials")<{}> {
  override get message() {
    return "wrong e-mail or password"
  }
}

/** What was tried too often, beside failed sign-ins, and its English words. */
const TRIES = {
  signUps: "sign-ups",
  resetRequests: "password reset requests",
  linkTries: "failed tries of this link"
} as const
export type Tries = keyof typeof TRIES

export class TooManySignInAttempts extends Data.TaggedError("TooManySignInAttempts")<{
  readonly retryAfterMs: number
  /** what was tried too often (default: failed sign-ins) */
  readonly tries?: Tries
}> {
  override get message() {
    const minutes = Math.max(1, Math.ceil(this.retryAfterMs / 60_000))
    return `too many ${this.tries === undefined ? "failed sign-ins" : TRIES[this.tries]}; try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`
  }
  /** the refusal's code (interfaces/web/refusalWords.ts): what was tried */
  get code(): Tries | "signIns" {
    return this.tries ?? "signIns"
  }
  get params() {
    return { count: Math.max(1, Math.ceil(this.retryAfterMs / 60_000)) }
  }
}

/** The throttle's refusal named for what was tried (a sign-up is not a failed sign-in). */
export const triedTooOften = (tries: Tries) =>
  Effect.mapError((refused: TooManySignInAttempts) => new TooManySignInAttempts({ ...refused, tries }))

export class EmailAlreadyRegistered extends Data.TaggedError("EmailAlreadyRegistered")<{}> {
  override get message() {
    return "an account with this e-mail address already exists"
  }
}

export class InvalidResetToken extends Data.TaggedError("InvalidResetToken")<{}> {
  override get message() {
    return "this password reset link is invalid or has expired"
  }
}

export class UserNotFound extends Data.TaggedError("UserNotFound")<{ readonly userId: string }> {
  override get message() {
    return "user not found"
  }
}

export class InvalidVerificationToken extends Data.TaggedError("InvalidVerificationToken")<{}> {
  override get message() {
    return "this verification link is invalid, already used or expired; sign up again for a new one"
  }
}

/** The right password for an account whose address was never confirmed. */
export class EmailNotVerified extends Data.TaggedError("EmailNotVerified")<{}> {
  override get message() {
    return "confirm your e-mail address first: follow the link in the mail we sent you (or sign up again for a new link)"
  }
}

/** A valid verification link followed with another password than the one chosen at that sign-up. */
export class VerificationPasswordMismatch extends Data.TaggedError("VerificationPasswordMismatch")<{}> {
  override get message() {
    return "this link belongs to a sign-up with another password; if you did not make it, sign up again and follow the newest link with your password"
  }
}

/**
 * The right password for an account the admin disabled (said only after the password matched, so
 * a guesser learns nothing). `admin`: whom to ask, when an address is configured.
 */
export class AccountDisabled extends Data.TaggedError("AccountDisabled")<{ readonly admin: string | null }> {
  override get message() {
    return `this account was disabled by the administrator; ask ${this.admin ?? "your Herald administrator"} to enable it again`
  }
  get code() {
    return this.admin === null ? "noAddress" : "address"
  }
  get params() {
    return this.admin === null ? {} : { admin: this.admin }
  }
}

/** The right password for an account whose request the admin declined. */
export class AccountRejected extends Data.TaggedError("AccountRejected")<{ readonly admin: string | null }> {
  override get message() {
    return `your request for an account was declined by the administrator; ask ${this.admin ?? "your Herald administrator"} if you think this is a mistake`
  }
  get code() {
    return this.admin === null ? "noAddress" : "address"
  }
  get params() {
    return this.admin === null ? {} : { admin: this.admin }
  }
}

/** The admin tried to disable or decline their own account, or the ADMIN_EMAIL one. */
export class ProtectedAccount extends Data.TaggedError("ProtectedAccount")<{ readonly reason: "self" | "adminEmail" }> {
  override get message() {
    return this.reason === "self"
      ? "you cannot disable or decline your own account: another administrator would have to"
      : "this is the administrator account set in Herald's configuration; it cannot be disabled or declined"
  }
  get code() {
    return this.reason
  }
}

/** The account is not in a state this decision applies to (another admin acted first, or a stale page). */
export class UserStatusConflict extends Data.TaggedError("UserStatusConflict")<{
  readonly userId: string
  readonly status: string
  readonly action: "approve" | "decline" | "disable" | "enable"
}> {
  override get message() {
    const now: Record<string, string> = {
      ACTIVE: "active",
      PENDING: "waiting for approval",
      REJECTED: "declined",
      DISABLED: "disabled"
    }
    return `this account cannot be ${{ approve: "approved", decline: "declined", disable: "disabled", enable: "enabled" }[this.action]}: it is ${now[this.status] ?? this.status} now; reload the list`
  }
  /** the action refused; the account's status now is a parameter */
  get code() {
    return this.action
  }
  get params() {
    return { userStatus: this.status }
  }
}

/** A time zone or locale (auth.setPreferences, signUp, requestPasswordReset) that Intl does not know. */
export class InvalidPreferences extends Data.TaggedError("InvalidPreferences")<{
  readonly field: "timeZone" | "locale"
  readonly value: string
}> {
  override get message() {
    return this.field === "timeZone"
      ? "this time zone is not known; choose a zone by its place, like Europe/Berlin or America/New_York"
      : "this language setting is not known; use a tag like en-US or de-DE"
  }
  get code() {
    return this.field
  }
}

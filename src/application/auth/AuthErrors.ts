import { Data, Effect } from "effect"

/** Wrong e-mail or wrong password: one error for both, so sign-in does not tell which accounts exist. */
export class InvalidCredentials extends Data.TaggedError("InvalidCredentials")<{}> {
  override get message() {
    return "wrong e-mail or password"
  }
}

export class TooManySignInAttempts extends Data.TaggedError("TooManySignInAttempts")<{
  readonly retryAfterMs: number
  /** what was tried too often, as the message names it (default "failed sign-ins") */
  readonly tries?: string
}> {
  override get message() {
    const minutes = Math.max(1, Math.ceil(this.retryAfterMs / 60_000))
    return `too many ${this.tries ?? "failed sign-ins"}; try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`
  }
}

/** The throttle's refusal named for what was tried (a sign-up is not a failed sign-in). */
export const triedTooOften = (tries: string) =>
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

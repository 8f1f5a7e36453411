import { Clock, Effect } from "effect"
import { normalizeEmail } from "../../domain/user/User.ts"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { load } from "../eventSourcing/execute.ts"
import { Notifier } from "../ports/Notifier.ts"
import { PasswordResetRepository } from "../ports/PasswordResetRepository.ts"
import { BackgroundWork } from "../shared/BackgroundWork.ts"
import { triedTooOften } from "./AuthErrors.ts"
import { AuthSettings } from "./AuthSettings.ts"
import type { Preferences } from "./preferences.ts"
import { offeredPreferences } from "./preferences.ts"
import { SignInThrottle } from "./SignInThrottle.ts"
import { generateToken, tokenDigest } from "./tokens.ts"

/** The reset itself: a one-time link to the address when it has an account, and word to the admin. */
const mailResetLink = Effect.fnUntraced(function* (email: string, offered: Preferences) {
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
  yield* notifier.notify({
    kind: "PasswordResetLink",
    to: user.email,
    // the account's own preferences win; what the browser offered (not kept: anyone may ask) fills the gaps
    reader: {
      timeZone: user.timeZone ?? offered.timeZone,
      locale: user.locale ?? offered.locale,
      language: user.language
    },
    link: `${appUrl}/reset-password?token=${token}`,
    expiresAt
  })
  yield* notifier.notify({ kind: "PasswordResetRequested", email: user.email })
})

/**
 * Mails a one-time reset link when the address has an account, and tells the admin. The caller
 * always gets the same answer at the same moment, so it cannot learn which addresses have
 * accounts: only the throttle runs before the answer (a refusal must reach the caller); the
 * lookup, the stored link and the mails run afterwards in the background (BackgroundWork), where
 * a failure is logged. Doing "the same work" on both paths instead would leave the store's and the
 * mail provider's timings to tell them apart. `client` identifies the caller (its IP) for the throttle.
 */
export const requestPasswordReset = Effect.fn("requestPasswordReset")(function* (
  input: {
    readonly email: string
    /** the browser's zone and locale, for the mail's times when the account has none */
    readonly timeZone?: string | undefined
    readonly locale?: string | undefined
  },
  client: string
) {
  const email = normalizeEmail(input.email)
  // each request mails the user and the admin: at most a few per address, whether it has an account or not
  yield* (yield* SignInThrottle).reserve(`reset:${email}`, client).pipe(triedTooOften("resetRequests"))
  yield* (yield* BackgroundWork).run("password reset request", mailResetLink(email, offeredPreferences(input)))
})

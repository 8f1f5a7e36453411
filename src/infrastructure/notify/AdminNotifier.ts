import { Effect, Layer } from "effect"
import type { Notification, Reader } from "../../application/ports/Notifier.ts"
import { Notifier, UNKNOWN_READER } from "../../application/ports/Notifier.ts"
import { UserRepository } from "../../application/ports/UserRepository.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import { normalizeEmail } from "../../domain/user/User.ts"
import type { MailSender } from "../mail/MailSender.ts"
import { findAdminAccount } from "./adminAccount.ts"
import { describeNotification } from "./describeNotification.ts"
import { goesToAdmin, makeMailNotifier } from "./MailNotifier.ts"
import { makeMessagingNotifier } from "./MessagingNotifier.ts"

/** Where admin mail goes before any admin account exists (standalone, mail as files). */
const NO_ADMIN_YET = "admin@localhost"

/**
 * The web application's Notifier (docs/operations.md#notifications): every notification is mailed (to
 * ADMIN_EMAIL, a reset link to its user). When ADMIN_PHONE_NUMBER is set, NewRegistration,
 * CampaignFailed, SchedulerStalled and SystemAlert also go by messaging first; if that fails (no active admin session,
 * gateway down, …) the mail says so and why, and a warning is logged. notify never fails. The
 * admin reads them in the language and zone of the ADMIN_EMAIL account when it is an active,
 * confirmed admin (English and UTC otherwise, or when the account chose neither); the log stays
 * English.
 */

export interface AdminNotifierOptions {
  /** ADMIN_EMAIL; null (standalone without it): the first ACTIVE admin account's address */
  readonly adminEmail: string | null
  /** ADMIN_PHONE_NUMBER; unset or empty: e-mail only. */
  readonly adminPhoneNumber?: string | undefined
  readonly mail: MailSender
}

export const makeAdminNotifier = Effect.fnUntraced(function* (options: AdminNotifierOptions) {
  const users = yield* UserRepository
  const configured = options.adminEmail === null ? null : normalizeEmail(options.adminEmail)
  /**
   * Who reads the admin's notifications: ADMIN_EMAIL's account when it is an active, confirmed
   * admin (adminAccount.ts), for its language and zone; else English and UTC. Without ADMIN_EMAIL
   * whoever made the first account. A lookup that fails is logged, and the mail still goes.
   */
  const admin: Effect.Effect<{ readonly email: string; readonly reader: Reader }> = findAdminAccount(
    users,
    configured
  ).pipe(
    Effect.catchTag("StoreUnavailable", (e) =>
      Effect.as(
        Effect.logWarning(
          `could not look up the admin account for the admin's language and zone, writing English and UTC: ${oneLine(e.message)}`
        ),
        null
      )
    ),
    Effect.map((account) => ({
      email: options.adminEmail ?? account?.email ?? NO_ADMIN_YET,
      reader:
        account === null
          ? UNKNOWN_READER
          : { timeZone: account.timeZone, locale: account.locale, language: account.language }
    }))
  )
  const phone = options.adminPhoneNumber?.trim() ?? ""
  const messaging =
    phone === "" ? null : yield* makeMessagingNotifier({ adminEmail: options.adminEmail, adminPhoneNumber: phone })

  const notify = (n: Notification): Effect.Effect<void> =>
    Effect.gen(function* () {
      // a mail to a user needs nothing of the admin's account
      if (!goesToAdmin(n)) return yield* makeMailNotifier({ adminEmail: NO_ADMIN_YET, mail: options.mail }).notify(n)
      const { email, reader } = yield* admin
      const mail = makeMailNotifier({ adminEmail: email, mail: options.mail })
      if (messaging === null) return yield* mail.notify(n, { adminReader: reader })
      const failure = yield* messaging.deliver(n, reader).pipe(
        Effect.as(undefined),
        Effect.catchTag("MessagingUndelivered", (e) =>
          Effect.as(
            Effect.logWarning(
              `messaging notification failed, falling back to e-mail (${describeNotification(n)}): ${oneLine(e.message)}`
            ),
            { reason: e.reason, detail: e.message }
          )
        ),
        Effect.catchDefect((defect) =>
          Effect.as(
            Effect.logWarning(
              `messaging notification failed, falling back to e-mail (${describeNotification(n)}): ${oneLine(String(defect))}`
            ),
            { reason: "unexpected" as const, detail: "unexpected error" }
          )
        )
      )
      yield* mail.notify(
        n,
        failure === undefined ? { adminReader: reader } : { adminReader: reader, messagingFailure: failure }
      )
    })

  return Notifier.of({ notify })
})

export const AdminNotifier = {
  make: makeAdminNotifier,
  layer: (options: AdminNotifierOptions) => Layer.effect(Notifier, makeAdminNotifier(options))
}

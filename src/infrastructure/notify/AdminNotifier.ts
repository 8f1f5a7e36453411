import { Effect, Layer } from "effect"
import type { Notification } from "../../application/ports/Notifier.ts"
import { Notifier } from "../../application/ports/Notifier.ts"
import { UserRepository } from "../../application/ports/UserRepository.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import type { MailSender } from "../mail/MailSender.ts"
import { describeNotification } from "./describeNotification.ts"
import { makeMailNotifier } from "./MailNotifier.ts"
import { makeMessagingNotifier } from "./MessagingNotifier.ts"

/** Where admin mail goes before any admin account exists (standalone, mail as files). */
const NO_ADMIN_YET = "admin@localhost"

/**
 * The web application's Notifier (docs/operations.md#notifications): every notification is mailed (to
 * ADMIN_EMAIL, a reset link to its user). When ADMIN_PHONE_NUMBER is set, NewRegistration,
 * CampaignFailed and SystemAlert also go by messaging first; if that fails (no active admin session,
 * gateway down, …) the mail says so and why, and a warning is logged. notify never fails.
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
  // without ADMIN_EMAIL the admin is whoever made the first account: look it up when needed
  const adminAddress: Effect.Effect<string> =
    options.adminEmail !== null
      ? Effect.succeed(options.adminEmail)
      : users.list({ status: "ACTIVE" }).pipe(
          Effect.map((all) => all.find((u) => u.role === "ADMIN")?.email ?? NO_ADMIN_YET),
          Effect.orElseSucceed(() => NO_ADMIN_YET)
        )
  const phone = options.adminPhoneNumber?.trim() ?? ""
  const messaging =
    phone === "" ? null : yield* makeMessagingNotifier({ adminEmail: options.adminEmail, adminPhoneNumber: phone })

  const notify = (n: Notification): Effect.Effect<void> =>
    Effect.gen(function* () {
      const mail = makeMailNotifier({ adminEmail: yield* adminAddress, mail: options.mail })
      if (messaging === null) return yield* mail.notify(n)
      const failure = yield* messaging.deliver(n).pipe(
        Effect.as(undefined),
        Effect.catchTag("MessagingUndelivered", (e) =>
          Effect.as(
            Effect.logWarning(
              `messaging notification failed, falling back to e-mail (${describeNotification(n)}): ${oneLine(e.message)}`
            ),
            e.message
          )
        ),
        Effect.catchDefect((defect) =>
          Effect.as(
            Effect.logWarning(
              `messaging notification failed, falling back to e-mail (${describeNotification(n)}): ${oneLine(String(defect))}`
            ),
            "unexpected error"
          )
        )
      )
      yield* mail.notify(n, failure === undefined ? {} : { messagingFailure: failure })
    })

  return Notifier.of({ notify })
})

export const AdminNotifier = {
  make: makeAdminNotifier,
  layer: (options: AdminNotifierOptions) => Layer.effect(Notifier, makeAdminNotifier(options))
}

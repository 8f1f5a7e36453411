import { Clock, Data, Effect, Layer } from "effect"
import { GatewayPort } from "../../application/ports/GatewayPort.ts"
import type { Notification, Reader } from "../../application/ports/Notifier.ts"
import { Notifier, UNKNOWN_READER } from "../../application/ports/Notifier.ts"
import { SessionRepository } from "../../application/ports/SessionRepository.ts"
import { UserRepository } from "../../application/ports/UserRepository.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import { failedTargetOf, failureKindOf } from "../../domain/message/failureKind.ts"
import { normalizeEmail } from "../../domain/user/User.ts"
import { findAdminAccount } from "./adminAccount.ts"
import { campaignTitleWords } from "./campaignTitleWords.ts"
import { describeNotification } from "./describeNotification.ts"
import { failureMailWords } from "./failureMailWords.ts"
import { afterColon, mailLanguage, mailWords } from "./mailWords.ts"
import { oneLineValues } from "./oneLineValues.ts"
import { readerTime } from "./readerTime.ts"

/**
 * Admin notifications by messaging (docs/operations.md#notifications: real-time registration alerts and
 * critical notifications go to ADMIN_PHONE_NUMBER when it is set). The text goes through the gateway
 * on the admin account's own active messaging session, to `<digits>@c.us`. Only NewRegistration,
 * CampaignFailed, SchedulerStalled and SystemAlert go by messaging; password resets never do (a link is a secret and
 * belongs to its user).
 */

export interface MessagingNotifierOptions {
  /**
   * ADMIN_EMAIL: its account, while an active, confirmed admin (adminAccount.ts), sends the
   * notification from its active messaging session; null (standalone without it): the first such account
   */
  readonly adminEmail: string | null
  /** ADMIN_PHONE_NUMBER, e.g. `+15551234567`. */
  readonly adminPhoneNumber: string
}

/**
 * Why a messaging notification did not go out: `reason` picks the admin's translated sentence
 * (admin.messagingFailed.*), `message` is the technical text, English, for "Details" and the log (no
 * secrets).
 */
export type MessagingFailureReason = "noAdminAccount" | "noSession" | "noDigits" | "lookupFailed" | "gatewayError"

export class MessagingUndelivered extends Data.TaggedError("MessagingUndelivered")<{
  readonly reason: MessagingFailureReason
  readonly message: string
}> {}

/** `+15551234567` → `15551234567@c.us`; null when the number has no digits. */
export const chatIdForPhone = (phoneNumber: string): string | null => {
  const digits = phoneNumber.replace(/\D/g, "")
  return digits === "" ? null : `${digits}@c.us`
}

/**
 * The messaging text of a notification, or null for the kinds that only go by e-mail, in the
 * admin's language and zone (`reader`: the ADMIN_EMAIL account's; none: English, UTC). Its lines
 * are ours: the values in them are escaped first (oneLineValues), so none adds a line.
 */
export const messagingText = (
  notification: Notification,
  reader: Reader = UNKNOWN_READER,
  now: number = Date.now()
): string | null => {
  const n = oneLineValues(notification)
  const language = mailLanguage(reader)
  const t = mailWords(language)
  switch (n.kind) {
    case "NewRegistration":
      return `*Herald*: ${t("admin.phone.registration")}\n${n.name} <${n.email}>\n${t(
        n.pending ? "admin.phone.pending" : "admin.phone.active"
      )}${n.adminLink === undefined ? "" : `\n${n.adminLink}`}`
    case "CampaignFailed": {
      const words = failureMailWords(t, failureKindOf(n.reason), failedTargetOf(n.reason)?.kind ?? "group")
      return [
        `*Herald*: ${t("admin.phone.campaignFailed")}`,
        `${campaignTitleWords(t, n.title, n.madeUpTitle)} (${n.campaignId})`,
        words.sentence,
        t("admin.phone.whatToDo", { nextStep: afterColon(language, words.nextStep) }),
        t("admin.phone.details", { reason: n.reason })
      ].join("\n")
    }
    case "SchedulerStalled":
      return [
        `*Herald*: ${t("admin.phone.stalled")}`,
        t("admin.stalled.overdue", { time: readerTime(n.scheduledAt, reader, now) }),
        t("admin.stalled.whatToDo")
      ].join("\n")
    case "SystemAlert":
      return `*Herald*: ${t("admin.phone.alert")}\n${n.text}`
    case "AccountApproved":
    case "AccountRejected":
    case "PasswordResetRequested":
    case "PasswordResetLink":
    case "EmailVerificationLink":
    case "SignUpAttempted":
    case "SessionLeftWorking":
    case "SessionLimited":
      return null
  }
}

export interface MessagingNotifierService {
  /**
   * Sends the notification by messaging. Succeeds with false when its kind does not go by messaging,
   * true when sent; fails when it should have gone out and did not.
   */
  readonly deliver: (n: Notification, reader?: Reader) => Effect.Effect<boolean, MessagingUndelivered>
}

export const makeMessagingNotifier = Effect.fnUntraced(function* (options: MessagingNotifierOptions) {
  const gateway = yield* GatewayPort
  const users = yield* UserRepository
  const sessions = yield* SessionRepository
  const adminEmail = options.adminEmail === null ? null : normalizeEmail(options.adminEmail)
  const chatId = chatIdForPhone(options.adminPhoneNumber)

  const undelivered = (reason: MessagingFailureReason, message: string) => new MessagingUndelivered({ reason, message })

  /** The sessionName of the admin account's active messaging session. */
  const adminSession = Effect.gen(function* () {
    const user = yield* findAdminAccount(users, adminEmail).pipe(
      Effect.mapError((e) => undelivered("lookupFailed", `could not look up the admin account: ${e.message}`))
    )
    if (user === null) {
      return yield* undelivered(
        "noAdminAccount",
        adminEmail === null
          ? "there is no admin account yet"
          : `there is no active admin account for the admin e-mail ${adminEmail}`
      )
    }
    const session = yield* sessions
      .findActiveByUser(user.id)
      .pipe(
        Effect.mapError((e) =>
          undelivered("lookupFailed", `could not look up the admin's messaging session: ${e.message}`)
        )
      )
    if (session === null) return yield* undelivered("noSession", "the admin account has no active messaging session")
    return session.sessionName
  })

  const deliver = (n: Notification, reader: Reader = UNKNOWN_READER): Effect.Effect<boolean, MessagingUndelivered> =>
    Effect.gen(function* () {
      const text = messagingText(n, reader, yield* Clock.currentTimeMillis)
      if (text === null) return false
      if (chatId === null) {
        return yield* undelivered("noDigits", `ADMIN_PHONE_NUMBER ${options.adminPhoneNumber} has no digits`)
      }
      const session = yield* adminSession
      yield* gateway
        .sendText({ session, chatId, text })
        .pipe(Effect.mapError((e) => undelivered("gatewayError", e.message)))
      return true
    })

  return { deliver } satisfies MessagingNotifierService
})

export const MessagingNotifier = {
  make: makeMessagingNotifier,
  /** Messaging only (no e-mail fallback): what cannot be delivered is logged. Prefer AdminNotifier. */
  layer: (options: MessagingNotifierOptions) =>
    Layer.effect(
      Notifier,
      Effect.map(makeMessagingNotifier(options), (messaging) =>
        Notifier.of({
          notify: (n) =>
            messaging.deliver(n).pipe(
              Effect.asVoid,
              Effect.catchTag("MessagingUndelivered", (e) =>
                Effect.logWarning(`messaging notification failed (${describeNotification(n)}): ${oneLine(e.message)}`)
              )
            )
        })
      )
    )
}

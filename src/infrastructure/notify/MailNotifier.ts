import { Clock, Effect, Layer } from "effect"
import type { Notification, Reader } from "../../application/ports/Notifier.ts"
import { Notifier, UNKNOWN_READER } from "../../application/ports/Notifier.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import { failedTargetOf, failureKindOf } from "../../domain/message/failureKind.ts"
import type { Mail, MailSender } from "../mail/MailSender.ts"
import { campaignTitleWords } from "./campaignTitleWords.ts"
import { describeNotification } from "./describeNotification.ts"
import { failureMailWords } from "./failureMailWords.ts"
import type { MessagingFailureReason } from "./MessagingNotifier.ts"
import type { MailT } from "./mailWords.ts"
import { afterColon, mailLanguage, mailWords } from "./mailWords.ts"
import { oneLineValues } from "./oneLineValues.ts"
import { readerTime } from "./readerTime.ts"
import { sessionStatusWords } from "./sessionStatusWords.ts"

/**
 * Notifications by e-mail (docs/operations.md#notifications): every kind goes to ADMIN_EMAIL, except the
 * password reset link, the verification link, the sign-up-attempt notice and the word that an
 * account was approved, enabled again or declined, which go to the user they concern (and only there: the admin gets a reset notice without the link). A mail that cannot be sent is logged (without secrets) and swallowed.
 */

export interface MailNotifierOptions {
  /** ADMIN_EMAIL */
  readonly adminEmail: string
  readonly mail: MailSender
}

/** What the admin's mail needs beyond the notification. */
export interface MailContext {
  /** why the messaging notification did not go out, if it did not: the reason in words, the text under Details */
  readonly messagingFailure?: { readonly reason: MessagingFailureReason | "unexpected"; readonly detail: string }
  /** the admin, when ADMIN_EMAIL is an account (AdminNotifier): its language and zone; absent: English, UTC */
  readonly adminReader?: Reader
}

const PRODUCT = "Herald"

/** A multi-line text as a subject: its whitespace runs as one space. */
const squeezed = (s: string): string => oneLine(s.replace(/\s+/g, " ").trim())
const truncate = (s: string, max: number): string => (s.length <= max ? s : `${s.slice(0, max - 1)}…`)

const MESSAGING_FAILURE_KEYS: Readonly<Record<MessagingFailureReason | "unexpected", string>> = {
  noAdminAccount: "admin.messagingFailed.noAdminAccount",
  noSession: "admin.messagingFailed.noSession",
  noDigits: "admin.messagingFailed.noDigits",
  lookupFailed: "admin.messagingFailed.lookupFailed",
  gatewayError: "admin.messagingFailed.gatewayError",
  unexpected: "admin.messagingFailed.unexpected"
}

const messagingFailureNote = (failure: NonNullable<MailContext["messagingFailure"]>, t: MailT): string =>
  [
    "\n\n--",
    t("admin.messagingFailed.failed", { why: t(MESSAGING_FAILURE_KEYS[failure.reason]) }),
    t("admin.messagingFailed.instead"),
    t("admin.messagingFailed.details", { reason: oneLine(failure.detail) })
  ].join("\n")

/** Whether a notification's mail goes to the admin (the others go to the user they concern). */
export const goesToAdmin = (n: Notification): boolean =>
  n.kind === "NewRegistration" ||
  n.kind === "PasswordResetRequested" ||
  n.kind === "CampaignFailed" ||
  n.kind === "SchedulerStalled" ||
  n.kind === "SystemAlert"

/**
 * The mail for a notification: recipient, subject and plain-text body. The body's lines are ours;
 * the values in them and in the subject are escaped first (oneLineValues), so none adds a line.
 * A mail is in its reader's language (mailWords.ts: the one they chose, else their locale's, else
 * English): a user's, or the admin's (`context.adminReader`: ADMIN_EMAIL's account; English when
 * that address is no active, confirmed admin account). Times read in the reader's zone and locale (readerTime.ts); `now`
 * decides whether a date needs its year.
 */
export const composeMail = (
  notification: Notification,
  adminEmail: string,
  context: MailContext = {},
  now: number = Date.now()
): Mail => {
  const n = oneLineValues(notification)
  const admin = context.adminReader ?? UNKNOWN_READER
  const adminLanguage = mailLanguage(admin)
  const a = mailWords(adminLanguage)
  const note = context.messagingFailure === undefined ? "" : messagingFailureNote(context.messagingFailure, a)
  switch (n.kind) {
    case "NewRegistration": {
      const who = { name: n.name, email: n.email }
      return {
        to: adminEmail,
        subject: `[${PRODUCT}] ${a(n.pending ? "admin.registration.subjectPending" : "admin.registration.subject", who)}`,
        text:
          [
            a("admin.registration.registered"),
            "",
            a("admin.registration.name", who),
            a("admin.registration.email", who),
            a(n.pending ? "admin.registration.pending" : "admin.registration.active"),
            ...(n.adminLink === undefined ? [] : ["", a("admin.registration.page"), n.adminLink])
          ].join("\n") + note
      }
    }
    case "AccountApproved": {
      const t = mailWords(mailLanguage(n.reader ?? UNKNOWN_READER))
      return {
        to: n.to,
        subject: `[${PRODUCT}] ${t(n.again ? "approved.subjectAgain" : "approved.subject")}`,
        text: [
          t("greeting", { name: n.name }),
          "",
          t(n.again ? "approved.enabledAgain" : "approved.approved"),
          "",
          t("approved.signIn"),
          n.signInLink
        ].join("\n")
      }
    }
    case "AccountRejected": {
      const t = mailWords(mailLanguage(n.reader ?? UNKNOWN_READER))
      return {
        to: n.to,
        subject: `[${PRODUCT}] ${t("rejected.subject")}`,
        text: [t("greeting", { name: n.name }), "", t("rejected.declined"), t("rejected.mistake")].join("\n")
      }
    }
    case "PasswordResetRequested":
      return {
        to: adminEmail,
        subject: `[${PRODUCT}] ${a("admin.resetRequested.subject", { email: n.email })}`,
        text:
          [
            a("admin.resetRequested.requested", { email: n.email }),
            "",
            a("admin.resetRequested.notHere"),
            a("admin.resetRequested.watch")
          ].join("\n") + note
      }
    case "PasswordResetLink": {
      const t = mailWords(mailLanguage(n.reader))
      return {
        to: n.to,
        subject: `[${PRODUCT}] ${t("reset.subject")}`,
        text: [
          t("reset.asked"),
          "",
          t("reset.open"),
          n.link,
          "",
          t("link.until", { time: readerTime(n.expiresAt, n.reader, now) }),
          t("reset.ignore")
        ].join("\n")
      }
    }
    case "EmailVerificationLink": {
      const t = mailWords(mailLanguage(n.reader))
      return {
        to: n.to,
        subject: `[${PRODUCT}] ${t("verify.subject")}`,
        text: [
          t("verify.asked"),
          "",
          t("verify.open"),
          t("verify.openUntil"),
          n.link,
          "",
          t("link.until", { time: readerTime(n.expiresAt, n.reader, now) }),
          t("verify.ignore")
        ].join("\n")
      }
    }
    case "SignUpAttempted": {
      const t = mailWords(mailLanguage(n.reader ?? UNKNOWN_READER))
      return {
        to: n.to,
        subject: `[${PRODUCT}] ${t("signUpAttempted.subject")}`,
        text: [t("signUpAttempted.tried"), "", t("signUpAttempted.nothingChanged"), t("signUpAttempted.ifYou")].join(
          "\n"
        )
      }
    }
    case "SessionLeftWorking": {
      // in plain words by status (sessionStatusWords.ts); the gateway's own word only under Details
      const language = mailLanguage(n.reader)
      const t = mailWords(language)
      const content = (text: string) => truncate(text, 200)
      const words = sessionStatusWords(n.status, t)
      return {
        to: n.to,
        subject: `[${PRODUCT}] ${t("stopped.subject", { headline: words.headline })}`,
        text: [
          t("stopped.when", { time: readerTime(n.at, n.reader, now) }),
          t("stopped.happened", { happened: words.happened }),
          "",
          ...(n.dueSoon.length === 0
            ? [t("stopped.noneDue")]
            : [
                t("stopped.due", { number: n.dueSoon.length }),
                ...n.dueSoon.map((m) =>
                  t("stopped.dueLine", {
                    time: readerTime(m.scheduledAt, n.reader, now),
                    group: m.groupName,
                    content: content(m.content)
                  })
                )
              ]),
          "",
          t(n.dueSoon.length === 0 ? "stopped.whatToDo" : "stopped.whatToDoBeforeDue", {
            nextStep: afterColon(language, words.nextStep)
          }),
          n.pageLink,
          "",
          t("stopped.details"),
          t("stopped.gateway", { session: n.sessionName, status: n.status })
        ].join("\n")
      }
    }
    case "SessionLimited": {
      // plain words (no gateway, no ISO time), in the reader's zone
      const t = mailWords(mailLanguage(n.reader))
      const time = readerTime(n.until, n.reader, now)
      return {
        to: n.to,
        subject: `[${PRODUCT}] ${t("limited.subject")}`,
        text: [
          t("limited.refused"),
          t("limited.usually"),
          "",
          t(n.untilKnown ? "limited.holdsKnown" : "limited.holdsUnknown", { time }),
          n.dueWhileHeld === 0 ? t("limited.noneDue") : t("limited.due", { count: n.dueWhileHeld }),
          t("limited.refusedFailed"),
          "",
          t("limited.whatToDo"),
          n.pageLink,
          "",
          t("limited.details"),
          t("limited.session", { session: n.sessionName })
        ].join("\n")
      }
    }
    case "CampaignFailed": {
      // in plain words first (issue 22 item 1); the stored reason, as the log has it, below
      const target = failedTargetOf(n.reason)
      const words = failureMailWords(a, failureKindOf(n.reason), target?.kind ?? "group")
      const title = campaignTitleWords(a, n.title, n.madeUpTitle)
      return {
        to: adminEmail,
        subject: `[${PRODUCT}] ${a("admin.campaignFailed.subject", { title })}`,
        text:
          [
            a("admin.campaignFailed.failed"),
            "",
            a("admin.campaignFailed.campaign", { title }),
            ...(target === null
              ? []
              : [
                  a(target.kind === "channel" ? "admin.campaignFailed.channel" : "admin.campaignFailed.group", {
                    name: target.name
                  })
                ]),
            a("admin.campaignFailed.happened", { sentence: words.sentence }),
            a("admin.campaignFailed.whatToDo", { nextStep: afterColon(adminLanguage, words.nextStep) }),
            "",
            a("admin.campaignFailed.details"),
            a("admin.campaignFailed.reason", { reason: n.reason }),
            a("admin.campaignFailed.id", { id: n.campaignId })
          ].join("\n") + note
      }
    }
    case "SchedulerStalled":
      // when the message was due in the admin's zone and words; the ISO instant stays in the log
      return {
        to: adminEmail,
        subject: `[${PRODUCT}] ${a("admin.stalled.subject")}`,
        text:
          [
            a("admin.stalled.notRunning"),
            a("admin.stalled.overdue", { time: readerTime(n.scheduledAt, admin, now) }),
            "",
            a("admin.stalled.whatToDo"),
            a("admin.stalled.missed"),
            "",
            a("admin.stalled.details"),
            a("admin.stalled.message", { id: n.messageId })
          ].join("\n") + note
      }
    case "SystemAlert":
      // Herald's own text, whatever made it; the words around it are the admin's
      return {
        to: adminEmail,
        subject: `[${PRODUCT}] ${a("admin.alert.subject", { text: truncate(squeezed(n.text), 100) })}`,
        text: n.text + note
      }
  }
}

export interface MailNotifierService {
  readonly notify: (n: Notification, context?: MailContext) => Effect.Effect<void>
}

export const makeMailNotifier = (options: MailNotifierOptions): MailNotifierService => ({
  notify: (n, context) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => {
      const mail = composeMail(n, options.adminEmail, context, now)
      return options.mail.send(mail).pipe(
        Effect.catchTag("MailError", (error) =>
          Effect.logError(
            `notification mail to ${oneLine(mail.to)} failed (${describeNotification(n)}): ${oneLine(error.message)}`
          )
        ),
        Effect.catchDefect((defect) =>
          Effect.logError(
            `notification mail to ${oneLine(mail.to)} failed (${describeNotification(n)}): ${oneLine(String(defect))}`
          )
        )
      )
    })
})

export const MailNotifier = {
  make: makeMailNotifier,
  layer: (options: MailNotifierOptions) => {
    const notifier = makeMailNotifier(options)
    return Layer.succeed(Notifier, Notifier.of({ notify: (n) => notifier.notify(n) }))
  }
}

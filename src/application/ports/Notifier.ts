import type { Effect } from "effect"
import { Context } from "effect"
import type { MadeUpTitle } from "../../domain/campaign/defaultTitle.ts"
import type { AppLanguage } from "../../domain/shared/languages.ts"

/**
 * Notifications (docs/operations.md#notifications): to the admin by e-mail and, for critical ones
 * when an admin phone number is set, by messaging; to a user by e-mail (a reset or verification
 * link, or word that someone tried to sign up with their address).
 * Delivery problems are the adapter's to log: a notification never fails the caller.
 */
/**
 * Who reads a mail, for its language, dates and times: their IANA zone and BCP 47 locale (the
 * account's preferences, or what the browser sent before there was an account); null when not
 * known, and the mail reads in UTC (named so) and en-US. The admin's mails have the reader of the
 * ADMIN_EMAIL account (AdminNotifier), or none when that address is no active, confirmed admin account.
 */
export interface Reader {
  readonly timeZone: string | null
  readonly locale: string | null
  /** the language the account's owner chose (an APP_LANGUAGES tag: their mails are written in it); null or absent: their locale's */
  readonly language?: AppLanguage | null
}

/** The reader nothing is known of. */
export const UNKNOWN_READER: Reader = { timeZone: null, locale: null }

export type Notification =
  | {
      readonly kind: "NewRegistration"
      readonly email: string
      readonly name: string
      readonly pending: boolean
      /** the admin page, a full link from AUTH_URL (absent in notifications made before it existed) */
      readonly adminLink?: string
    }
  /** to a user whose account the admin approved or enabled again (`again`), with where to sign in */
  | {
      readonly kind: "AccountApproved"
      readonly to: string
      /** the account's owner (absent in notifications made before mails were translated: English) */
      readonly reader?: Reader
      readonly name: string
      readonly again: boolean
      readonly signInLink: string
    }
  /** to a user whose request for an account the admin declined */
  | { readonly kind: "AccountRejected"; readonly to: string; readonly name: string; readonly reader?: Reader }
  | { readonly kind: "PasswordResetRequested"; readonly email: string }
  | {
      readonly kind: "PasswordResetLink"
      readonly to: string
      readonly reader: Reader
      readonly link: string
      readonly expiresAt: number
    }
  /** to a new address: confirm it (the link is a secret, like a reset link) */
  | {
      readonly kind: "EmailVerificationLink"
      readonly to: string
      readonly reader: Reader
      readonly link: string
      readonly expiresAt: number
    }
  /** to the owner of an address that already has an account, when someone signs up with it */
  | { readonly kind: "SignUpAttempted"; readonly to: string; readonly reader?: Reader }
  /**
   * to a session's owner (by e-mail only: the session may be the very channel that broke) when
   * the gateway reports it left WORKING, naming what is due in the next 24 hours
   */
  | {
      readonly kind: "SessionLeftWorking"
      readonly to: string
      readonly reader: Reader
      readonly sessionName: string
      readonly status: string
      readonly at: number
      /** the WhatsApp page, where it is reconnected: a full link from AUTH_URL */
      readonly pageLink: string
      readonly dueSoon: ReadonlyArray<{
        readonly groupName: string
        readonly content: string
        readonly scheduledAt: number
      }>
    }
  /**
   * to a session's owner (by e-mail only), once per hold, when WhatsApp limits the number and
   * Herald holds its sends until `until` (`untilKnown`: WhatsApp's end, else Herald's own wait)
   */
  | {
      readonly kind: "SessionLimited"
      readonly to: string
      readonly reader: Reader
      readonly sessionName: string
      readonly since: number
      readonly until: number
      readonly untilKnown: boolean
      /** the WhatsApp page, a full link from AUTH_URL */
      readonly pageLink: string
      readonly dueWhileHeld: number
    }
  | {
      readonly kind: "CampaignFailed"
      readonly campaignId: string
      readonly title: string
      /** the title was made up from the targets (kept in English): the mail words it in the reader's language */
      readonly madeUpTitle?: MadeUpTitle | null | undefined
      readonly reason: string
    }
  | { readonly kind: "SystemAlert"; readonly text: string }
  /**
   * to the admin when messages sit unpicked past their window (detectStalledScheduler): the oldest
   * such message, so the mail can say when it was due in the admin's zone and language
   */
  | { readonly kind: "SchedulerStalled"; readonly messageId: string; readonly scheduledAt: number }

export class Notifier extends Context.Service<
  Notifier,
  {
    readonly notify: (notification: Notification) => Effect.Effect<void>
  }
>()("herald/application/ports/Notifier") {}

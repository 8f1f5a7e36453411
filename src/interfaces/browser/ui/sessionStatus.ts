// What each gateway status means to the user, shared by the WhatsApp page and the header badge.
// Statuses are open-ended (the gateway's words, passed on as they are by user.getSessionStatus):
// an unknown one is named and said to be unknown, never hidden.

import i18next from "i18next"

export type StatusTone = "good" | "waiting" | "bad" | "unknown"

export interface StatusDescription {
  /** a few words for the header badge, after "WhatsApp: " */
  readonly short: string
  /** the page's heading for it */
  readonly title: string
  /** what it means and what to do, in plain words */
  readonly advice: string
  readonly tone: StatusTone
}

/** The description of a gateway status, in the language on screen; an unknown one says so and names it. */
export const describeStatus = (status: string): StatusDescription => {
  switch (status) {
    case "WORKING":
      return {
        short: i18next.t("session.workingShort"),
        title: i18next.t("session.workingTitle"),
        advice: i18next.t("session.workingAdvice"),
        tone: "good"
      }
    case "SCAN_QR_CODE":
      return {
        short: i18next.t("session.scanQrShort"),
        title: i18next.t("session.scanQrTitle"),
        advice: i18next.t("session.scanQrAdvice"),
        tone: "waiting"
      }
    case "STARTING":
      return {
        short: i18next.t("session.startingShort"),
        title: i18next.t("session.startingTitle"),
        advice: i18next.t("session.startingAdvice"),
        tone: "waiting"
      }
    case "STOPPED":
      return {
        short: i18next.t("session.stoppedShort"),
        title: i18next.t("session.stoppedTitle"),
        advice: i18next.t("session.stoppedAdvice"),
        tone: "bad"
      }
    case "FAILED":
      return {
        short: i18next.t("session.failedShort"),
        title: i18next.t("session.failedTitle"),
        advice: i18next.t("session.failedAdvice"),
        tone: "bad"
      }
    // GOWS links a device with a passkey instead of (or after) the QR code; the prompt is on the phone
    case "PASSKEY_REQUIRED":
      return {
        short: i18next.t("session.passkeyShort"),
        title: i18next.t("session.passkeyTitle"),
        advice: i18next.t("session.passkeyAdvice"),
        tone: "waiting"
      }
    case "PASSKEY_CONFIRMATION_REQUIRED":
      return {
        short: i18next.t("session.passkeyConfirmShort"),
        title: i18next.t("session.passkeyConfirmTitle"),
        advice: i18next.t("session.passkeyConfirmAdvice"),
        tone: "waiting"
      }
    default:
      return {
        short: status.toLowerCase().replace(/_/g, " "),
        title: i18next.t("session.unknownTitle", { status }),
        advice: i18next.t("session.unknownAdvice", { status }),
        tone: "unknown"
      }
  }
}

/** How often the status is asked for: every 2 s until connected (pairing is quick), then every 15 s. */
export const statusPollMs = (status: string | undefined): number => (status === "WORKING" ? 15_000 : 2_000)

/** How often a QR code is fetched again while one is shown: WhatsApp replaces them about every 20 s. */
export const QR_POLL_MS = 5_000

/** The header badge asks modestly; the page, when open, asks more often through the same cache entry. */
export const BADGE_POLL_MS = 30_000

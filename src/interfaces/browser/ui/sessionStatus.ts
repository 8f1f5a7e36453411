// What each gateway status means to the user, shared by the WhatsApp page and the header badge.
// Statuses are open-ended (the gateway's words, passed on as they are by user.getSessionStatus):
// an unknown one is named and said to be unknown, never hidden.

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

const KNOWN: Readonly<Record<string, StatusDescription>> = {
  WORKING: {
    short: "connected",
    title: "Connected",
    advice: "WhatsApp is linked: Herald sends your scheduled messages from this number.",
    tone: "good"
  },
  SCAN_QR_CODE: {
    short: "scan QR",
    title: "Waiting for the QR code to be scanned",
    advice: "Link your phone: scan the QR code below with WhatsApp. Until then Herald cannot send.",
    tone: "waiting"
  },
  STARTING: {
    short: "starting",
    title: "Starting",
    advice: "The connection is starting. Wait a few seconds: this page updates by itself.",
    tone: "waiting"
  },
  STOPPED: {
    short: "stopped",
    title: "Stopped",
    advice: "The connection is stopped, so Herald cannot send. Press Restart to start it again.",
    tone: "bad"
  },
  FAILED: {
    short: "failed",
    title: "Failed",
    advice:
      "The connection failed, so Herald cannot send. Press Restart. If it fails again, log out and connect again with a new QR code.",
    tone: "bad"
  },
  // GOWS links a device with a passkey instead of (or after) the QR code; the prompt is on the phone
  PASSKEY_REQUIRED: {
    short: "passkey needed",
    title: "Passkey needed",
    advice:
      "WhatsApp asks for a passkey to finish linking this device. Follow the prompt on your phone; this page updates once it is done. If there is no prompt, press Restart.",
    tone: "waiting"
  },
  PASSKEY_CONFIRMATION_REQUIRED: {
    short: "confirm passkey",
    title: "Passkey confirmation needed",
    advice:
      "WhatsApp wants the link confirmed with your passkey. Confirm it on your phone; this page updates once it is done. If there is no prompt, press Restart.",
    tone: "waiting"
  }
}

/** The description of a gateway status; an unknown one says so and names it. */
export const describeStatus = (status: string): StatusDescription =>
  KNOWN[status] ?? {
    short: status.toLowerCase().replace(/_/g, " "),
    title: `Status ${status}`,
    advice: `The gateway reports "${status}", a status Herald does not know. Wait a moment; if it stays, press Restart, or ask your administrator.`,
    tone: "unknown"
  }

/** How often the status is asked for: every 2 s until connected (pairing is quick), then every 15 s. */
export const statusPollMs = (status: string | undefined): number => (status === "WORKING" ? 15_000 : 2_000)

/** How often a QR code is fetched again while one is shown: WhatsApp replaces them about every 20 s. */
export const QR_POLL_MS = 5_000

/** The header badge asks modestly; the page, when open, asks more often through the same cache entry. */
export const BADGE_POLL_MS = 30_000

// What a gateway status means to the session's owner, for the mail that says their WhatsApp
// stopped working: what happened and what to do, in the words of the browser's WhatsApp page
// (src/interfaces/browser/ui/sessionStatus.ts). The status itself goes under Details only.

export interface SessionStatusWords {
  /** after "WhatsApp stopped sending your messages: " in the subject */
  readonly headline: string
  /** a clause: what happened */
  readonly happened: string
  /** one or two sentences: what to do */
  readonly nextStep: string
}

const QR_AGAIN =
  "open the WhatsApp page in Herald and scan the QR code with WhatsApp on your phone (Settings, Linked devices, Link a device)."

const KNOWN: Readonly<Record<string, SessionStatusWords>> = {
  SCAN_QR_CODE: {
    headline: "it needs its QR code scanned again",
    happened: "WhatsApp logged this number out of Herald, so the link has to be made again with a new QR code",
    nextStep: `${QR_AGAIN.charAt(0).toUpperCase()}${QR_AGAIN.slice(1)}`
  },
  STOPPED: {
    headline: "the connection stopped",
    happened: "the connection to WhatsApp stopped",
    nextStep: "Open the WhatsApp page in Herald and press Restart."
  },
  FAILED: {
    headline: "the connection failed",
    happened: "the connection to WhatsApp failed",
    nextStep: `Open the WhatsApp page in Herald and press Restart. If it fails again, log out there, then ${QR_AGAIN}`
  },
  STARTING: {
    headline: "the connection is restarting",
    happened: "the connection to WhatsApp is starting again",
    nextStep:
      "Usually nothing: it reconnects by itself within a minute or two. If the WhatsApp page in Herald does not say Connected after a few minutes, press Restart there."
  },
  PASSKEY_REQUIRED: {
    headline: "WhatsApp asks for a passkey",
    happened: "WhatsApp asks for a passkey before this device may send again",
    nextStep: "Follow the prompt on your phone. If there is none, open the WhatsApp page in Herald and press Restart."
  },
  PASSKEY_CONFIRMATION_REQUIRED: {
    headline: "WhatsApp asks you to confirm a passkey",
    happened: "WhatsApp asks you to confirm a passkey before this device may send again",
    nextStep: "Confirm it on your phone. If there is no prompt, open the WhatsApp page in Herald and press Restart."
  }
}

const UNKNOWN: SessionStatusWords = {
  headline: "the connection stopped",
  happened: "the connection to WhatsApp stopped working",
  nextStep: "Open the WhatsApp page in Herald to see what it needs; pressing Restart there usually brings it back."
}

export const sessionStatusWords = (status: string): SessionStatusWords => KNOWN[status] ?? UNKNOWN

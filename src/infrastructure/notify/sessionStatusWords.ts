import type { MailT } from "./mailWords.ts"

// What a gateway status means to the session's owner, for the mail that says their WhatsApp
// stopped working: what happened and what to do, in the words of the browser's WhatsApp page
// (src/interfaces/browser/ui/sessionStatus.ts), in the mail's language (catalog keys status.*).
// The status itself goes under Details only.

export interface SessionStatusWords {
  /** after "WhatsApp stopped sending your messages: " in the subject */
  readonly headline: string
  /** a clause: what happened */
  readonly happened: string
  /** one or two sentences: what to do */
  readonly nextStep: string
}

const KNOWN: ReadonlySet<string> = new Set([
  "SCAN_QR_CODE",
  "STOPPED",
  "FAILED",
  "STARTING",
  "PASSKEY_REQUIRED",
  "PASSKEY_CONFIRMATION_REQUIRED"
])

export const sessionStatusWords = (status: string, t: MailT): SessionStatusWords => {
  const key = KNOWN.has(status) ? status : "OTHER"
  return {
    headline: t(`status.${key}.headline`),
    happened: t(`status.${key}.happened`),
    nextStep: t(`status.${key}.nextStep`)
  }
}

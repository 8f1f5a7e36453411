import { describe, expect, it } from "vitest"
import type { Reader } from "../../../src/application/ports/Notifier.ts"
import { UNKNOWN_READER } from "../../../src/application/ports/Notifier.ts"
import { composeMail } from "../../../src/infrastructure/notify/MailNotifier.ts"

const NOW = Date.parse("2026-11-26T07:00:00.000Z")
const EXPIRES = Date.parse("2026-11-26T15:00:00.000Z")
const LINK = "https://herald.example/reset-password?token=abc"

const readers: ReadonlyArray<readonly [string, Reader, string]> = [
  [
    "a New York en-US reader",
    { timeZone: "America/New_York", locale: "en-US" },
    "Thursday, November 26, 10:00 AM (New York time)"
  ],
  [
    // English words with Germany's order and clock (en-DE, formattingLocaleFor): not en-US's 4:00 PM
    "a Berlin de-DE reader who chose English (English words, the region's clock)",
    { timeZone: "Europe/Berlin", locale: "de-DE", language: "en" },
    "Thursday, 26 November, 16:00 (Berlin time)"
  ],
  [
    "a São Paulo pt-BR reader who chose English (English words and clock)",
    { timeZone: "America/Sao_Paulo", locale: "pt-BR", language: "en" },
    "Thursday, November 26, 12:00 PM (Sao Paulo time)"
  ],
  [
    "a London en-GB reader",
    { timeZone: "Europe/London", locale: "en-GB" },
    "Thursday 26 November, 15:00 (London time)"
  ],
  ["a reader of no known zone (UTC, named so)", UNKNOWN_READER, "Thursday, November 26, 3:00 PM (UTC)"]
]

describe("the expiry of a mailed link, in the reader's zone and locale", () => {
  it.each(readers)("a password reset link for %s", (_, reader, until) => {
    const mail = composeMail(
      { kind: "PasswordResetLink", to: "ada@example.com", reader, link: LINK, expiresAt: EXPIRES },
      "admin@example.org",
      {},
      NOW
    )
    expect(mail.text.split("\n")).toEqual([
      "Someone (hopefully you) asked to reset the password of your Herald account.",
      "",
      "Open this link to choose a new password:",
      LINK,
      "",
      `The link works once, until ${until}.`,
      "If you did not ask for this, ignore this e-mail: your password stays as it is."
    ])
  })

  it.each(readers)("a verification link for %s", (_, reader, until) => {
    const mail = composeMail(
      { kind: "EmailVerificationLink", to: "ada@example.com", reader, link: LINK, expiresAt: EXPIRES },
      "admin@example.org",
      {},
      NOW
    )
    expect(mail.text).toContain(`\nThe link works once, until ${until}.\n`)
    expect(mail.text).not.toMatch(/\d{4}-\d\d-\d\dT/)
  })

  it("names the year when it is not this year's, and canonical zone names by today's place", () => {
    const mail = composeMail(
      {
        kind: "PasswordResetLink",
        to: "ada@example.com",
        reader: { timeZone: "Asia/Calcutta", locale: "en-GB" },
        link: LINK,
        expiresAt: Date.parse("2027-01-01T06:30:00.000Z")
      },
      "admin@example.org",
      {},
      Date.parse("2026-12-31T10:00:00.000Z")
    )
    expect(mail.text).toContain("The link works once, until Friday, 1 January 2027, 12:00 (Kolkata time).")
  })
})

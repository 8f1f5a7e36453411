import { describe, expect, it } from "vitest"
import { UNKNOWN_READER } from "../../../src/application/ports/Notifier.ts"
import { composeMail } from "../../../src/infrastructure/notify/MailNotifier.ts"
import { messagingText } from "../../../src/infrastructure/notify/MessagingNotifier.ts"

const AT = Date.parse("2026-03-01T10:00:00.000Z")

describe("the SessionLimited mail", () => {
  const notification = {
    kind: "SessionLimited" as const,
    to: "owner@example.org",
    reader: { timeZone: "America/New_York", locale: "en-US" },
    sessionName: "herald_u1",
    since: AT,
    until: AT + 5 * 3_600_000,
    untilKnown: true,
    pageLink: "https://herald.example.org/whatsapp",
    dueWhileHeld: 3
  }

  it("goes to the owner in plain words: until when (in their zone), what happens to what is due, what to do", () => {
    const mail = composeMail(notification, "admin@example.org", {}, AT)
    expect(mail.to).toBe("owner@example.org")
    expect(mail.subject).toBe("[Herald] WhatsApp is limiting your number: sending is paused")
    expect(mail.text).toContain(
      "Herald holds your messages until Sunday, March 1, 10:00 AM (New York time), when WhatsApp says the limit ends"
    )
    expect(mail.text).toContain("3 messages are due before then: they are not sent late")
    expect(mail.text).toContain("https://herald.example.org/whatsapp")
    // no gateway words, no ISO times, no status codes, no session name: those only under Details
    const [words, details] = mail.text.split("\nDetails:\n")
    expect(words).not.toMatch(/WAHA|463|2026-03-01T|gateway|herald_u1/)
    expect(details).toBe("The gateway's session herald_u1.")
  })

  it("reads in a Berlin de-DE reader's 24 hours (English, their choice), and in UTC, named so, for a reader of no known zone", () => {
    const berlin = { ...notification, reader: { timeZone: "Europe/Berlin", locale: "de-DE", language: "en" as const } }
    expect(composeMail(berlin, "admin@example.org", {}, AT).text).toContain(
      "Herald holds your messages until Sunday, 1 March, 16:00 (Berlin time), when WhatsApp says the limit ends"
    )
    const unknown = { ...notification, reader: UNKNOWN_READER }
    expect(composeMail(unknown, "admin@example.org", {}, AT).text).toContain(
      "Herald holds your messages until Sunday, March 1, 3:00 PM (UTC), when WhatsApp says the limit ends"
    )
  })

  it("says when WhatsApp gave no end, and is never sent by messaging (the number is the one limited)", () => {
    const mail = composeMail({ ...notification, untilKnown: false, dueWhileHeld: 0 }, "admin@example.org", {}, AT)
    expect(mail.text).toContain("WhatsApp did not say for how long.")
    expect(mail.text).toContain("No message of yours is due before then.")
    expect(messagingText(notification)).toBeNull()
  })
})

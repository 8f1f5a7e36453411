import { describe, expect, it } from "vitest"
import { composeMail } from "../../../src/infrastructure/notify/MailNotifier.ts"
import { messagingText } from "../../../src/infrastructure/notify/MessagingNotifier.ts"

const AT = Date.parse("2026-03-01T10:00:00.000Z")

describe("the SessionLimited mail", () => {
  const notification = {
    kind: "SessionLimited" as const,
    to: "owner@example.org",
    sessionName: "herald_u1",
    since: AT,
    until: AT + 5 * 3_600_000,
    untilKnown: true,
    pageLink: "https://herald.example.org/whatsapp",
    dueWhileHeld: 3
  }

  it("goes to the owner in plain words: until when (named in UTC), what happens to what is due, what to do", () => {
    const mail = composeMail(notification, "admin@example.org")
    expect(mail.to).toBe("owner@example.org")
    expect(mail.subject).toBe("[Herald] WhatsApp is limiting your number: sending is paused")
    expect(mail.text).toContain("Herald holds your messages until Sunday 1 March at 15:00 UTC")
    expect(mail.text).toContain("3 messages are due before then: they are not sent late")
    expect(mail.text).toContain("https://herald.example.org/whatsapp")
    // no gateway words, no ISO times, no status codes
    expect(mail.text).not.toMatch(/WAHA|463|2026-03-01T|gateway/)
  })

  it("says when WhatsApp gave no end, and is never sent by messaging (the number is the one limited)", () => {
    const mail = composeMail({ ...notification, untilKnown: false, dueWhileHeld: 0 }, "admin@example.org")
    expect(mail.text).toContain("WhatsApp did not say for how long.")
    expect(mail.text).toContain("No message of yours is due before then.")
    expect(messagingText(notification)).toBeNull()
  })
})

import { describe, expect, it } from "vitest"
import { UNKNOWN_READER } from "../../../src/application/ports/Notifier.ts"
import { composeMail } from "../../../src/infrastructure/notify/MailNotifier.ts"
import { messagingText } from "../../../src/infrastructure/notify/MessagingNotifier.ts"

const AT = Date.parse("2026-11-26T14:00:00.000Z")
const NEW_YORK = { timeZone: "America/New_York", locale: "en-US" }
// a Berlin reader who chose English: English words, Berlin's date order and 24 hours
const BERLIN = { timeZone: "Europe/Berlin", locale: "de-DE", language: "en" as const }

describe("the SessionLeftWorking mail", () => {
  const notification = {
    kind: "SessionLeftWorking" as const,
    to: "owner@example.org",
    reader: NEW_YORK,
    sessionName: "herald_u1",
    status: "SCAN_QR_CODE",
    at: AT,
    pageLink: "https://herald.example.org/whatsapp",
    dueSoon: [
      { groupName: "Choir", content: "Rehearsal at 8", scheduledAt: AT + 3_600_000 },
      // values from users: a line break must not add a line of its own
      { groupName: "Family\nStatus: fine", content: "Dinner\r\nat 7", scheduledAt: AT + 12 * 3_600_000 }
    ]
  }

  it("goes to the session's owner in plain words and their zone (New York, en-US): what happened, what is due, what to do, the status under Details", () => {
    const mail = composeMail(notification, "admin@example.org", {}, AT)
    expect(mail.to).toBe("owner@example.org")
    expect(mail.subject).toBe("[Herald] WhatsApp stopped sending your messages: it needs its QR code scanned again")
    expect(mail.text).toBe(
      [
        "Your WhatsApp connection in Herald stopped working on Thursday, November 26, 9:00 AM (New York time):",
        "WhatsApp logged this number out of Herald, so the link has to be made again with a new QR code. Until it works again, no scheduled message can be sent through it.",
        "",
        "Due in the next 24 hours (2):",
        "- Thursday, November 26, 10:00 AM (New York time) to Choir: Rehearsal at 8",
        "- Thursday, November 26, 9:00 PM (New York time) to Family\\nStatus: fine: Dinner\\r\\nat 7",
        "",
        "What to do: Open the WhatsApp page in Herald and scan the QR code with WhatsApp on your phone (Settings, Linked devices, Link a device). Do it before the messages above are due, or they will fail.",
        "https://herald.example.org/whatsapp",
        "",
        "Details:",
        "The gateway reports the session herald_u1 as SCAN_QR_CODE."
      ].join("\n")
    )
    expect(mail.text.split("\n").some((l) => l.startsWith("Status: fine"))).toBe(false)
  })

  it("reads a Berlin de-DE reader's times in English words, on their 24-hour clock, the day after in Berlin included", () => {
    const mail = composeMail({ ...notification, reader: BERLIN, status: "STOPPED" }, "admin@example.org", {}, AT)
    expect(mail.subject).toBe("[Herald] WhatsApp stopped sending your messages: the connection stopped")
    expect(mail.text.split("\n")).toEqual([
      "Your WhatsApp connection in Herald stopped working on Thursday, 26 November, 15:00 (Berlin time):",
      "the connection to WhatsApp stopped. Until it works again, no scheduled message can be sent through it.",
      "",
      "Due in the next 24 hours (2):",
      "- Thursday, 26 November, 16:00 (Berlin time) to Choir: Rehearsal at 8",
      "- Friday, 27 November, 3:00 (Berlin time) to Family\\nStatus: fine: Dinner\\r\\nat 7",
      "",
      "What to do: Open the WhatsApp page in Herald and press Restart. Do it before the messages above are due, or they will fail.",
      "https://herald.example.org/whatsapp",
      "",
      "Details:",
      "The gateway reports the session herald_u1 as STOPPED."
    ])
  })

  it("reads in UTC, named so, for a reader of no known zone; an unknown status is still said in plain words", () => {
    const mail = composeMail(
      { ...notification, reader: UNKNOWN_READER, status: "SOMETHING_NEW", dueSoon: [] },
      "admin@example.org",
      {},
      AT
    )
    expect(mail.subject).toBe("[Herald] WhatsApp stopped sending your messages: the connection stopped")
    expect(mail.text.split("\n")).toEqual([
      "Your WhatsApp connection in Herald stopped working on Thursday, November 26, 2:00 PM (UTC):",
      "the connection to WhatsApp stopped working. Until it works again, no scheduled message can be sent through it.",
      "",
      "No message of yours is due in the next 24 hours.",
      "",
      "What to do: Open the WhatsApp page in Herald to see what it needs; pressing Restart there usually brings it back.",
      "https://herald.example.org/whatsapp",
      "",
      "Details:",
      "The gateway reports the session herald_u1 as SOMETHING_NEW."
    ])
  })

  it("is never sent by messaging (the session may be what broke)", () => {
    expect(messagingText(notification)).toBeNull()
  })
})

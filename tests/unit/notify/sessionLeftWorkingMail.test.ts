import { describe, expect, it } from "vitest"
import { composeMail } from "../../../src/infrastructure/notify/MailNotifier.ts"
import { messagingText } from "../../../src/infrastructure/notify/MessagingNotifier.ts"

const AT = Date.parse("2026-03-01T10:00:00.000Z")

describe("the SessionLeftWorking mail", () => {
  const notification = {
    kind: "SessionLeftWorking" as const,
    to: "owner@example.org",
    sessionName: "herald_u1",
    status: "FAILED",
    at: AT,
    dueSoon: [
      { groupName: "Choir", content: "Rehearsal at 8", scheduledAt: AT + 3_600_000 },
      // values from users: a line break must not add a line of its own
      { groupName: "Family\nStatus: fine", content: "Dinner\r\nat 7", scheduledAt: AT + 7_200_000 }
    ]
  }

  it("goes to the session's owner, never the admin, and names each message due in 24 h on its own line", () => {
    const mail = composeMail(notification, "admin@example.org")
    expect(mail.to).toBe("owner@example.org")
    expect(mail.subject).toBe("[Herald] Your WhatsApp session herald_u1 stopped working (FAILED)")
    const lines = mail.text.split("\n")
    expect(lines).toContain("Due in the next 24 hours (2):")
    expect(lines).toContain("- 2026-03-01T11:00:00.000Z to Choir: Rehearsal at 8")
    expect(lines.filter((l) => l.startsWith("- "))).toHaveLength(2)
    expect(lines.some((l) => l.startsWith("Status: fine"))).toBe(false)
  })

  it("says so when nothing is due, and is never sent by messaging (the session may be what broke)", () => {
    expect(composeMail({ ...notification, dueSoon: [] }, "admin@example.org").text).toContain(
      "No message of yours is due in the next 24 hours."
    )
    expect(messagingText(notification)).toBeNull()
  })
})

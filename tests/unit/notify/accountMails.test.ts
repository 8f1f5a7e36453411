import { describe, expect, it } from "vitest"
import { composeMail } from "../../../src/infrastructure/notify/MailNotifier.ts"
import { messagingText } from "../../../src/infrastructure/notify/MessagingNotifier.ts"

// Issue 22 item 10: the admin's mail links to the Accounts page; the owner hears of the decision.
describe("account mails", () => {
  it("a new registration links the admin to the Accounts page, in the mail and in the messaging text", () => {
    const n = {
      kind: "NewRegistration",
      email: "zoe@example.test",
      name: "Zoë",
      pending: true,
      adminLink: "https://herald.example/admin"
    } as const
    const mail = composeMail(n, "admin@example.org")
    expect(mail.to).toBe("admin@example.org")
    expect(mail.text.split("\n").slice(-2)).toEqual(["Accounts page:", "https://herald.example/admin"])
    expect(mail.text).toMatch(/Approve or decline it on the Accounts page/)
    expect(messagingText(n)?.split("\n").at(-1)).toBe("https://herald.example/admin")
    // a notification without the link (made before it existed) reads as before
    const { adminLink: _, ...older } = n
    expect(composeMail(older, "admin@example.org").text).not.toMatch(/Accounts page:/)
  })

  it("approval goes to the owner with where to sign in; enabling again says so", () => {
    const approved = composeMail(
      {
        kind: "AccountApproved",
        to: "zoe@example.test",
        name: "Zoë",
        again: false,
        signInLink: "https://herald.example/sign-in"
      },
      "admin@example.org"
    )
    expect(approved).toEqual({
      to: "zoe@example.test",
      subject: "[Herald] Your account is approved",
      text: [
        "Hello Zoë,",
        "",
        "The administrator approved your Herald account: you can now sign in and schedule messages.",
        "",
        "Sign in here:",
        "https://herald.example/sign-in"
      ].join("\n")
    })
    const again = composeMail(
      { kind: "AccountApproved", to: "zoe@example.test", name: "Zoë", again: true, signInLink: "https://h/sign-in" },
      "admin@example.org"
    )
    expect(again.subject).toBe("[Herald] Your account is active again")
    expect(again.text).toMatch(/enabled your Herald account again/)
    expect(messagingText({ kind: "AccountApproved", to: "z", name: "Z", again: false, signInLink: "l" })).toBeNull()
  })

  it("a declined request is said plainly to its owner, and a name cannot add a line", () => {
    const mail = composeMail(
      { kind: "AccountRejected", to: "zoe@example.test", name: "Zoë\nYour account is approved" },
      "admin@example.org"
    )
    expect(mail.to).toBe("zoe@example.test")
    expect(mail.subject).toBe("[Herald] Your account request was declined")
    expect(mail.text.split("\n")).toEqual([
      "Hello Zoë\\nYour account is approved,",
      "",
      "The administrator declined your request for a Herald account, so you cannot sign in.",
      "If you think this is a mistake, ask the person who runs this Herald to enable it."
    ])
  })
})

import { afterEach, describe, expect, it } from "vitest"
import type { Notification } from "../../../src/application/ports/Notifier.ts"
import { eventually } from "../../support/eventually.ts"
import { expectTrpcError } from "../../support/webClient.ts"
import type { TestWeb } from "../../support/webHarness.ts"
import { signUp, startTestWeb } from "../../support/webHarness.ts"

// Issue 21: a reset request for a known address answered later than one for an unknown address.
// The answer now goes before any of the work, so nothing the work does can show in its timing
// (bench/resetTiming.ts measures that; these tests hold the order, not the time).

/** A mail provider that can be made to hold every delivery until it is let go. */
const holdableMail = () => {
  let release = (): void => undefined
  let held: Promise<void> | null = null
  const waiting: Array<Notification> = []
  return {
    waiting,
    hold: () => {
      held = new Promise((resolve) => (release = resolve))
    },
    letGo: () => {
      held = null
      release()
    },
    before: async (notification: Notification) => {
      if (held === null) return
      waiting.push(notification)
      await held
    }
  }
}

/** `answer`, or a failure naming `what` if it has not settled by the deadline (an answer that waits for held work). */
const within = async <A>(what: string, answer: Promise<A>, ms = 10_000): Promise<A> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([answer, deadline])
  } finally {
    clearTimeout(timer)
  }
}

const resetMail = (web: TestWeb) =>
  web.notifications.filter((n) => n.kind === "PasswordResetLink" || n.kind === "PasswordResetRequested")

describe("auth.requestPasswordReset answers before it does the work", () => {
  const started: Array<{ web: TestWeb; letGo: () => void }> = []
  afterEach(async () => {
    for (const { web, letGo } of started.splice(0)) {
      letGo()
      await web.close()
    }
  })
  const start = async () => {
    const mail = holdableMail()
    const web = await startTestWeb({ kind: "memory" }, {}, { beforeNotify: mail.before })
    started.push({ web, letGo: mail.letGo })
    return { web, mail }
  }

  it("known and unknown addresses are answered while the mail is held; the link goes once it is let go", async () => {
    const { web, mail } = await start()
    await signUp(web.client(), "known@example.com")
    mail.hold()
    for (const email of ["known@example.com", "unknown@example.com"]) {
      expect(
        await within(`the answer for ${email}`, web.client().api.auth.requestPasswordReset.mutate({ email }))
      ).toEqual({ success: true })
    }
    // the work went on after the answer, up to the held mail
    await eventually(
      "the reset link waiting at the mail provider",
      () => mail.waiting.map((n) => n.kind),
      (kinds) => kinds.includes("PasswordResetLink"),
      10_000
    )
    expect(resetMail(web)).toEqual([])
    mail.letGo()
    const delivered = await eventually(
      "the link and the admin's notice delivered",
      () => resetMail(web),
      (sent) => sent.length === 2,
      10_000
    )
    expect(delivered).toMatchObject([
      { kind: "PasswordResetLink", to: "known@example.com" },
      { kind: "PasswordResetRequested", email: "known@example.com" }
    ])
  })

  it("a failure of the work after the answer is logged, not lost; the throttle still refuses before answering", async () => {
    const { web } = await start()
    await signUp(web.client(), "known@example.com")
    web.memory!.unavailable = "the database is down"
    const anon = web.client()
    expect(await anon.api.auth.requestPasswordReset.mutate({ email: "known@example.com" })).toEqual({ success: true })
    await eventually(
      "the background failure in the log",
      () => web.logs.filter((l) => l.text.startsWith("password reset request:")),
      (lines) => lines.some((l) => l.text.includes("the database is down")),
      10_000
    )
    web.memory!.unavailable = null
    expect(resetMail(web)).toEqual([])
    // the refusal is the answer itself: 5 requests per address and client, then TOO_MANY_REQUESTS
    for (let i = 0; i < 4; i++) await anon.api.auth.requestPasswordReset.mutate({ email: "known@example.com" })
    const refused = await expectTrpcError(
      anon.api.auth.requestPasswordReset.mutate({ email: "known@example.com" }),
      "TOO_MANY_REQUESTS"
    )
    // named for what was asked: nobody failed to sign in here
    expect(refused.message).toMatch(/^too many password reset requests; try again in \d+ minutes?$/)
  })
})

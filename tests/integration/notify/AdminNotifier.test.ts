import { Effect, Layer, Logger } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Notification } from "../../../src/application/ports/Notifier.ts"
import { Notifier, UNKNOWN_READER } from "../../../src/application/ports/Notifier.ts"
import { SessionRepository } from "../../../src/application/ports/SessionRepository.ts"
import { StoreUnavailable } from "../../../src/application/ports/StoreErrors.ts"
import { UserRepository } from "../../../src/application/ports/UserRepository.ts"
import { failureWords } from "../../../src/domain/message/failureKind.ts"
import { WahaGateway } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import { makeHttpApiMailSender } from "../../../src/infrastructure/mail/MailSender.ts"
import type { MemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { AdminNotifier } from "../../../src/infrastructure/notify/AdminNotifier.ts"
import { chatIdForPhone } from "../../../src/infrastructure/notify/MessagingNotifier.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import type { MailSink } from "../../support/MailSink.ts"
import { startMailSink } from "../../support/MailSink.ts"
import { closedPort } from "../../support/net.ts"

const MAIL_KEY = "key-notifier-test-0123456789abcdef"
const ADMIN_EMAIL = "admin@example.test"
const ADMIN_PHONE = "+15551234567"
const ADMIN_CHAT = "15551234567@c.us"
const ADMIN_SESSION = "admin-session_1"
const FROM = "herald@mg.example.test"
const RESET_LINK = "https://herald.example.test/reset-password?token=S3cr3tT0k3nNeverLogged"

const campaignFailed: Notification = {
  kind: "CampaignFailed",
  campaignId: "cmp_42",
  title: "Weekly reminder",
  reason: "failed to send message: connect ECONNREFUSED 10.0.0.1:3000"
}

let fake: FakeWaha
let sink: MailSink

beforeAll(async () => {
  fake = await startFakeWaha()
  sink = await startMailSink({ apiKey: MAIL_KEY })
})
afterEach(async () => {
  await fake.reset()
  sink.reset()
})
afterAll(async () => {
  await fake.close()
  await sink.close()
})

interface Setup {
  readonly phone?: string | undefined
  /** seed the admin account (default true) */
  readonly adminAccount?: boolean
  /** seed an active messaging session for the admin (default true) */
  readonly adminSession?: boolean
  /** mail API base URL (default the sink) */
  readonly mailUrl?: string
  /** ADMIN_EMAIL as configured (default ADMIN_EMAIL; null: standalone without it) */
  readonly configuredAdmin?: string | null
  /** the seeded admin account's role, status and confirmation (default ADMIN, ACTIVE, confirmed) */
  readonly adminAccountAs?: {
    readonly role: "ADMIN" | "USER"
    readonly status: "ACTIVE" | "PENDING" | "DISABLED"
    readonly emailVerified: boolean
  }
  /** every read of the accounts fails (the store is down) */
  readonly usersFail?: boolean
  /** the admin account's zone, locale and chosen language (default: none known) */
  readonly adminReader?: { readonly timeZone: string; readonly locale: string; readonly language: "de" }
}

const seed = (db: MemoryDatabase, setup: Setup) =>
  Effect.gen(function* () {
    const users = yield* UserRepository
    const sessions = yield* SessionRepository
    const now = Date.now()
    if (setup.adminAccount === false) return
    yield* users.save({
      id: "user-admin",
      email: ADMIN_EMAIL,
      name: "Admin",
      role: setup.adminAccountAs?.role ?? "ADMIN",
      status: setup.adminAccountAs?.status ?? "ACTIVE",
      emailVerified: setup.adminAccountAs?.emailVerified ?? true,
      timeZone: setup.adminReader?.timeZone ?? null,
      locale: setup.adminReader?.locale ?? null,
      language: setup.adminReader?.language ?? null,
      createdAt: now,
      updatedAt: now,
      version: 1
    })
    // another user's session must never be used
    yield* sessions.save({
      id: "s-other",
      userId: "user-other",
      sessionName: "other-session",
      phoneNumber: "+15550000001",
      active: true,
      gatewayStatus: null,
      gatewayStatusAt: null,
      minGapSeconds: 0,
      jitterSeconds: 0,
      limitedSince: null,
      limitedUntil: null,
      limitedUntilKnown: false,
      typingBeforeSend: false,
      createdAt: now,
      updatedAt: now,
      version: 1
    })
    if (setup.adminSession === false) return
    yield* sessions.save({
      id: "s-admin",
      userId: "user-admin",
      sessionName: ADMIN_SESSION,
      phoneNumber: "+15559999999",
      active: true,
      gatewayStatus: null,
      gatewayStatusAt: null,
      minGapSeconds: 0,
      jitterSeconds: 0,
      limitedSince: null,
      limitedUntil: null,
      limitedUntilKnown: false,
      typingBeforeSend: false,
      createdAt: now,
      updatedAt: now,
      version: 1
    })
  }).pipe(Effect.provide(MemoryStore.layer(db)))

/** Runs one notification through a fresh AdminNotifier; returns the log lines it wrote. */
const notify = async (n: Notification, setup: Setup = {}) => {
  const db = makeMemoryDatabase()
  await Effect.runPromise(seed(db, setup))
  const lines: Array<{ level: string; text: string }> = []
  const logger = Logger.make(({ message, logLevel }) => {
    lines.push({ level: logLevel, text: Array.isArray(message) ? message.map(String).join(" ") : String(message) })
  })
  const mail = makeHttpApiMailSender({
    apiKey: MAIL_KEY,
    domain: "mg.example.test",
    from: FROM,
    baseUrl: setup.mailUrl ?? sink.url,
    timeoutMs: 5_000
  })
  const adminEmail = setup.configuredAdmin === undefined ? ADMIN_EMAIL : setup.configuredAdmin
  const layer = AdminNotifier.layer({ adminEmail, adminPhoneNumber: setup.phone, mail }).pipe(
    Layer.provide(
      Layer.mergeAll(
        MemoryStore.layer(db),
        WahaGateway.layer({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 5_000 }),
        setup.usersFail === true ? failingUsers : Layer.empty
      )
    )
  )
  await Effect.runPromise(
    Effect.gen(function* () {
      const notifier = yield* Notifier
      yield* notifier.notify(n)
    }).pipe(Effect.provide(Layer.mergeAll(layer, Logger.layer([logger]))))
  )
  return lines
}

const storeDown = () => Effect.fail(new StoreUnavailable({ message: "connection refused" }))
const failingUsers = Layer.succeed(
  UserRepository,
  UserRepository.of({ save: storeDown, get: storeDown, findByEmail: storeDown, hasAny: storeDown, list: storeDown })
)

const sendTextCalls = () => fake.requests.filter((r) => r.path === "/api/sendText")

describe("AdminNotifier", () => {
  it("chat ids are the digits of the phone number at c.us", () => {
    expect(chatIdForPhone("+15551234567")).toBe(ADMIN_CHAT)
    expect(chatIdForPhone("+")).toBeNull()
  })

  it("without ADMIN_EMAIL (standalone) the first ADMIN account is the admin: its session sends, its address gets the mail", async () => {
    await notify(campaignFailed, { phone: ADMIN_PHONE, configuredAdmin: null })
    expect(fake.sent.map((m) => [m.chatId, m.session])).toEqual([[ADMIN_CHAT, ADMIN_SESSION]])
    expect(sink.received.map((m) => m.to)).toEqual([ADMIN_EMAIL])
  })

  it("CampaignFailed with a phone: a message on the admin's session AND a mail to the admin", async () => {
    const logs = await notify(campaignFailed, { phone: ADMIN_PHONE })

    expect(fake.sent).toHaveLength(1)
    const message = fake.sent[0]!
    expect(message.chatId).toBe(ADMIN_CHAT)
    expect(message.session).toBe(ADMIN_SESSION)
    expect(message.text).toContain("Weekly reminder")
    expect(message.text).toContain("cmp_42")
    expect(message.text).toContain(`Details: ${campaignFailed.reason}`)
    expect(message.text).toContain("Herald could not reach its WhatsApp connection")

    expect(sink.received).toHaveLength(1)
    const { mail } = sink.received[0]!
    expect(sink.received[0]!.to).toBe(ADMIN_EMAIL)
    expect(mail.to).toBe(ADMIN_EMAIL)
    expect(mail.from).toBe(FROM)
    expect(mail.subject).toContain("Campaign failed: Weekly reminder")
    // in plain words first (issue 22 item 1), the technical reason below under Details
    expect(mail.text.split(/\r?\n/)).toEqual([
      "A campaign failed.",
      "",
      "Campaign: Weekly reminder",
      "What happened: Herald could not reach its WhatsApp connection, so the message was not sent.",
      "What to do: Tell your Herald administrator; once the connection works again, send the message again.",
      "",
      "Details",
      `Reason: ${campaignFailed.reason}`,
      "Id: cmp_42"
    ])
    expect(mail.text).not.toContain("messaging notification failed")
    expect(logs.filter((l) => l.level === "Warn" || l.level === "Error")).toEqual([])
  })

  it("NewRegistration with a phone: name, e-mail and whether it waits for approval, by messaging and by mail", async () => {
    await notify(
      { kind: "NewRegistration", name: "Zoë Ångström", email: "zoe@example.test", pending: true },
      { phone: ADMIN_PHONE }
    )

    expect(fake.sent).toHaveLength(1)
    expect(fake.sent[0]!.chatId).toBe(ADMIN_CHAT)
    expect(fake.sent[0]!.text).toContain("Zoë Ångström <zoe@example.test>")
    expect(fake.sent[0]!.text).toContain("approval")

    expect(sink.received).toHaveLength(1)
    const { mail } = sink.received[0]!
    expect(mail.to).toBe(ADMIN_EMAIL)
    expect(mail.subject).toBe("[Herald] New registration: Zoë Ångström <zoe@example.test> (waiting for approval)")
    expect(mail.text).toContain("Name: Zoë Ångström")
    expect(mail.text).toContain("E-mail: zoe@example.test")
    expect(mail.text).toContain("waiting for your approval")
  })

  it("SystemAlert with a phone goes by messaging and by mail", async () => {
    await notify({ kind: "SystemAlert", text: "Database unreachable since 10:00" }, { phone: ADMIN_PHONE })
    expect(fake.sent.map((s) => [s.chatId, s.session])).toEqual([[ADMIN_CHAT, ADMIN_SESSION]])
    expect(fake.sent[0]!.text).toContain("Database unreachable since 10:00")
    expect(sink.received).toHaveLength(1)
    expect(sink.received[0]!.mail.subject).toBe("[Herald] System alert: Database unreachable since 10:00")
    expect(sink.received[0]!.mail.text).toBe("Database unreachable since 10:00")
  })

  it("the admin account's language and zone: a stalled scheduler in German, by phone and by mail; the log stays English", async () => {
    const stalled: Notification = {
      kind: "SchedulerStalled",
      messageId: "msg_7",
      scheduledAt: Date.parse("2026-06-01T10:01:00.000Z")
    }
    const german = { timeZone: "Europe/Berlin", locale: "en-US", language: "de" } as const
    await notify(stalled, { phone: ADMIN_PHONE, adminReader: german })
    expect(fake.sent[0]!.text.split("\n")[0]).toBe("*Herald*: kein Planer sendet Nachrichten")
    expect(sink.received[0]!.mail.subject).toBe("[Herald] Kein Planer sendet Nachrichten")
    expect(sink.received[0]!.mail.text).toContain("Eine Nachricht war für Montag, 1. Juni")
    expect(sink.received[0]!.mail.text).toContain(" 12:01 (Mitteleuropäische Zeit) fällig")
    expect(fake.sent[0]!.text).toContain(" 12:01 (Mitteleuropäische Zeit) fällig")

    // no admin session: the fallback's note in German, the warning in the log in English
    fake.sent.length = 0
    sink.reset()
    const logs = await notify(stalled, { phone: ADMIN_PHONE, adminReader: german, adminSession: false })
    expect(sink.received[0]!.mail.text).toMatch(
      /\n--\nDie Benachrichtigung per WhatsApp ist fehlgeschlagen: Dein Admin-Konto hat kein verbundenes WhatsApp\. Verbinde es auf der WhatsApp-Seite\.\nDeshalb kommt stattdessen diese E-Mail\.\nDetails: the admin account has no active messaging session$/
    )
    expect(logs.filter((l) => l.level === "Warn").map((l) => l.text)).toEqual([
      "messaging notification failed, falling back to e-mail (system alert: no scheduler seems to be running: message msg_7 was due at 2026-06-01T10:01:00.000Z and has not been picked; start the scheduler (node src/interfaces/scheduler/main.ts)): the admin account has no active messaging session"
    ])

    // ADMIN_EMAIL with no account: English and UTC
    sink.reset()
    await notify(stalled, { adminAccount: false })
    // (the year is named once it is not this year's)
    expect(sink.received[0]!.mail.text).toMatch(
      /\nA message was due on Monday, June 1,( 2026,)? 10:01 AM \(UTC\) and nothing has picked it up to send it\.\n/
    )
  })

  describe("a name, title or reason with line breaks forges no line", () => {
    const BREAK = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/
    const linesOf = (text: string) => text.split(BREAK)
    const registration: Notification = {
      kind: "NewRegistration",
      name: "Eve\nStatus: active (no approval needed).\r\nE-mail: boss@example.test\u2028",
      email: "eve@example.test",
      pending: true
    }
    const escapedName = "Eve\\nStatus: active (no approval needed).\\r\\nE-mail: boss@example.test\\u2028"
    const failed: Notification = {
      kind: "CampaignFailed",
      campaignId: "cmp_7",
      title: "Weekly\r\nReason: none, all sent",
      reason: "gateway answered 500\u0085Id: cmp_other"
    }

    it("in the admin's mail (subject and body) and in the messaging text", async () => {
      await notify(registration, { phone: ADMIN_PHONE })
      await notify(failed, { phone: ADMIN_PHONE })
      const [signUp, failure] = sink.received.map((r) => r.mail)
      expect(signUp!.subject).toBe(
        `[Herald] New registration: ${escapedName} <eve@example.test> (waiting for approval)`
      )
      expect(linesOf(signUp!.text)).toEqual([
        "A new account was registered.",
        "",
        `Name: ${escapedName}`,
        "E-mail: eve@example.test",
        "Status: waiting for your approval. Approve or decline it on the Accounts page; until then it cannot use the service."
      ])
      expect(failure!.subject).toBe("[Herald] Campaign failed: Weekly\\r\\nReason: none, all sent")
      expect(linesOf(failure!.text)).toEqual([
        "A campaign failed.",
        "",
        "Campaign: Weekly\\r\\nReason: none, all sent",
        `What happened: ${failureWords.other.sentence}`,
        `What to do: ${failureWords.other.nextStep}`,
        "",
        "Details",
        "Reason: gateway answered 500\\u0085Id: cmp_other",
        "Id: cmp_7"
      ])
      expect(fake.sent.map((m) => linesOf(m.text))).toEqual([
        ["*Herald*: new registration", `${escapedName} <eve@example.test>`, "Waiting for your approval."],
        [
          "*Herald*: campaign failed",
          "Weekly\\r\\nReason: none, all sent (cmp_7)",
          failureWords.other.sentence,
          `What to do: ${failureWords.other.nextStep}`,
          "Details: gateway answered 500\\u0085Id: cmp_other"
        ]
      ])
    })

    it("in the mail's note on why the messaging notification failed", async () => {
      fake.respondWith(500, { message: "engine\u0085This e-mail is sent instead." })
      await notify(campaignFailed, { phone: ADMIN_PHONE })
      const lines = linesOf(sink.received[0]!.mail.text)
      expect(lines.filter((l) => l === "This e-mail is sent instead.")).toHaveLength(1)
      expect(lines.find((l) => l.startsWith("Details: "))).toContain("engine\\u0085This e-mail is sent instead.")
    })

    it("in the log lines of a notification that could not be delivered", async () => {
      await fake.refuse()
      const port = await closedPort()
      const logs = await notify(registration, { phone: ADMIN_PHONE, mailUrl: `http://127.0.0.1:${port}` })
      expect(logs.map((l) => l.level).sort()).toEqual(["Error", "Warn"])
      for (const { text } of logs) {
        expect(linesOf(text)).toHaveLength(1)
        expect(text).toContain(`new registration: ${escapedName} <eve@example.test> (waiting for approval)`)
      }
    })
  })

  it("gateway refusing: mail only, saying the messaging notification failed and why; a warning is logged", async () => {
    await fake.refuse()
    const logs = await notify(campaignFailed, { phone: ADMIN_PHONE })

    expect(fake.sent).toEqual([])
    expect(sink.received).toHaveLength(1)
    const { mail } = sink.received[0]!
    expect(mail.to).toBe(ADMIN_EMAIL)
    expect(mail.text).toContain("Campaign: Weekly reminder")
    expect(mail.text).toMatch(
      /The WhatsApp notification failed: the WhatsApp gateway did not accept it\.\nThis e-mail is sent instead\.\nDetails: failed to send message: connect ECONNREFUSED 127\.0\.0\.1:\d+/
    )
    const warnings = logs.filter((l) => l.level === "Warn")
    expect(warnings).toHaveLength(1)
    expect(warnings[0]!.text).toContain("messaging notification failed")
    expect(warnings[0]!.text).toContain("ECONNREFUSED")
    expect(logs.map((l) => l.text).join("\n")).not.toContain(fake.apiKey)
  })

  it("gateway answering an error: the mail carries the gateway's answer", async () => {
    fake.respondWith(500, { message: "engine crashed" })
    await notify(campaignFailed, { phone: ADMIN_PHONE })
    expect(sink.received).toHaveLength(1)
    expect(sink.received[0]!.mail.text).toContain("Details: failed to send message: gateway answered 500")
    expect(sink.received[0]!.mail.text).toContain("engine crashed")
  })

  it("no active messaging session for the admin: mail only, saying so; the gateway is not called", async () => {
    const logs = await notify(campaignFailed, { phone: ADMIN_PHONE, adminSession: false })
    expect(sendTextCalls()).toEqual([])
    expect(sink.received).toHaveLength(1)
    expect(sink.received[0]!.mail.text).toContain(
      "The WhatsApp notification failed: your admin account has no connected WhatsApp."
    )
    expect(sink.received[0]!.mail.text).toContain("Details: the admin account has no active messaging session")
    expect(logs.filter((l) => l.level === "Warn")).toHaveLength(1)
  })

  it("no admin account: mail only, saying so", async () => {
    await notify(campaignFailed, { phone: ADMIN_PHONE, adminAccount: false })
    expect(sendTextCalls()).toEqual([])
    expect(sink.received).toHaveLength(1)
    expect(sink.received[0]!.mail.text).toContain(
      "The WhatsApp notification failed: there is no active admin account to send it from."
    )
    expect(sink.received[0]!.mail.text).toContain(
      `there is no active admin account for the admin e-mail ${ADMIN_EMAIL}`
    )
  })

  it("no phone number: mail only, nothing to the gateway", async () => {
    const logs = await notify(campaignFailed, { phone: undefined })
    expect(fake.requests).toEqual([])
    expect(sink.received).toHaveLength(1)
    expect(sink.received[0]!.mail.subject).toContain("Campaign failed: Weekly reminder")
    expect(sink.received[0]!.mail.text).not.toContain("messaging")
    expect(logs.filter((l) => l.level === "Warn" || l.level === "Error")).toEqual([])
  })

  it("PasswordResetLink: mailed to the user with the link; nothing by messaging, the link in no log", async () => {
    const expiresAt = Date.UTC(2026, 0, 1, 11, 0, 0)
    const logs = await notify(
      { kind: "PasswordResetLink", to: "user@example.test", reader: UNKNOWN_READER, link: RESET_LINK, expiresAt },
      { phone: ADMIN_PHONE }
    )

    expect(fake.requests).toEqual([])
    expect(sink.received).toHaveLength(1)
    expect(sink.received[0]!.to).toBe("user@example.test")
    const { mail } = sink.received[0]!
    expect(mail.to).toBe("user@example.test")
    expect(mail.from).toBe(FROM)
    expect(mail.subject).toBe("[Herald] Reset your password")
    expect(mail.text).toContain(RESET_LINK)
    // a reader of no known zone: UTC, named so (the year only when it is not this year's)
    expect(mail.text).toMatch(/The link works once, until Thursday, January 1,( 2026,)? 11:00 AM \(UTC\)\./)
    expect(logs.map((l) => l.text).join("\n")).not.toContain("S3cr3tT0k3n")
  })

  it("PasswordResetRequested: a notice to the admin, without any link, nothing by messaging", async () => {
    await notify({ kind: "PasswordResetRequested", email: "user@example.test" }, { phone: ADMIN_PHONE })
    expect(fake.requests).toEqual([])
    expect(sink.received).toHaveLength(1)
    const { mail } = sink.received[0]!
    expect(mail.to).toBe(ADMIN_EMAIL)
    expect(mail.subject).toBe("[Herald] Password reset requested for user@example.test")
    expect(mail.text).toContain("user@example.test")
    expect(mail.text).not.toMatch(/https?:\/\//)
  })

  it("mail API down: notify still succeeds, and the failure is logged without secrets", async () => {
    const port = await closedPort()
    const logs = await notify(
      {
        kind: "PasswordResetLink",
        to: "user@example.test",
        reader: UNKNOWN_READER,
        link: RESET_LINK,
        expiresAt: Date.now() + 3_600_000
      },
      { phone: ADMIN_PHONE, mailUrl: `http://127.0.0.1:${port}` }
    )
    const errors = logs.filter((l) => l.level === "Error")
    expect(errors).toHaveLength(1)
    expect(errors[0]!.text).toContain("notification mail to user@example.test failed")
    expect(errors[0]!.text).toContain("ECONNREFUSED")
    const all = logs.map((l) => l.text).join("\n")
    expect(all).not.toContain("S3cr3tT0k3n")
    expect(all).not.toContain(MAIL_KEY)
  })

  it("mail API down and messaging refused: notify still succeeds, both are logged", async () => {
    await fake.refuse()
    const port = await closedPort()
    const logs = await notify(campaignFailed, { phone: ADMIN_PHONE, mailUrl: `http://127.0.0.1:${port}` })
    expect(logs.filter((l) => l.level === "Warn")).toHaveLength(1)
    expect(logs.filter((l) => l.level === "Error")).toHaveLength(1)
  })

  it("mail API rejecting the key: logged with the status, the key nowhere", async () => {
    sink.respondWith(401, `Forbidden: ${MAIL_KEY}`)
    const logs = await notify(campaignFailed, { phone: undefined })
    const errors = logs.filter((l) => l.level === "Error")
    expect(errors).toHaveLength(1)
    expect(errors[0]!.text).toContain("mail API answered 401")
    expect(logs.map((l) => l.text).join("\n")).not.toContain(MAIL_KEY)
  })

  describe("whose language and zone the admin's alerts take", () => {
    const stalled: Notification = {
      kind: "SchedulerStalled",
      messageId: "msg_7",
      scheduledAt: Date.parse("2026-06-01T10:01:00.000Z")
    }
    const german = { timeZone: "Europe/Berlin", locale: "de-DE", language: "de" } as const

    it.each([
      ["an unconfirmed sign-up", { role: "ADMIN", status: "ACTIVE", emailVerified: false }],
      ["a pending one", { role: "ADMIN", status: "PENDING", emailVerified: true }],
      ["a disabled one", { role: "ADMIN", status: "DISABLED", emailVerified: true }],
      ["a user's", { role: "USER", status: "ACTIVE", emailVerified: true }]
    ] as const)("not %s with the admin's address: English and UTC, and its session never sends", async (_, as) => {
      await notify(stalled, { phone: ADMIN_PHONE, adminReader: german, adminAccountAs: as })
      expect(sink.received[0]!.mail.subject).toBe("[Herald] No scheduler is sending messages")
      expect(sink.received[0]!.mail.text).toContain("10:01 AM (UTC)")
      expect(sendTextCalls()).toEqual([])
    })

    it("the store down: the mail still goes, in English, and the failed lookup is logged", async () => {
      const logs = await notify(stalled, { adminReader: german, usersFail: true })
      expect(sink.received[0]!.mail.subject).toBe("[Herald] No scheduler is sending messages")
      expect(logs.filter((l) => l.level === "Warn").map((l) => l.text)).toEqual([
        "could not look up the admin account for the admin's language and zone, writing English and UTC: connection refused"
      ])
    })

    it("a mail to a user does not look the admin up", async () => {
      const logs = await notify(
        { kind: "SignUpAttempted", to: "user@example.test", reader: UNKNOWN_READER },
        { usersFail: true }
      )
      expect(sink.received.map((m) => m.to)).toEqual(["user@example.test"])
      expect(logs).toEqual([])
    })
  })
})

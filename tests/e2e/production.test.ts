import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eventually } from "../support/eventually.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_QR_PNG_BASE64, startFakeWaha } from "../support/FakeWahaServer.ts"
import type { MailSink } from "../support/MailSink.ts"
import { startMailSink } from "../support/MailSink.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../support/mongo.ts"
import { closedPort } from "../support/net.ts"
import type { RunningProcess } from "../support/processes.ts"
import { schedulerEntry, startProcess, webEntry } from "../support/processes.ts"
import { signUpAndVerify } from "../support/verifyByMail.ts"
import { expectTrpcError, WebClient } from "../support/webClient.ts"

/**
 * The production shape, run as a user would: FerretDB (the suite's server), the fake WAHA gateway, a
 * Mailgun-style mail sink, the web process and two scheduler processes, all separate OS processes on one
 * fresh database, driven only through /api/trpc over HTTP.
 */

const mongoUrl = mongoTestUrl()
const AUTH_URL = "http://herald.production.test"
const ADMIN_EMAIL = "admin@production.test"
const USER_EMAIL = "user@production.test"
const PASSWORD = "correct horse battery"
// distinctive secrets, so that a leak into any process output is caught
const GATEWAY_API_KEY = `gw-secret-${Math.random().toString(36).slice(2, 12)}`
const AUTH_SECRET = `auth-secret-${Math.random().toString(36).slice(2, 12)}-0123456789abcdef`
const MAIL_API_KEY = `key-mail-secret-${Math.random().toString(36).slice(2, 12)}`

const GROUPS = [
  { id: "120363000000000001@g.us", subject: "Family" },
  { id: { _serialized: "120363000000000002@g.us" }, name: "Book club" }
]

let fake: FakeWaha
let mail: MailSink
const processes: Array<RunningProcess> = []

beforeAll(async () => {
  fake = await startFakeWaha({ apiKey: GATEWAY_API_KEY })
  mail = await startMailSink({ apiKey: MAIL_API_KEY })
})
afterAll(async () => {
  for (const p of processes) p.child.kill("SIGKILL")
  await fake?.close()
  await mail?.close()
  await dropTestDatabases()
})

describe.skipIf(mongoUrl === null)(
  `Herald in its production shape ${mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
  () => {
    it("web + two schedulers + FerretDB + gateway + mail: sign-up and approval, session, campaign sent exactly once, a refused gateway fails the next campaign and the admin is mailed, SIGTERM exits 0", async () => {
      const databaseUrl = freshDatabaseUrl("production")
      const port = await closedPort()
      const gatewayEnv = { DATABASE_URL: databaseUrl, GATEWAY_API_URL: fake.url, GATEWAY_API_KEY }
      const web = startProcess(webEntry, {
        ...gatewayEnv,
        AUTH_SECRET,
        AUTH_URL,
        MAIL_API_KEY,
        MAIL_DOMAIN: "mg.production.test",
        FROM_EMAIL: "herald@mg.production.test",
        ADMIN_EMAIL,
        MAIL_API_URL: mail.url,
        PORT: String(port),
        ALERT_INTERVAL_MS: "1000" // the smallest the web configuration accepts
      })
      processes.push(web)
      const schedulers = [1, 2].map(() =>
        startProcess(schedulerEntry, { ...gatewayEnv, SCHEDULER_POLL_INTERVAL_MS: "300" })
      )
      processes.push(...schedulers)
      const everyProcess = [web, ...schedulers]
      try {
        await web.waitForOutput(/Herald web listening on port \d+/, 30_000)
        for (const s of schedulers) await s.waitForOutput(/Herald scheduler .* started/, 30_000)

        const baseUrl = `http://127.0.0.1:${port}`
        const origin = new URL(AUTH_URL).origin
        const admin = new WebClient(baseUrl, { origin })
        const user = new WebClient(baseUrl, { origin })

        // 1. sign-up, confirmed through the mailed link; the user waits for the admin's approval
        const adminUser = await signUpAndVerify(admin, mail, {
          email: ADMIN_EMAIL,
          password: PASSWORD,
          name: "Ada Admin"
        })
        expect(adminUser).toMatchObject({ role: "ADMIN", status: "ACTIVE" })
        const signedUp = await signUpAndVerify(user, mail, { email: USER_EMAIL, password: PASSWORD, name: "Uma User" })
        expect(signedUp).toMatchObject({ role: "USER", status: "PENDING" })
        await expectTrpcError(user.api.user.getMessagingSession.query(), "FORBIDDEN")
        await expectTrpcError(user.api.user.initiateMessagingSession.mutate(), "FORBIDDEN")
        // no session was asked for on the user's behalf (each process's start-up probe of WAHA's key, without one, aside)
        expect(
          fake.requests.some((r) => r.path.startsWith("/api/sessions") && r.headers["x-api-key"] !== undefined)
        ).toBe(false)

        const pending = (await admin.api.admin.listUsers.query({ status: "PENDING" })).items
        expect(pending.map((u) => u.email)).toEqual([USER_EMAIL])
        expect(await admin.api.admin.approveUser.mutate({ userId: pending[0]!.id })).toEqual({ success: true })
        expect((await admin.api.admin.listUsers.query({ status: "PENDING" })).items).toEqual([])
        expect((await user.api.auth.me.query()).user?.status).toBe("ACTIVE")
        expect(await user.api.user.getMessagingSession.query()).toEqual({ session: null })

        // 2. messaging session: created at the gateway, QR read, the phone scans it, groups listed
        const { sessionName } = await user.api.user.initiateMessagingSession.mutate()
        const creates = fake.requests.filter((r) => r.method === "POST" && r.path === "/api/sessions")
        expect(creates.map((r) => r.body)).toContainEqual(expect.objectContaining({ name: sessionName }))
        const qr = await user.api.user.getSessionQR.query({ sessionName })
        expect(qr.qr).toBe(FAKE_QR_PNG_BASE64)
        fake.setSessionStatus(sessionName, "WORKING")
        expect(await user.api.user.getSessionStatus.query({ sessionName })).toEqual({ status: "WORKING" })
        fake.setGroups(sessionName, GROUPS)
        const groups = await user.api.user.getMessagingGroups.query({ sessionName })
        expect(groups.items).toEqual([
          { groupId: "120363000000000001@g.us", groupName: "Family" },
          { groupId: "120363000000000002@g.us", groupName: "Book club" }
        ])
        expect(groups.nextCursor).toBeUndefined()
        const family = groups.items[0]!

        // 3. a campaign falls due within a few seconds; both schedulers race for its messages
        const texts = ["Good morning, family", "Lunch at one", "See you tonight"]
        const base = Date.now()
        const first = await user.api.campaign.create.mutate({
          sessionName,
          groupId: family.groupId,
          groupName: family.groupName,
          title: "Family day",
          messages: texts.map((content, i) => ({
            content,
            scheduledAt: new Date(base + 2_000 + i * 500).toISOString()
          }))
        })
        const completed = await eventually(
          "first campaign COMPLETED",
          () => user.api.campaign.get.query({ id: first.id }),
          (c) => c.status === "COMPLETED" || c.status === "FAILED"
        )
        expect(completed.status).toBe("COMPLETED")
        expect(completed.failureReason).toBeUndefined()
        expect(completed.group).toMatchObject({ groupId: family.groupId, groupName: "Family" })
        expect(completed.messages.map((m) => [m.content, m.isSent])).toEqual(texts.map((t) => [t, true]))
        for (const text of texts) expect(fake.sent.filter((s) => s.text === text)).toHaveLength(1)
        const sends = fake.requests.filter((r) => r.path === "/api/sendText")
        expect(sends).toHaveLength(texts.length)
        for (const request of sends) {
          expect(request.method).toBe("POST")
          expect(request.headers["x-api-key"]).toBe(GATEWAY_API_KEY)
          expect(request.headers["content-type"]).toMatch(/^application\/json/)
          expect(request.headers["accept"]).toBe("application/json")
        }
        expect(sends.map((r) => r.body)).toEqual(
          texts.map((text) => ({
            chatId: family.groupId,
            text,
            linkPreview: true,
            linkPreviewHighQuality: false,
            session: sessionName
          }))
        )
        // each message was processed by exactly one of the two schedulers
        for (const message of completed.messages) {
          const lines = schedulers
            .flatMap((s) => s.output().split("\n"))
            .filter((l) => l.includes(`Message ${message.id} processed successfully`))
          expect(lines).toHaveLength(1)
        }

        // 4. the gateway goes down; the next campaign fails with the refused connection, and the admin hears of it
        await fake.refuse()
        const failedContent = "This one cannot go out"
        const second = await user.api.campaign.create.mutate({
          sessionName,
          groupId: family.groupId,
          groupName: family.groupName,
          title: "Doomed reminder",
          messages: [{ content: failedContent, scheduledAt: new Date(Date.now() + 2_000).toISOString() }]
        })
        const failed = await eventually(
          "second campaign FAILED",
          () => user.api.campaign.get.query({ id: second.id }),
          (c) => c.status === "FAILED" || c.status === "COMPLETED"
        )
        expect(failed.status).toBe("FAILED")
        expect(failed.failureReason).toMatch(/^failed to send message: connect ECONNREFUSED/)
        expect(failed.messages).toHaveLength(1)
        expect(failed.messages[0]).toMatchObject({ content: failedContent, isSent: false, isPicked: true })
        expect(failed.messages[0]!.failureReason).toMatch(/^failed to send message: connect ECONNREFUSED/)
        const failedId = failed.messages[0]!.id
        const errorLines = await eventually(
          "the scheduler's error line",
          () =>
            schedulers
              .flatMap((s) => s.output().split("\n"))
              .filter((l) =>
                l.includes(`Error processing message ${failedId}: failed to send message: connect ECONNREFUSED`)
              ),
          (lines) => lines.length > 0
        )
        expect(errorLines).toHaveLength(1)

        const alert = await eventually(
          "the admin's mail about the failed campaign",
          () => mail.received.find((m) => m.mail.text.includes(second.id)),
          (m) => m !== undefined
        )
        expect(alert!.to).toBe(ADMIN_EMAIL)
        expect(alert!.mail.to).toContain(ADMIN_EMAIL)
        expect(alert!.mail.from).toContain("herald@mg.production.test")
        expect(alert!.mail.subject).toContain("Doomed reminder")
        expect(alert!.mail.text).toMatch(/Reason: failed to send message: connect ECONNREFUSED/)
        expect(mail.requests.every((r) => r.basicAuth === `api:${MAIL_API_KEY}`)).toBe(true)
        // the first campaign completed: no mail about it; and nothing was sent twice in the meantime
        expect(mail.received.some((m) => m.mail.text.includes(first.id))).toBe(false)
        for (const text of texts) expect(fake.sent.filter((s) => s.text === text)).toHaveLength(1)
        expect(fake.sent.some((s) => s.text === failedContent)).toBe(false)

        // 5. SIGTERM: every process exits 0; the schedulers say they shut down
        for (const p of everyProcess) p.child.kill("SIGTERM")
        const exits = await Promise.all(everyProcess.map((p) => p.exited))
        expect(exits).toEqual(everyProcess.map(() => ({ code: 0, signal: null })))
        for (const s of schedulers)
          expect(s.output()).toMatch(/\[\d{4}-\d\d-\d\dT[\d:.]+Z\] Received SIGTERM, shutting down the scheduler/)
        expect(web.output()).toMatch(/Received SIGTERM, shutting down the web application/)
        for (const p of everyProcess) {
          expect(p.output()).not.toContain(GATEWAY_API_KEY)
          expect(p.output()).not.toContain(AUTH_SECRET)
          expect(p.output()).not.toContain(MAIL_API_KEY)
        }
      } catch (error) {
        // what the processes printed (without the idle cycles) makes a failure readable
        const printed = everyProcess.map(
          (p, i) =>
            `--- ${i === 0 ? "web" : `scheduler ${i}`}:\n${p
              .output()
              .split("\n")
              .filter((l) => !l.includes("No pending messages"))
              .join("\n")}`
        )
        if (error instanceof Error) error.message += `\n${printed.join("\n")}`
        throw error
      }
    }, 120_000)
  }
)

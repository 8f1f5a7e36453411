import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eventually } from "../support/eventually.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../support/FakeWahaServer.ts"
import type { MailSink } from "../support/MailSink.ts"
import { startMailSink } from "../support/MailSink.ts"
import { multipartBody, PNG_BYTES, postUnfinished, uploadFile } from "../support/mediaFixtures.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../support/mongo.ts"
import { closedPort } from "../support/net.ts"
import type { Runtime } from "../support/processes.ts"
import { startProcess, webEntry } from "../support/processes.ts"
import { signUpAndVerify } from "../support/verifyByMail.ts"
import { expectTrpcError, WebClient } from "../support/webClient.ts"

const mongoUrl = mongoTestUrl()
const AUTH_URL = "http://herald.example.test"

let fake: FakeWaha
let mail: MailSink
beforeAll(async () => {
  fake = await startFakeWaha()
  mail = await startMailSink({ apiKey: "key-test-mail" })
})
afterAll(async () => {
  await fake.close()
  await mail.close()
  await dropTestDatabases()
})

const env = (databaseUrl: string, port: number, extra: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  GATEWAY_API_URL: fake.url,
  GATEWAY_API_KEY: FAKE_WAHA_API_KEY,
  AUTH_SECRET: "test-secret-0123456789-0123456789-abcdef",
  AUTH_URL,
  MAIL_API_KEY: "key-test-mail",
  MAIL_DOMAIN: "mg.example.test",
  FROM_EMAIL: "herald@mg.example.test",
  ADMIN_EMAIL: "admin@example.test",
  MAIL_API_URL: mail.url,
  PORT: String(port),
  ...extra
})

/** A browser-like client whose mutations carry AUTH_URL's origin. */
const clientFor = (port: number) => new WebClient(`http://127.0.0.1:${port}`, { origin: AUTH_URL })

describe.skipIf(mongoUrl === null)(
  `the web process on a MongoDB-protocol server ${mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
  () => {
    for (const runtime of ["node", "deno"] as const satisfies ReadonlyArray<Runtime>) {
      it(`starts under ${runtime}, serves health, readiness and sign-up, and exits 0 on SIGTERM`, async () => {
        const port = await closedPort()
        const proc = startProcess(webEntry, env(freshDatabaseUrl(`web${runtime}`), port), runtime)
        try {
          await proc.waitForOutput(/Herald web listening on port \d+/, 30_000)
          expect(proc.output()).toMatch(/gateway: WAHA 2026\.7\.1 CORE engine WEBJS/)
          expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toEqual({ status: "ok" })
          expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200)
          const admin = clientFor(port)
          // real mail is configured: the address is confirmed through the mailed link first
          const signedUp = await signUpAndVerify(admin, mail, {
            email: "admin@example.test",
            password: "correct horse battery",
            name: "Admin"
          })
          expect(signedUp).toMatchObject({ role: "ADMIN", status: "ACTIVE", emailVerified: true })
          // the registration notice goes to ADMIN_EMAIL through the mail API, off the request's path
          await eventually(
            "the registration mail",
            () => ({
              registered: mail.received.some(
                (m) => m.mail.to.includes("admin@example.test") && m.mail.text.includes("Admin")
              ),
              sinkRequests: mail.requests.length
            }),
            (seen) => seen.registered,
            10_000
          )
          expect(mail.received.at(-1)?.mail.from).toContain("herald@mg.example.test")
          await admin.api.user.initiateMessagingSession.mutate()
          expect(fake.requests.some((r) => r.method === "POST" && r.path === "/api/sessions")).toBe(true)
          // an upload through this runtime's HTTP server: the form read as it comes (issue 21)
          const cookie = `${admin.cookieName}=${admin.cookie}`
          const uploaded = await uploadFile(
            `http://127.0.0.1:${port}`,
            { bytes: PNG_BYTES, name: "a.jar" },
            {
              cookie,
              origin: AUTH_URL
            }
          )
          expect(uploaded).toMatchObject({ status: 201, body: { filename: "a.png", kind: "image" } })
          const FILE = {
            disposition: 'form-data; name="file"; filename="a.png"',
            type: "image/png",
            content: PNG_BYTES
          }
          const twoParts = await postUnfinished(
            `http://127.0.0.1:${port}/api/media`,
            { cookie, origin: AUTH_URL, "content-type": "multipart/form-data; boundary=b0undary" },
            [multipartBody("b0undary", [FILE, FILE], false)]
          )
          expect(twoParts).toMatchObject({ status: 400, connection: "close" })
          proc.child.kill("SIGTERM")
          expect(await proc.exited).toEqual({ code: 0, signal: null })
          expect(proc.output()).toMatch(/Received SIGTERM, shutting down the web application/)
          expect(proc.output()).not.toContain("test-secret-0123456789")
          expect(proc.output()).not.toContain(FAKE_WAHA_API_KEY)
        } finally {
          proc.child.kill("SIGKILL")
        }
      }, 60_000)
    }

    it("honours MAX_OPEN_CAMPAIGNS_PER_USER: the campaign over it is PRECONDITION_FAILED", async () => {
      const port = await closedPort()
      const proc = startProcess(webEntry, env(freshDatabaseUrl("webquota"), port, { MAX_OPEN_CAMPAIGNS_PER_USER: "1" }))
      try {
        await proc.waitForOutput(/Herald web listening on port \d+/, 30_000)
        const admin = clientFor(port)
        await signUpAndVerify(admin, mail, {
          email: "admin@example.test",
          password: "correct horse battery",
          name: "Admin"
        })
        const { sessionName } = await admin.api.user.initiateMessagingSession.mutate()
        const plan = {
          sessionName,
          groupId: "120363000000000001@g.us",
          groupName: "Family",
          messages: [{ content: "hi", scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }]
        }
        await admin.api.campaign.create.mutate(plan)
        const refused = await expectTrpcError(admin.api.campaign.create.mutate(plan), "PRECONDITION_FAILED")
        expect(refused.message).toMatch(/^this campaign would bring your open campaigns to 2; the limit is 1/)
      } finally {
        proc.child.kill("SIGKILL")
      }
    }, 60_000)

    it("refuses to start with every problem listed and no secret printed", async () => {
      const proc = startProcess(webEntry, {
        ...env("mongodb://herald:p@ss-hush@db.example/herald", 1),
        AUTH_SECRET: "short-hush",
        MAIL_API_KEY: "hush-mail",
        FROM_EMAIL: "herald@elsewhere.test",
        MAX_PENDING_MESSAGES_PER_USER: "0"
      })
      expect((await proc.exited).code).toBe(1)
      const output = proc.output()
      expect(output).toMatch(/Herald web application cannot start/)
      expect(output).toMatch(/AUTH_SECRET must be at least 32 characters/)
      expect(output).toMatch(/MAIL_API_KEY must start with key-/)
      expect(output).toMatch(/FROM_EMAIL must be an address at MAIL_DOMAIN/)
      expect(output).toMatch(/DATABASE_URL/)
      expect(output).toMatch(/MAX_PENDING_MESSAGES_PER_USER must be at least 1/)
      expect(output).not.toMatch(/hush/)
    }, 30_000)
  }
)

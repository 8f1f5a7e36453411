import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { eventually } from "../support/eventually.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../support/FakeWahaServer.ts"
import { startMailSink } from "../support/MailSink.ts"
import { dropTestDatabases, freshDatabaseUrl, mongoTestUrl } from "../support/mongo.ts"
import { closedPort } from "../support/net.ts"
import type { Runtime } from "../support/processes.ts"
import { standaloneEntry, startProcess } from "../support/processes.ts"
import { signUpAndVerify } from "../support/verifyByMail.ts"
import { expectTrpcError, failure, WebClient } from "../support/webClient.ts"

const dirs: Array<string> = []
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
  if (mongoTestUrl() !== null) await dropTestDatabases()
})

/** Every entry under `dir` (itself included, as "."), with its permission bits in octal. */
const modesUnder = (dir: string): Record<string, string> => {
  const modes: Record<string, string> = { ".": (statSync(dir).mode & 0o777).toString(8) }
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" }))
    modes[entry] = (statSync(join(dir, entry)).mode & 0o777).toString(8)
  return modes
}

const start = (dataDir: string, port: number, runtime: Runtime) =>
  startProcess(
    standaloneEntry,
    { HERALD_DATA_DIR: dataDir, PORT: String(port), SANDBOX_CONNECT_AFTER_MS: "300" },
    runtime
  )

/** A browser on http://localhost:<port> (AUTH_URL's default), talking to 127.0.0.1. */
const browser = (port: number, origin = `http://localhost:${port}`) =>
  new WebClient(`http://127.0.0.1:${port}`, { origin })

describe("npm start: web and scheduler in one process, nothing configured", () => {
  for (const runtime of ["node", "deno"] as const satisfies ReadonlyArray<Runtime>) {
    it(`under ${runtime}: first account is admin, sandbox session connects, a campaign is sent, data survives kill -9, SIGTERM exits 0`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), `herald-standalone-${runtime}-`))
      dirs.push(dataDir)
      // made by an operator with a usual umask: open to everyone
      chmodSync(dataDir, 0o755)
      const port = await closedPort()
      let proc = start(dataDir, port, runtime)
      try {
        await proc.waitForOutput(new RegExp(`Herald is running: open http://localhost:${port}`), 30_000)
        await proc.waitForOutput(/scheduler: in this process/)
        expect(proc.output()).toMatch(/gateway: +SIMULATED/)
        expect(proc.output()).toMatch(/mail: +SIMULATED: .*new accounts are confirmed at once/)
        // the embedded store takes writes (the readiness probe rewrites its one row)
        expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200)

        const admin = browser(port)
        const first = await admin.api.auth.signUp.mutate({
          email: "me@example.org",
          password: "correct horse battery",
          name: "Me"
        })
        expect(first).toMatchObject({ user: { role: "ADMIN", status: "ACTIVE" } })
        const second = await browser(port).api.auth.signUp.mutate({
          email: "friend@example.org",
          password: "correct horse battery",
          name: "Friend"
        })
        expect(second).toMatchObject({ user: { role: "USER", status: "PENDING" } })
        // a browser opened on another loopback name of the same port is not cross-site
        for (const origin of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
          const friend = browser(port, origin)
          await friend.api.auth.signIn.mutate({ email: "friend@example.org", password: "correct horse battery" })
          expect(friend.lastAnswer.status, origin).toBe(200)
        }

        const { sessionName } = await admin.api.user.initiateMessagingSession.mutate()
        expect((await admin.api.user.getSessionQR.query({ sessionName })).qr.length).toBeGreaterThan(100)
        await eventually(
          "the sandbox session to connect",
          async () => (await admin.api.user.getSessionStatus.query({ sessionName })).status,
          (s) => s === "WORKING"
        )
        const groups = await admin.api.user.getMessagingGroups.query({ sessionName, limit: 2 })
        expect(groups.items).toHaveLength(2)
        expect(groups.nextCursor).toBe(2)
        const group = groups.items[0]!

        const { id } = await admin.api.campaign.create.mutate({
          sessionName,
          groupId: group.groupId,
          groupName: group.groupName,
          messages: [{ content: `hello from ${runtime}`, scheduledAt: new Date(Date.now() + 1_500).toISOString() }]
        })
        const sentFile = join(dataDir, "sandbox", "sent.jsonl")
        const sent = await eventually(
          "the send to reach the sandbox gateway",
          () => {
            try {
              return readFileSync(sentFile, "utf8")
                .trim()
                .split("\n")
                .map((l): unknown => JSON.parse(l))
            } catch {
              return []
            }
          },
          (lines) => lines.length === 1
        )
        expect(sent[0]).toMatchObject({ session: sessionName, chatId: group.groupId, text: `hello from ${runtime}` })
        await eventually(
          "the campaign to complete",
          async () => (await admin.api.campaign.get.query({ id })).status,
          (s) => s === "COMPLETED"
        )
        // the registration notices, as mail files
        await eventually(
          "the registration mails",
          () => readdirSync(join(dataDir, "mail")).filter((f) => f.endsWith(".eml")).length,
          (n) => n >= 2
        )
        // password hashes, mails, the secret, the sandbox's sends: all for the owner only, SQLite's own files too
        const modes = modesUnder(dataDir)
        expect(Object.keys(modes)).toEqual(
          expect.arrayContaining([
            "auth-secret",
            "herald.db",
            "herald.db-wal",
            "herald.db-shm",
            "mail",
            "sandbox",
            "sandbox/sent.jsonl"
          ])
        )
        expect(modes).toEqual(
          Object.fromEntries(
            Object.keys(modes).map((entry) => [entry, statSync(join(dataDir, entry)).isDirectory() ? "700" : "600"])
          )
        )

        // kill -9, start again on the same folder: everything acknowledged is still there
        proc.child.kill("SIGKILL")
        await proc.exited
        proc = start(dataDir, port, runtime)
        await proc.waitForOutput(/Herald is running/, 30_000)
        const again = browser(port)
        expect(
          await again.api.auth.signIn.mutate({ email: "me@example.org", password: "correct horse battery" })
        ).toMatchObject({ user: { role: "ADMIN" } })
        expect((await again.api.campaign.get.query({ id })).status).toBe("COMPLETED")
        expect((await again.api.user.getSessionStatus.query({ sessionName })).status).toBe("WORKING")
        expect(readFileSync(sentFile, "utf8").trim().split("\n")).toHaveLength(1)

        proc.child.kill("SIGTERM")
        expect(await proc.exited).toEqual({ code: 0, signal: null })
        expect(proc.output()).toMatch(/Received SIGTERM, shutting down the scheduler/)
        expect(proc.output()).toMatch(/Herald stopped/)
        expect(proc.output()).not.toContain(readFileSync(join(dataDir, "auth-secret"), "utf8").trim())
      } finally {
        proc.child.kill("SIGKILL")
      }
    }, 90_000)
  }
})

describe("npm start with MAX_OPEN_CAMPAIGNS_PER_USER and MAX_PENDING_MESSAGES_PER_USER", () => {
  it("refuses the campaign over a configured limit with PRECONDITION_FAILED, on the SQLite store", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "herald-standalone-quota-"))
    dirs.push(dataDir)
    const port = await closedPort()
    const proc = startProcess(
      standaloneEntry,
      {
        HERALD_DATA_DIR: dataDir,
        PORT: String(port),
        MAX_OPEN_CAMPAIGNS_PER_USER: "2",
        MAX_PENDING_MESSAGES_PER_USER: "3"
      },
      "node"
    )
    try {
      await proc.waitForOutput(/Herald is running/, 30_000)
      const me = browser(port)
      await me.api.auth.signUp.mutate({ email: "me@example.org", password: "correct horse battery", name: "Me" })
      const { sessionName } = await me.api.user.initiateMessagingSession.mutate()
      const plan = (n: number) => ({
        sessionName,
        groupId: "120363000000000001@g.us",
        groupName: "Family",
        messages: Array.from({ length: n }, (_, i) => ({
          content: `m${i}`,
          scheduledAt: new Date(Date.now() + 3_600_000 + i * 1_000).toISOString()
        }))
      })
      await me.api.campaign.create.mutate(plan(2))
      const overMessages = await expectTrpcError(me.api.campaign.create.mutate(plan(2)), "PRECONDITION_FAILED")
      expect(overMessages.message).toMatch(/^this campaign would bring your pending messages to 4; the limit is 3/)
      await me.api.campaign.create.mutate(plan(1))
      const overCampaigns = await failure(me.api.campaign.create.mutate(plan(1)))
      expect(overCampaigns.message).toMatch(/^this campaign would bring your open campaigns to 3; the limit is 2/)
      expect((await me.api.campaign.list.query()).items).toHaveLength(2)
    } finally {
      proc.child.kill("SIGKILL")
    }
  }, 60_000)
})

describe.skipIf(mongoTestUrl() === null)("npm start with real parts configured", () => {
  it("DATABASE_URL, GATEWAY_API_URL/KEY and the mail variables switch store, gateway and mail to the real ones", async () => {
    const fake = await startFakeWaha()
    const mail = await startMailSink({ apiKey: "key-standalone" })
    const dataDir = mkdtempSync(join(tmpdir(), "herald-standalone-real-"))
    dirs.push(dataDir)
    const port = await closedPort()
    const proc = startProcess(standaloneEntry, {
      HERALD_DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: freshDatabaseUrl("standalone"),
      GATEWAY_API_URL: fake.url,
      GATEWAY_API_KEY: FAKE_WAHA_API_KEY,
      MAIL_API_KEY: "key-standalone",
      MAIL_DOMAIN: "mg.example.org",
      MAIL_API_URL: mail.url,
      FROM_EMAIL: "herald@mg.example.org",
      ADMIN_EMAIL: "boss@example.org"
    })
    try {
      await proc.waitForOutput(/scheduler: in this process/, 30_000)
      expect(proc.output()).toMatch(/store: +MongoDB mongodb:\/\//)
      expect(proc.output()).toMatch(new RegExp(`gateway: +WAHA at ${fake.url.replace(/[.]/g, "\\.")}`))
      expect(proc.output()).toMatch(/mail: +mail provider's HTTP API, from herald@mg\.example\.org/)
      expect(proc.output()).toMatch(/admin: +boss@example\.org/)
      expect(proc.output()).not.toMatch(/SIMULATED/)
      expect(proc.output()).toMatch(/new accounts confirm their address through a mailed link/)
      // real mail: each address is confirmed through its link; the first account is not the admin when ADMIN_EMAIL names another
      const someone = browser(port)
      expect(
        await signUpAndVerify(someone, mail, {
          email: "first@example.org",
          password: "correct horse battery",
          name: "First"
        })
      ).toMatchObject({ role: "USER", status: "PENDING" })
      const boss = browser(port)
      expect(
        await signUpAndVerify(boss, mail, {
          email: "boss@example.org",
          password: "correct horse battery",
          name: "Boss"
        })
      ).toMatchObject({ role: "ADMIN", status: "ACTIVE" })
      const { sessionName } = await boss.api.user.initiateMessagingSession.mutate()
      fake.setSessionStatus(sessionName, "WORKING")
      await boss.api.campaign.create.mutate({
        sessionName,
        groupId: "120363000000000077@g.us",
        groupName: "Real",
        messages: [{ content: "through WAHA", scheduledAt: new Date(Date.now() + 1_500).toISOString() }]
      })
      await eventually(
        "the send to reach the gateway",
        () => fake.sent.map((m) => m.text),
        (texts) => texts.includes("through WAHA")
      )
      // two verification links, then the two registration notices
      await eventually(
        "the registration mails at the mail API",
        () => mail.received.length,
        (n) => n >= 4
      )
      // no SQLite file: the store is MongoDB
      expect(existsSync(join(dataDir, "herald.db"))).toBe(false)
      proc.child.kill("SIGTERM")
      expect((await proc.exited).code).toBe(0)
    } finally {
      proc.child.kill("SIGKILL")
      await fake.close()
      await mail.close()
    }
  }, 60_000)
})

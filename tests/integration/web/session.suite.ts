import { describe, expect, it } from "vitest"
import { NAMED_SESSIONS_UNSUPPORTED } from "../../../src/application/ports/GatewayPort.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { FAKE_QR_PNG_BASE64, FAKE_WAHA_API_KEY, startFakeWaha } from "../../support/FakeWahaServer.ts"
import type { CallError, ProcedurePath, WebClient } from "../../support/webClient.ts"
import { expectTrpcError, failure } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { activeClient, initiate, webStarter } from "./webSuite.support.ts"

const sessionOf = async (client: WebClient) => (await client.api.user.getMessagingSession.query()).session

const groupFixture = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `${1000 + i}@g.us`, subject: i % 3 === 0 ? `Family ${i}` : `Work ${i}` }))
const contactFixture = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `1555${String(i).padStart(7, "0")}@c.us`,
    number: `1555${String(i).padStart(7, "0")}`,
    name: i % 4 === 0 ? `Friend ${i}` : `Colleague ${i}`
  }))

export const describeSessionApi = (label: string, store: () => StoreKind) =>
  describe(`web user.* over HTTP (${label})`, () => {
    const start = webStarter(store)
    const setup = async (options: { readonly fake?: FakeWaha } = {}) => {
      const web = await start({ requireApproval: false }, options)
      const { client, id: userId } = await activeClient(web, "owner@example.com")
      return { web, client, userId, fake: web.fake }
    }

    describe("initiateMessagingSession / getMessagingSession", () => {
      it("creates a session on both sides, then reuses it", async () => {
        const { client, userId, fake } = await setup()
        expect(await sessionOf(client)).toBeNull()
        const { sessionName, id } = await initiate(client)
        expect(sessionName).toMatch(/^[a-zA-Z0-9_-]+$/)
        const creates = fake.requests.filter((r) => r.method === "POST" && r.path === "/api/sessions")
        expect(creates).toHaveLength(1)
        expect(creates[0]!.body).toMatchObject({ name: sessionName })
        expect(creates[0]!.headers["x-api-key"]).toBe(fake.apiKey)
        expect(fake.sessions.has(sessionName)).toBe(true)
        const session = await sessionOf(client)
        expect(session).toMatchObject({ id, sessionName, userId, MessagingGroups: [] })
        expect(Number.isNaN(Date.parse(session!.createdAt))).toBe(false)
        expect(Number.isNaN(Date.parse(session!.updatedAt))).toBe(false)

        expect(await initiate(client)).toEqual({ sessionName, id })
        expect(fake.requests.filter((r) => r.method === "POST" && r.path === "/api/sessions")).toHaveLength(1)
        expect([...fake.sessions.keys()]).toEqual([sessionName])
      })

      it("a double click (concurrent calls) makes one session on both sides", async () => {
        const { client, fake } = await setup()
        const results = await Promise.all([initiate(client), initiate(client), initiate(client)])
        expect(new Set(results.map((r) => r.id)).size).toBe(1)
        expect(fake.requests.filter((r) => r.method === "POST" && r.path === "/api/sessions")).toHaveLength(1)
        expect(fake.sessions.size).toBe(1)
      })

      it("reconnects: a session the gateway lost is created again under the same name; a stopped one is started", async () => {
        const { client, fake } = await setup()
        const first = await initiate(client)
        fake.sessions.delete(first.sessionName)
        expect(await initiate(client)).toEqual(first)
        expect(fake.sessions.has(first.sessionName)).toBe(true)
        fake.setSessionStatus(first.sessionName, "STOPPED")
        expect(await initiate(client)).toEqual(first)
        expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: `/api/sessions/${first.sessionName}/start` })
      })

      it("reconnects a FAILED session with restart (WAHA answers start of a FAILED session 422 'already started')", async () => {
        const { client, fake } = await setup()
        const first = await initiate(client)
        fake.setSessionStatus(first.sessionName, "FAILED")
        const before = fake.requests.length
        expect(await initiate(client)).toEqual(first)
        expect(fake.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
          `GET /api/sessions/${first.sessionName}`,
          `POST /api/sessions/${first.sessionName}/restart`
        ])
        expect(fake.sessions.get(first.sessionName)?.status).toBe("STARTING")
      })

      it("a gateway that allows only the session `default` (WAHA Core before 2026.6.1): one clear error, nothing left", async () => {
        const { client, fake } = await setup()
        fake.setServerVersion({ version: "2025.11.2", tier: "CORE" })
        const refused = await expectTrpcError(initiate(client), "INTERNAL_SERVER_ERROR")
        expect(refused.message).toBe(`failed to create session: ${NAMED_SESSIONS_UNSUPPORTED}`)
        expect(await sessionOf(client)).toBeNull()
        expect(fake.sessions.size).toBe(0)
      })

      it("gateway refusing connections → INTERNAL_SERVER_ERROR 'failed to create session', and no session is left", async () => {
        const { client, fake } = await setup()
        await fake.refuse()
        const refused = await expectTrpcError(initiate(client), "INTERNAL_SERVER_ERROR")
        expect(refused.message).toBe("failed to create session")
        expect(refused.status).toBe(500)
        await fake.accept()
        expect(await sessionOf(client)).toBeNull()
        expect(fake.sessions.size).toBe(0)
        // and a later attempt works
        const { sessionName } = await initiate(client)
        expect([...fake.sessions.keys()]).toEqual([sessionName])
      })

      it("gateway rejecting the call (wrong API key → 401) → 'failed to create session', nothing left on either side", async () => {
        const fake = await startFakeWaha({ apiKey: "a-different-key" })
        try {
          const { client } = await setup({ fake })
          expect(await failure(initiate(client))).toMatchObject({
            code: "INTERNAL_SERVER_ERROR",
            message: "failed to create session"
          })
          expect(fake.requests.some((r) => r.method === "POST" && r.path === "/api/sessions")).toBe(true)
          expect(await sessionOf(client)).toBeNull()
          expect(fake.sessions.size).toBe(0)
        } finally {
          await fake.close()
        }
      })
    })

    describe("status, QR, restart, phone, logout", () => {
      it("getSessionStatus reports the gateway's status (STOPPED when the gateway lost it)", async () => {
        const { client, fake } = await setup()
        const { sessionName } = await initiate(client)
        expect(await client.api.user.getSessionStatus.query({ sessionName })).toEqual({ status: "STARTING" })
        expect(await client.api.user.getSessionStatus.query({ sessionName })).toEqual({ status: "SCAN_QR_CODE" })
        fake.setSessionStatus(sessionName, "WORKING")
        expect(await client.api.user.getSessionStatus.query({ sessionName })).toEqual({ status: "WORKING" })
        fake.sessions.delete(sessionName)
        expect(await client.api.user.getSessionStatus.query({ sessionName })).toEqual({ status: "STOPPED" })
        await expectTrpcError(client.api.user.getSessionStatus.query({ sessionName: "no_such_session" }), "NOT_FOUND")
        await expectTrpcError(client.untyped.query("user.getSessionStatus", {}), "BAD_REQUEST")
        await expectTrpcError(client.api.user.getSessionStatus.query({ sessionName: "../etc" }), "BAD_REQUEST")
      })

      it("a STOPPED session is 'not running' (PRECONDITION_FAILED: reconnect or restart), not 'not found', for QR, groups and contacts", async () => {
        const { client, fake } = await setup()
        const { sessionName } = await initiate(client)
        fake.setSessionStatus(sessionName, "STOPPED")
        for (const path of ["getSessionQR", "getMessagingGroups", "getMessagingContacts"] as const) {
          const refused = await expectTrpcError(
            client.api.user[path].query({ sessionName }),
            "PRECONDITION_FAILED",
            path
          )
          expect(refused.message, path).toMatch(
            /^the messaging session is stopped on the gateway: reconnect or restart it first \(HTTP 404\) \(error id [0-9a-f]{8}\)$/
          )
        }
        expect(await client.api.user.getSessionStatus.query({ sessionName })).toEqual({ status: "STOPPED" })
      })

      it("getSessionStatus shows GOWS's passkey statuses as they are", async () => {
        const { client, fake } = await setup()
        const { sessionName } = await initiate(client)
        for (const status of ["PASSKEY_REQUIRED", "PASSKEY_CONFIRMATION_REQUIRED"]) {
          fake.setSessionStatus(sessionName, status)
          expect(await client.api.user.getSessionStatus.query({ sessionName })).toEqual({ status })
        }
      })

      it("getSessionQR returns the gateway's PNG as base64; a connected session has none (4xx)", async () => {
        const { client, fake } = await setup()
        const { sessionName } = await initiate(client)
        const { qr } = await client.api.user.getSessionQR.query({ sessionName })
        expect(qr).toBe(FAKE_QR_PNG_BASE64)
        expect(Buffer.from(qr, "base64").subarray(1, 4).toString("latin1")).toBe("PNG")
        fake.setSessionStatus(sessionName, "WORKING")
        await expectTrpcError(client.api.user.getSessionQR.query({ sessionName }), "PRECONDITION_FAILED")
        await expectTrpcError(client.api.user.getSessionQR.query({ sessionName: "no_such_session" }), "NOT_FOUND")
      })

      it("restartSession stops, then starts the session on the gateway (WAHA's restart: a FAILED session needs it)", async () => {
        const { client, fake } = await setup()
        const { sessionName } = await initiate(client)
        for (const status of ["WORKING", "FAILED", "STOPPED"]) {
          fake.setSessionStatus(sessionName, status)
          const before = fake.requests.length
          expect(await client.api.user.restartSession.mutate({ sessionName })).toEqual({ success: true })
          expect(fake.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
            `POST /api/sessions/${sessionName}/restart`
          ])
          expect(fake.sessions.get(sessionName)?.status).toBe("STARTING")
        }
        await expectTrpcError(client.api.user.restartSession.mutate({ sessionName: "no_such_session" }), "NOT_FOUND")
        await expectTrpcError(client.untyped.mutation("user.restartSession", { sessionName: 12 }), "BAD_REQUEST")
      })

      it("updateSessionPhone stores the number (seen by getMessagingSession); bad input is BAD_REQUEST, unknown id NOT_FOUND", async () => {
        const { web, client } = await setup()
        const { id } = await initiate(client)
        expect(await client.api.user.updateSessionPhone.mutate({ id, phoneNumber: "+15551234567" })).toEqual({
          success: true
        })
        expect((await sessionOf(client))?.phoneNumber).toBe("+15551234567")
        const events = await web.eventCount()
        for (const phoneNumber of ["call me", "", "+1", "1".repeat(16), 15551234567]) {
          await expectTrpcError(
            client.untyped.mutation("user.updateSessionPhone", { id, phoneNumber }),
            "BAD_REQUEST",
            String(phoneNumber)
          )
        }
        await expectTrpcError(
          client.untyped.mutation("user.updateSessionPhone", { phoneNumber: "+15551234567" }),
          "BAD_REQUEST"
        )
        await expectTrpcError(
          client.api.user.updateSessionPhone.mutate({ id: "no-such-session", phoneNumber: "+15550000000" }),
          "NOT_FOUND"
        )
        expect(await web.eventCount()).toBe(events)
        expect((await sessionOf(client))?.phoneNumber).toBe("+15551234567")
      })

      it("session.setTyping / session.getTyping: off by default, set and read back, a bad value BAD_REQUEST with nothing saved, someone else's session NOT_FOUND; session.getLimit: not held", async () => {
        const { web, client } = await setup()
        const { sessionName } = await initiate(client)
        expect(await client.api.session.getTyping.query({ sessionName })).toEqual({ on: false })
        expect(await client.api.session.getLimit.query({ sessionName })).toEqual({
          held: false,
          since: null,
          until: null,
          untilKnown: false
        })
        expect(await client.api.session.setTyping.mutate({ sessionName, on: true })).toEqual({ success: true })
        expect(await client.api.session.getTyping.query({ sessionName })).toEqual({ on: true })
        const events = await web.eventCount()
        // the same value again records nothing
        await client.api.session.setTyping.mutate({ sessionName, on: true })
        expect(await web.eventCount()).toBe(events)
        await expectTrpcError(client.untyped.mutation("session.setTyping", { sessionName, on: "yes" }), "BAD_REQUEST")
        expect(await web.eventCount()).toBe(events)
        const { client: other } = await activeClient(web, "other@example.com")
        await expectTrpcError(other.api.session.setTyping.mutate({ sessionName, on: false }), "NOT_FOUND")
        await expectTrpcError(other.api.session.getTyping.query({ sessionName }), "NOT_FOUND")
        await expectTrpcError(other.api.session.getLimit.query({ sessionName }), "NOT_FOUND")
        expect(await client.api.session.getTyping.query({ sessionName })).toEqual({ on: true })
      })

      it("session.setPacing / session.getPacing: off by default, set and read back, bad values BAD_REQUEST at the field with nothing saved, someone else's session NOT_FOUND", async () => {
        const { web, client } = await setup()
        const { sessionName } = await initiate(client)
        expect(await client.api.session.getPacing.query({ sessionName })).toEqual({
          minGapSeconds: 0,
          jitterSeconds: 0
        })
        expect(
          await client.api.session.setPacing.mutate({ sessionName, minGapSeconds: 30, jitterSeconds: 30 })
        ).toEqual({ success: true })
        expect(await client.api.session.getPacing.query({ sessionName })).toEqual({
          minGapSeconds: 30,
          jitterSeconds: 30
        })
        // getMessagingSession keeps its shape: pacing has procedures of its own
        expect(Object.keys((await sessionOf(client)) ?? {})).not.toContain("minGapSeconds")
        const events = await web.eventCount()
        for (const [input, field] of [
          [{ minGapSeconds: -1, jitterSeconds: 0 }, "minGapSeconds"],
          [{ minGapSeconds: 1.5, jitterSeconds: 0 }, "minGapSeconds"],
          [{ minGapSeconds: 121, jitterSeconds: 0 }, "minGapSeconds"],
          [{ minGapSeconds: "30", jitterSeconds: 0 }, "minGapSeconds"],
          [{ minGapSeconds: 30, jitterSeconds: 500 }, "jitterSeconds"],
          [{ minGapSeconds: 0, jitterSeconds: 10 }, "minGapSeconds"],
          [{ minGapSeconds: 100, jitterSeconds: 30 }, "jitterSeconds"]
        ] as const) {
          const error = await expectTrpcError(
            client.untyped.mutation("session.setPacing", { sessionName, ...input }),
            "BAD_REQUEST",
            JSON.stringify(input)
          )
          expect(
            error.issues?.map((issue) => issue.path),
            JSON.stringify(input)
          ).toContain(field)
        }
        expect(await web.eventCount()).toBe(events)
        expect(await client.api.session.getPacing.query({ sessionName })).toEqual({
          minGapSeconds: 30,
          jitterSeconds: 30
        })
        // someone else's session is not found, and left alone
        const { client: other } = await activeClient(web, "other@example.com")
        const before = await web.eventCount()
        await expectTrpcError(
          other.api.session.setPacing.mutate({ sessionName, minGapSeconds: 0, jitterSeconds: 0 }),
          "NOT_FOUND"
        )
        await expectTrpcError(other.api.session.getPacing.query({ sessionName }), "NOT_FOUND")
        expect(await web.eventCount()).toBe(before)
        // off again
        await client.api.session.setPacing.mutate({ sessionName, minGapSeconds: 0, jitterSeconds: 0 })
        expect(await client.api.session.getPacing.query({ sessionName })).toEqual({
          minGapSeconds: 0,
          jitterSeconds: 0
        })
      })

      it("session.getLinkedNumber: the linked phone's number and WhatsApp name as the gateway reports them once connected, null before; nothing recorded; someone else's session NOT_FOUND", async () => {
        const { web, client, fake } = await setup()
        const { sessionName } = await initiate(client)
        // no GATEWAY_WEBHOOK_SECRET here: no webhook, so no receipts, and the page is told
        expect(await client.api.session.getLinkedNumber.query({ sessionName })).toEqual({
          phoneNumber: null,
          name: null,
          receipts: "NOT_CONFIGURED",
          pollVotes: "NOT_CONFIGURED"
        })
        fake.setSessionStatus(sessionName, "WORKING", "447700900123@c.us")
        const events = await web.eventCount()
        expect(await client.api.session.getLinkedNumber.query({ sessionName })).toEqual({
          phoneNumber: "+447700900123",
          name: "Fake",
          receipts: "NOT_CONFIGURED",
          pollVotes: "NOT_CONFIGURED"
        })
        // read, never recorded: the session's own phoneNumber stays its owner's choice
        expect(await web.eventCount()).toBe(events)
        expect((await sessionOf(client))?.phoneNumber).toBe("")
        // an id that is not a phone's (a lid) is no number
        fake.setSessionStatus(sessionName, "WORKING", "123456789012345@lid")
        expect(await client.api.session.getLinkedNumber.query({ sessionName })).toEqual({
          phoneNumber: null,
          name: "Fake",
          receipts: "NOT_CONFIGURED",
          pollVotes: "NOT_CONFIGURED"
        })
        const { client: other } = await activeClient(web, "other@example.com")
        await expectTrpcError(other.api.session.getLinkedNumber.query({ sessionName }), "NOT_FOUND")
        await expectTrpcError(client.api.session.getLinkedNumber.query({ sessionName: "../etc" }), "BAD_REQUEST")
      })

      it("logoutSession logs out and deletes on the gateway (WAHA's DELETE stops and logs out), then the session is gone for every procedure", async () => {
        const { client, fake } = await setup()
        const { sessionName, id } = await initiate(client)
        fake.setSessionStatus(sessionName, "WORKING")
        const before = fake.requests.length
        expect(await client.api.user.logoutSession.mutate({ sessionName })).toEqual({ success: true })
        expect(fake.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
          `DELETE /api/sessions/${sessionName}`
        ])
        expect(fake.sessions.has(sessionName)).toBe(false)
        expect(await sessionOf(client)).toBeNull()
        for (const path of [
          "getSessionStatus",
          "getSessionQR",
          "getMessagingGroups",
          "getMessagingContacts"
        ] as const) {
          await expectTrpcError(client.api.user[path].query({ sessionName }), "NOT_FOUND", path)
        }
        for (const path of ["restartSession", "logoutSession"] as const) {
          await expectTrpcError(client.api.user[path].mutate({ sessionName }), "NOT_FOUND", path)
        }
        await expectTrpcError(
          client.api.user.updateSessionPhone.mutate({ id, phoneNumber: "+15551234567" }),
          "NOT_FOUND"
        )
        // a new initiation makes a new session
        const next = await initiate(client)
        expect(next.id).not.toBe(id)
        expect(next.sessionName).not.toBe(sessionName)
      })

      it("logoutSession with the gateway down fails and keeps the session (retryable)", async () => {
        const { client, fake } = await setup()
        const { sessionName, id } = await initiate(client)
        await fake.refuse()
        const refused = await failure(client.api.user.logoutSession.mutate({ sessionName }))
        expect(refused.status).toBeGreaterThanOrEqual(500)
        await fake.accept()
        expect((await sessionOf(client))?.id).toBe(id)
        expect(await client.api.user.logoutSession.mutate({ sessionName })).toEqual({ success: true })
      })
    })

    describe("getMessagingGroups / getMessagingContacts", () => {
      it("groups: default page of 10, cursor paging, nextCursor absent at the end, never a total", async () => {
        const { client, fake } = await setup()
        const { sessionName } = await initiate(client)
        // WAHA lists groups and contacts of a paired (WORKING) session only
        fake.setSessionStatus(sessionName, "WORKING")
        fake.setGroups(sessionName, groupFixture(25))
        const first = await client.api.user.getMessagingGroups.query({ sessionName })
        expect(first.items).toHaveLength(10)
        expect(first.items[0]).toEqual({ groupId: "1000@g.us", groupName: "Family 0" })
        expect(first.nextCursor).toBe(10)
        expect("total" in first).toBe(false)
        const second = await client.api.user.getMessagingGroups.query({ sessionName, cursor: 10 })
        expect(second.items.map((g) => g.groupId)).toEqual(
          groupFixture(25)
            .slice(10, 20)
            .map((g) => g.id)
        )
        expect(second.nextCursor).toBe(20)
        const last = await client.api.user.getMessagingGroups.query({ sessionName, cursor: 20 })
        expect(last.items).toHaveLength(5)
        expect("nextCursor" in last).toBe(false)
        expect("total" in last).toBe(false)
        const exact = await client.api.user.getMessagingGroups.query({ sessionName, cursor: 15, limit: 10 })
        expect(exact.items).toHaveLength(10)
        expect("nextCursor" in exact).toBe(false)
        const beyond = await client.api.user.getMessagingGroups.query({ sessionName, cursor: 100 })
        expect(beyond).toEqual({ items: [] })
        const big = await client.api.user.getMessagingGroups.query({ sessionName, limit: 100 })
        expect(big.items).toHaveLength(25)
        expect("nextCursor" in big).toBe(false)
      })

      it("groups: search by name (any case), paged; the gateway's list is fetched once for all pages", async () => {
        const { client, fake } = await setup()
        const { sessionName } = await initiate(client)
        // WAHA lists groups and contacts of a paired (WORKING) session only
        fake.setSessionStatus(sessionName, "WORKING")
        fake.setGroups(sessionName, groupFixture(30))
        const listCalls = () =>
          fake.requests.filter((r) => r.method === "GET" && r.path === `/api/${sessionName}/groups`).length
        const seen: Array<string> = []
        let cursor: number | undefined = 0
        let pages = 0
        while (cursor !== undefined) {
          const page = await client.api.user.getMessagingGroups.query({
            sessionName,
            search: "fAmIlY",
            limit: 3,
            cursor
          })
          expect(page.items.every((g) => g.groupName.startsWith("Family"))).toBe(true)
          seen.push(...page.items.map((g) => g.groupId))
          cursor = page.nextCursor
          pages += 1
        }
        expect(seen).toEqual(
          groupFixture(30)
            .filter((g) => g.subject.startsWith("Family"))
            .map((g) => g.id)
        )
        expect(pages).toBe(4)
        expect(listCalls()).toBe(1)
        expect(await client.api.user.getMessagingGroups.query({ sessionName, search: "nothing like it" })).toEqual({
          items: []
        })
        expect(listCalls()).toBe(1)
      })

      it("groups and contacts: limit 0, 101, non-integer or negative cursor → BAD_REQUEST without a gateway call", async () => {
        const { client, fake } = await setup()
        const { sessionName } = await initiate(client)
        const before = fake.requests.length
        for (const path of ["user.getMessagingGroups", "user.getMessagingContacts"] as const) {
          for (const input of [
            { sessionName, limit: 0 },
            { sessionName, limit: 101 },
            { sessionName, limit: 2.5 },
            { sessionName, limit: "10" },
            { sessionName, cursor: -1 },
            { sessionName, search: 7 },
            { limit: 10 }
          ]) {
            const refused = await expectTrpcError(
              client.untyped.query(path, input),
              "BAD_REQUEST",
              `${path} ${JSON.stringify(input)}`
            )
            expect(refused.status).toBe(400)
          }
        }
        expect(fake.requests.length).toBe(before)
      })

      it("contacts: default page of 50, paging to the end, search by name or by number, one gateway walk", async () => {
        const { client, fake } = await setup()
        const { sessionName } = await initiate(client)
        // WAHA lists groups and contacts of a paired (WORKING) session only; its own number is never a contact
        fake.setSessionStatus(sessionName, "WORKING", "15557654321@c.us")
        fake.setContacts(sessionName, [
          ...contactFixture(60),
          { id: "120363000000000001@g.us", name: "A group", isGroup: true },
          { id: "15559999999@c.us", name: "Blocked", isBlocked: true }
        ])
        const first = await client.api.user.getMessagingContacts.query({ sessionName })
        expect(first.items).toHaveLength(50)
        expect(first.items[0]).toEqual({
          groupId: "15550000000@c.us",
          groupName: "Friend 0",
          number: "15550000000",
          isContact: true
        })
        expect(first.nextCursor).toBe(50)
        expect("total" in first).toBe(false)
        const rest = await client.api.user.getMessagingContacts.query({ sessionName, cursor: 50 })
        expect(rest.items).toHaveLength(10)
        expect("nextCursor" in rest).toBe(false)
        expect("total" in rest).toBe(false)
        expect(
          [...first.items, ...rest.items].some((c) => c.groupName === "A group" || c.groupName === "Blocked")
        ).toBe(false)

        const byName = await client.api.user.getMessagingContacts.query({ sessionName, search: "friend", limit: 100 })
        expect(byName.items.map((c) => c.groupName)).toEqual(
          contactFixture(60)
            .filter((c) => c.name.startsWith("Friend"))
            .map((c) => c.name)
        )
        const byNumber = await client.api.user.getMessagingContacts.query({ sessionName, search: "+1 555 000 0042" })
        expect(byNumber).toEqual({
          items: [{ groupId: "15550000042@c.us", groupName: "Colleague 42", number: "15550000042", isContact: true }]
        })
        const paged = await client.api.user.getMessagingContacts.query({
          sessionName,
          search: "colleague",
          limit: 20,
          cursor: 40
        })
        expect(paged.items).toHaveLength(5)
        expect("nextCursor" in paged).toBe(false)
        expect(fake.requests.filter((r) => r.method === "GET" && r.path === "/api/contacts/all")).toHaveLength(1)
      })

      it("a gateway failure while listing is an error answer, not a crash (no 2xx with partial data)", async () => {
        const { client, fake } = await setup()
        const { sessionName } = await initiate(client)
        // WAHA lists groups and contacts of a paired (WORKING) session only
        fake.setSessionStatus(sessionName, "WORKING")
        await fake.refuse()
        // an error answer, with no data (failure throws on an answer with data)
        await failure(client.api.user.getMessagingGroups.query({ sessionName }))
        await fake.accept()
        fake.setGroups(sessionName, groupFixture(2))
        expect((await client.api.user.getMessagingGroups.query({ sessionName })).items).toHaveLength(2)
      })
    })

    describe("gateway failures: the user reads what happened and an error id; the detail goes to the server log", () => {
      // what a broken gateway might put in its answer: none of it is the user's business
      const LEAKY_BODY = {
        message: "pool error: cannot reach mongodb://admin:hunter2@db.internal:27017/herald",
        stack: "Error at /var/lib/waha/sessions/engine.js:42"
      }
      const SECRETS = ["hunter2", "mongodb://", "db.internal", "/var/lib/waha", "127.0.0.1"]
      const ERROR_ID = /\(error id ([0-9a-f]{8})\)$/

      type Call = readonly [kind: "query" | "mutation", path: ProcedurePath]
      const GATEWAY_PROCEDURES: ReadonlyArray<Call> = [
        ["mutation", "user.initiateMessagingSession"],
        ["query", "user.getSessionStatus"],
        ["query", "user.getSessionQR"],
        ["mutation", "user.restartSession"],
        ["mutation", "user.logoutSession"],
        ["query", "user.getMessagingGroups"],
        ["query", "user.getMessagingContacts"]
      ]
      /** The procedure's failure; untyped, since the table names the procedures by path. */
      const call = (client: WebClient, [kind, path]: Call, sessionName: string) =>
        failure(
          path === "user.initiateMessagingSession"
            ? client.untyped.mutation(path)
            : client.untyped[kind](path, { sessionName })
        )

      /** Nothing of the gateway's answer, its address or the key in the body; the id in the message is the one in `data`. */
      const expectSafe = (response: CallError, fake: FakeWaha): string => {
        for (const secret of [...SECRETS, `:${fake.port}`, fake.apiKey])
          expect(response.body, secret).not.toContain(secret)
        const errorId = response.errorId
        expect(errorId).toMatch(/^[0-9a-f]{8}$/)
        return errorId!
      }
      /** The one log line of this error id names the procedure and holds the detail, never the key. */
      const loggedDetail = (logs: TestWeb["logs"], errorId: string, path: string): string => {
        const lines = logs.filter((l) => l.text.includes(`[error ${errorId}]`))
        expect(lines.map((l) => l.text)).toHaveLength(1)
        expect(lines[0]!.text.startsWith(`[error ${errorId}] ${path}: `)).toBe(true)
        expect(lines[0]!.text).not.toContain(FAKE_WAHA_API_KEY)
        return lines[0]!.text
      }

      it.each(GATEWAY_PROCEDURES)("%s %s: a gateway answering 500 with internals in its body", async (kind, path) => {
        const { web, client, fake } = await setup()
        const { sessionName } = await initiate(client)
        fake.answerEverythingWith(500, LEAKY_BODY)
        const response = await call(client, [kind, path], sessionName)
        const errorId = expectSafe(response, fake)
        if (path === "user.initiateMessagingSession") {
          expect(response).toMatchObject({ code: "INTERNAL_SERVER_ERROR", message: "failed to create session" })
        } else {
          expect(response.code).toBe("BAD_GATEWAY")
          expect(response.message).toBe(`the messaging gateway answered an error (HTTP 500) (error id ${errorId})`)
          // what the browser says in plain words (issue 22 item 1)
          expect(response.failureKind).toBe("other")
        }
        const line = loggedDetail(web.logs, errorId, path)
        expect(line).toContain("gateway answered 500")
        expect(line).toContain("mongodb://admin:hunter2@db.internal:27017/herald")
        expect(line).toContain("/var/lib/waha/sessions/engine.js")
      })

      it.each(GATEWAY_PROCEDURES)("%s %s: a gateway refusing connections", async (kind, path) => {
        const { web, client, fake } = await setup()
        const { sessionName } = await initiate(client)
        await fake.refuse()
        const response = await call(client, [kind, path], sessionName)
        const errorId = expectSafe(response, fake)
        if (path === "user.initiateMessagingSession") {
          expect(response).toMatchObject({ code: "INTERNAL_SERVER_ERROR", message: "failed to create session" })
        } else {
          expect(response.code).toBe("BAD_GATEWAY")
          expect(response.message).toBe(`the messaging gateway could not be reached (error id ${errorId})`)
          expect(response.failureKind).toBe("unreachable")
        }
        expect(loggedDetail(web.logs, errorId, path)).toContain(`connect ECONNREFUSED 127.0.0.1:${fake.port}`)
      })

      it("a gateway that does not answer in time: GATEWAY_TIMEOUT, 'did not answer in time'", async () => {
        const web = await start({ requireApproval: false }, { gatewayTimeoutMs: 200 })
        const { client } = await activeClient(web, "owner@example.com")
        const { sessionName } = await initiate(client)
        web.fake.hangEverything()
        const response = await failure(client.api.user.getSessionStatus.query({ sessionName }))
        const errorId = expectSafe(response, web.fake)
        expect(response.code).toBe("GATEWAY_TIMEOUT")
        expect(response.message).toBe(`the messaging gateway did not answer in time (error id ${errorId})`)
        expect(loggedDetail(web.logs, errorId, "user.getSessionStatus")).toContain("timed out after 200 ms")
      })

      it.each<[status: number, code: string, summary: string]>([
        [401, "BAD_GATEWAY", "the messaging gateway rejected Herald's credentials (HTTP 401)"],
        [403, "BAD_GATEWAY", "the messaging gateway rejected the request (HTTP 403)"],
        [404, "NOT_FOUND", "the messaging gateway does not know this session (HTTP 404)"],
        [
          422,
          "PRECONDITION_FAILED",
          "the messaging gateway rejected the request: the session is not in a state that allows it (HTTP 422)"
        ],
        [503, "BAD_GATEWAY", "the messaging gateway answered an error (HTTP 503)"]
      ])("a gateway answering %i: %s with what the gateway said in the user's terms", async (status, code, summary) => {
        const { web, client, fake } = await setup()
        const { sessionName } = await initiate(client)
        fake.answerEverythingWith(status, LEAKY_BODY)
        const response = await failure(client.api.user.getSessionQR.query({ sessionName }))
        const errorId = expectSafe(response, fake)
        expect(response.code).toBe(code)
        expect(response.message).toBe(`${summary} (error id ${errorId})`)
        expect(loggedDetail(web.logs, errorId, "user.getSessionQR")).toContain(
          `gateway answered ${status}: {"message":"pool error: cannot reach mongodb://admin:hunter2@`
        )
      })

      it("a gateway answering 200 with something that is not the expected JSON: 'could not read', detail in the log", async () => {
        const { web, client, fake } = await setup()
        const { sessionName } = await initiate(client)
        fake.answerEverythingWith(
          200,
          "<html>proxy at 10.0.0.7: upstream mongodb://admin:hunter2@db.internal:27017/herald</html>"
        )
        const response = await failure(client.api.user.getSessionStatus.query({ sessionName }))
        const errorId = expectSafe(response, fake)
        expect(response.body).not.toContain("10.0.0.7")
        expect(response.code).toBe("BAD_GATEWAY")
        expect(response.message).toBe(
          `the messaging gateway answered in a form Herald could not read (HTTP 200) (error id ${errorId})`
        )
        expect(loggedDetail(web.logs, errorId, "user.getSessionStatus")).toContain(
          "invalid JSON from gateway (200): <html>proxy at 10.0.0.7"
        )
      })

      it("each failure gets its own id", async () => {
        const { client, fake } = await setup()
        const { sessionName } = await initiate(client)
        fake.answerEverythingWith(500, LEAKY_BODY)
        const first = await failure(client.api.user.getSessionStatus.query({ sessionName }))
        const second = await failure(client.api.user.getSessionStatus.query({ sessionName }))
        expect(first.errorId).toMatch(/^[0-9a-f]{8}$/)
        expect(second.errorId).toMatch(/^[0-9a-f]{8}$/)
        expect(first.errorId).not.toBe(second.errorId)
        expect(first.message).toMatch(ERROR_ID)
      })
    })
  })

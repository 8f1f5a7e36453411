import { describe, expect, it } from "vitest"
import type { ProcedurePath, WebClient } from "../../support/webClient.ts"
import { expectTrpcError, failure } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp } from "../../support/webHarness.ts"
import { activeClient, initiate, mutatingRequests, webStarter } from "./webSuite.support.ts"

interface Call {
  readonly path: ProcedurePath
  readonly kind: "query" | "mutation"
  readonly input?: unknown
  /** the input is invalid on purpose (authorization is decided first: still no answer about the input) */
  readonly invalid?: true
}

/** Every non-public procedure, aimed at the owner's session where it takes one. */
const protectedCalls = (owner: { sessionName: string; sessionId: string; userId: string }): Array<Call> => [
  { path: "admin.listUsers", kind: "query" },
  { path: "admin.listUsers", kind: "query", input: { status: "PENDING" } },
  { path: "admin.approveUser", kind: "mutation", input: { userId: owner.userId } },
  { path: "user.getMessagingSession", kind: "query" },
  // the caller's own keys (another user's list is their own; a key id not theirs is NOT_FOUND)
  { path: "apiKey.list", kind: "query" },
  { path: "apiKey.revoke", kind: "mutation", input: { id: "the-owners-key" } },
  // the caller's own webhook endpoints, likewise
  { path: "webhookEndpoint.list", kind: "query" },
  { path: "webhookEndpoint.delete", kind: "mutation", input: { id: "the-owners-endpoint" } },
  { path: "webhookEndpoint.ping", kind: "mutation", input: { id: "the-owners-endpoint" } },
  { path: "user.initiateMessagingSession", kind: "mutation" },
  { path: "user.getSessionStatus", kind: "query", input: { sessionName: owner.sessionName } },
  { path: "user.getSessionQR", kind: "query", input: { sessionName: owner.sessionName } },
  { path: "user.restartSession", kind: "mutation", input: { sessionName: owner.sessionName } },
  { path: "user.updateSessionPhone", kind: "mutation", input: { id: owner.sessionId, phoneNumber: "+19998887777" } },
  { path: "session.getPacing", kind: "query", input: { sessionName: owner.sessionName } },
  { path: "session.getLimit", kind: "query", input: { sessionName: owner.sessionName } },
  { path: "session.getTyping", kind: "query", input: { sessionName: owner.sessionName } },
  { path: "session.setTyping", kind: "mutation", input: { sessionName: owner.sessionName, on: true } },
  { path: "session.getLinkedNumber", kind: "query", input: { sessionName: owner.sessionName } },
  {
    path: "session.setPacing",
    kind: "mutation",
    input: { sessionName: owner.sessionName, minGapSeconds: 30, jitterSeconds: 30 }
  },
  { path: "user.logoutSession", kind: "mutation", input: { sessionName: owner.sessionName } },
  { path: "user.getMessagingGroups", kind: "query", input: { sessionName: owner.sessionName } },
  { path: "user.getMessagingContacts", kind: "query", input: { sessionName: owner.sessionName, search: "a" } },
  { path: "user.getMessagingChannels", kind: "query", input: { sessionName: owner.sessionName } },
  // reads only, but of the owner's session
  {
    path: "campaign.preview",
    kind: "mutation",
    input: {
      sessionName: owner.sessionName,
      groupId: "1@g.us",
      groupName: "Secret group",
      messages: [{ content: "x", scheduledAt: "2099-01-01T09:00:00Z" }]
    }
  },
  // campaign.importCsv reads no one's data: signed-in ACTIVE only (tests/integration/web/planning.test.ts)
  {
    path: "campaign.duplicate",
    kind: "mutation",
    input: { id: "some-campaign", startDate: "2099-01-01", timeZone: "UTC" }
  },
  // invalid input too: authorization is decided first, so nothing about the input leaks
  {
    path: "user.getMessagingGroups",
    kind: "query",
    input: { sessionName: owner.sessionName, limit: 0 },
    invalid: true
  },
  {
    path: "user.updateSessionPhone",
    kind: "mutation",
    input: { id: owner.sessionId, phoneNumber: "nope" },
    invalid: true
  }
]

/** One call of the matrix, untyped: the table holds every procedure, with inputs of every shape. */
const call = (client: WebClient, c: Call): Promise<unknown> =>
  c.kind === "query" ? client.untyped.query(c.path, c.input) : client.untyped.mutation(c.path, c.input)

const OWNER_PHONE = "+15550001111"

export const describeAuthorizationMatrix = (label: string, store: () => StoreKind) =>
  describe(`web authorization matrix (${label})`, () => {
    const start = webStarter(store)

    /** An admin, an owner with a session (phone set, groups cached), and the gateway's requests so far. */
    const setup = async () => {
      const web = await start()
      const { client: admin } = await activeClient(web, ADMIN_EMAIL)
      const { client: owner, id: userId } = await activeClient(web, "owner@example.com", admin)
      const { sessionName, id: sessionId } = await initiate(owner)
      await owner.api.user.updateSessionPhone.mutate({ id: sessionId, phoneNumber: OWNER_PHONE })
      web.fake.setGroups(sessionName, [{ id: "1@g.us", subject: "Secret group" }])
      web.fake.setContacts(sessionName, [{ id: "15551112222@c.us", number: "15551112222", name: "A secret contact" }])
      const ownerState = (await owner.api.user.getMessagingSession.query()).session
      return { web, admin, owner, ownerState, target: { sessionName, sessionId, userId } }
    }

    /** The owner's session is as it was, the gateway saw no stop/logout/delete/create. */
    const expectNothingChanged = async (
      web: TestWeb,
      owner: WebClient,
      ownerState: unknown,
      sessionName: string,
      mutatingBefore: number,
      events: number
    ) => {
      expect((await owner.api.user.getMessagingSession.query()).session).toEqual(ownerState)
      expect(mutatingRequests(web.fake).length).toBe(mutatingBefore)
      expect(web.fake.sessions.has(sessionName)).toBe(true)
      expect(await web.eventCount()).toBe(events)
    }

    it("anonymous callers get UNAUTHORIZED from admin.* and user.*; public auth.* work", async () => {
      const { web, owner, ownerState, target } = await setup()
      const mutatingBefore = mutatingRequests(web.fake).length
      const events = await web.eventCount()
      const anonymous = web.client()
      for (const c of protectedCalls(target)) {
        // a refusal carries no data (failure throws on an answer with data)
        const refused = await expectTrpcError(
          call(anonymous, c),
          "UNAUTHORIZED",
          `${c.path} ${JSON.stringify(c.input)}`
        )
        expect(refused.status).toBe(401)
      }
      // a made-up cookie is anonymous too
      const forged = web.client()
      forged.cookie = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
      await expectTrpcError(forged.api.user.getMessagingSession.query(), "UNAUTHORIZED")
      expect(await anonymous.api.auth.me.query()).toEqual({ user: null })
      expect(await anonymous.api.auth.signOut.mutate()).toEqual({ success: true })
      expect(await anonymous.api.auth.requestPasswordReset.mutate({ email: "owner@example.com" })).toEqual({
        success: true
      })
      await expectTrpcError(
        anonymous.api.auth.resetPassword.mutate({ token: "whatever", password: "long enough pw" }),
        "BAD_REQUEST"
      )
      await expectTrpcError(
        anonymous.api.auth.signIn.mutate({ email: "owner@example.com", password: "wrong password" }),
        "UNAUTHORIZED"
      )
      await expectNothingChanged(web, owner, ownerState, target.sessionName, mutatingBefore, events)
    })

    it("PENDING users get FORBIDDEN from admin.* and user.*; their auth.* work", async () => {
      const { web, owner, ownerState, target } = await setup()
      const pending = web.client()
      const user = await signUp(pending, "pending@example.com")
      expect(user.status).toBe("PENDING")
      const mutatingBefore = mutatingRequests(web.fake).length
      const events = await web.eventCount()
      for (const c of protectedCalls(target)) {
        const refused = await expectTrpcError(call(pending, c), "FORBIDDEN", `${c.path} ${JSON.stringify(c.input)}`)
        expect(refused.status).toBe(403)
      }
      // not even on what would be its own session
      for (const c of protectedCalls({ sessionName: "herald_mine", sessionId: "mine", userId: user.id })) {
        await expectTrpcError(call(pending, c), "FORBIDDEN", c.path)
      }
      expect((await pending.api.auth.me.query()).user?.status).toBe("PENDING")
      await expectNothingChanged(web, owner, ownerState, target.sessionName, mutatingBefore, events)
      expect(await pending.api.auth.signOut.mutate()).toEqual({ success: true })
    })

    it("another ACTIVE user gets NOT_FOUND for the owner's session (and FORBIDDEN from admin.*); nothing of the owner changes", async () => {
      const { web, admin, owner, ownerState, target } = await setup()
      const { client: other } = await activeClient(web, "other@example.com", admin)
      const mutatingBefore = mutatingRequests(web.fake).length
      const events = await web.eventCount()
      const bySession: ReadonlyArray<ProcedurePath> = [
        "user.getSessionStatus",
        "user.getSessionQR",
        "user.restartSession",
        "user.logoutSession",
        "user.getMessagingGroups",
        "user.getMessagingContacts",
        "user.getMessagingChannels"
      ]
      for (const c of protectedCalls(target)) {
        if (
          c.path === "user.initiateMessagingSession" ||
          c.path === "user.getMessagingSession" ||
          c.path === "apiKey.list" ||
          c.path === "webhookEndpoint.list"
        )
          continue
        const expected = c.path.startsWith("admin.") ? "FORBIDDEN" : c.invalid === true ? "BAD_REQUEST" : "NOT_FOUND"
        const refused = await expectTrpcError(call(other, c), expected, `${c.path} ${JSON.stringify(c.input)}`)
        expect(refused.body).not.toContain("Secret")
        expect(refused.body).not.toContain(OWNER_PHONE)
        if (bySession.includes(c.path) && expected === "NOT_FOUND")
          expect(refused.message).toBe("messaging session not found")
      }
      // a name that does not exist at all gives the same answer as someone else's (no existence oracle)
      const missing = await failure(other.api.user.getSessionStatus.query({ sessionName: "herald_doesnotexist" }))
      const owned = await failure(other.api.user.getSessionStatus.query({ sessionName: target.sessionName }))
      expect(missing.body).toEqual(owned.body)
      // its own view shows none of the owner's session
      expect(await other.api.user.getMessagingSession.query()).toEqual({ session: null })
      await expectNothingChanged(web, owner, ownerState, target.sessionName, mutatingBefore, events)
      // initiating makes its own, separate session
      const own = await initiate(other)
      expect(own.sessionName).not.toBe(target.sessionName)
      expect(own.id).not.toBe(target.sessionId)
      expect((await owner.api.user.getMessagingSession.query()).session).toEqual(ownerState)
      expect(
        web.fake.requests.filter(
          (r) => r.path.startsWith(`/api/sessions/${target.sessionName}/`) && r.method === "POST"
        )
      ).toEqual([])
    })

    it("a signed-out user's old cookie gets UNAUTHORIZED everywhere", async () => {
      const { web, owner, target } = await setup()
      const token = owner.cookie!
      await owner.api.auth.signOut.mutate()
      const stale = web.client()
      stale.cookie = token
      for (const c of protectedCalls(target)) {
        await expectTrpcError(call(stale, c), "UNAUTHORIZED", c.path)
      }
      expect(web.fake.sessions.has(target.sessionName)).toBe(true)
    })
  })

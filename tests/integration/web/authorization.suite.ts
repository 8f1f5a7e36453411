import { describe, expect, it } from "vitest"
import { ADMIN_EMAIL, signUp } from "../../support/webHarness.ts"
import type { StoreKind, TestWeb, TrpcClient, TrpcResponse } from "../../support/webHarness.ts"
import { activeClient, expectOk, initiate, mutatingRequests, webStarter } from "./webSuite.support.ts"

interface Call {
  readonly path: string
  readonly kind: "query" | "mutation"
  readonly input?: unknown
}

/** Every non-public procedure, aimed at the owner's session where it takes one. */
const protectedCalls = (owner: { sessionName: string; sessionId: string; userId: string }): Array<Call> => [
  { path: "admin.listUsers", kind: "query" },
  { path: "admin.listUsers", kind: "query", input: { status: "PENDING" } },
  { path: "admin.approveUser", kind: "mutation", input: { userId: owner.userId } },
  { path: "user.getMessagingSession", kind: "query" },
  { path: "user.initiateMessagingSession", kind: "mutation" },
  { path: "user.getSessionStatus", kind: "query", input: { sessionName: owner.sessionName } },
  { path: "user.getSessionQR", kind: "query", input: { sessionName: owner.sessionName } },
  { path: "user.restartSession", kind: "mutation", input: { sessionName: owner.sessionName } },
  { path: "user.updateSessionPhone", kind: "mutation", input: { id: owner.sessionId, phoneNumber: "+19998887777" } },
  { path: "user.logoutSession", kind: "mutation", input: { sessionName: owner.sessionName } },
  { path: "user.getMessagingGroups", kind: "query", input: { sessionName: owner.sessionName } },
  { path: "user.getMessagingContacts", kind: "query", input: { sessionName: owner.sessionName, search: "a" } },
  // reads only, but of the owner's session
  {
    path: "campaign.preview",
    kind: "mutation",
    input: { sessionName: owner.sessionName, groupId: "1@g.us", groupName: "Secret group", messages: [{ content: "x", scheduledAt: "2099-01-01T09:00:00Z" }] }
  },
  // invalid input too: authorization is decided first, so nothing about the input leaks
  { path: "user.getMessagingGroups", kind: "query", input: { sessionName: owner.sessionName, limit: 0 } },
  { path: "user.updateSessionPhone", kind: "mutation", input: { id: owner.sessionId, phoneNumber: "nope" } }
]

const call = (client: TrpcClient, c: Call): Promise<TrpcResponse> =>
  c.kind === "query" ? client.query(c.path, c.input) : client.mutation(c.path, c.input)

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
      expectOk(await owner.mutation("user.updateSessionPhone", { id: sessionId, phoneNumber: OWNER_PHONE }))
      web.fake.setGroups(sessionName, [{ id: "1@g.us", subject: "Secret group" }])
      web.fake.setContacts(sessionName, [{ id: "15551112222@c.us", number: "15551112222", name: "A secret contact" }])
      const ownerState = expectOk<{ session: unknown }>(await owner.query("user.getMessagingSession")).session
      return { web, admin, owner, ownerState, target: { sessionName, sessionId, userId } }
    }

    /** The owner's session is as it was, the gateway saw no stop/logout/delete/create. */
    const expectNothingChanged = async (
      web: TestWeb,
      owner: TrpcClient,
      ownerState: unknown,
      sessionName: string,
      mutatingBefore: number,
      events: number
    ) => {
      expect(expectOk<{ session: unknown }>(await owner.query("user.getMessagingSession")).session).toEqual(ownerState)
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
        const response = await call(anonymous, c)
        expect(response.error?.code, `${c.path} ${JSON.stringify(c.input)}`).toBe("UNAUTHORIZED")
        expect(response.status).toBe(401)
        expect(response.data).toBeUndefined()
      }
      // a made-up cookie is anonymous too
      const forged = web.client()
      forged.cookie = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
      expect((await forged.query("user.getMessagingSession")).error?.code).toBe("UNAUTHORIZED")
      expect(expectOk(await anonymous.query("auth.me"))).toEqual({ user: null })
      expect(expectOk(await anonymous.mutation("auth.signOut"))).toEqual({ success: true })
      expect(expectOk(await anonymous.mutation("auth.requestPasswordReset", { email: "owner@example.com" }))).toEqual({ success: true })
      expect((await anonymous.mutation("auth.resetPassword", { token: "whatever", password: "long enough pw" })).error?.code).toBe("BAD_REQUEST")
      expect((await anonymous.mutation("auth.signIn", { email: "owner@example.com", password: "wrong password" })).error?.code).toBe("UNAUTHORIZED")
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
        const response = await call(pending, c)
        expect(response.error?.code, `${c.path} ${JSON.stringify(c.input)}`).toBe("FORBIDDEN")
        expect(response.status).toBe(403)
      }
      // not even on what would be its own session
      for (const c of protectedCalls({ sessionName: "herald_mine", sessionId: "mine", userId: user.id })) {
        expect((await call(pending, c)).error?.code, c.path).toBe("FORBIDDEN")
      }
      expect(expectOk<{ user: { status: string } }>(await pending.query("auth.me")).user.status).toBe("PENDING")
      await expectNothingChanged(web, owner, ownerState, target.sessionName, mutatingBefore, events)
      expect(expectOk(await pending.mutation("auth.signOut"))).toEqual({ success: true })
    })

    it("another ACTIVE user gets NOT_FOUND for the owner's session (and FORBIDDEN from admin.*); nothing of the owner changes", async () => {
      const { web, admin, owner, ownerState, target } = await setup()
      const { client: other } = await activeClient(web, "other@example.com", admin)
      const mutatingBefore = mutatingRequests(web.fake).length
      const events = await web.eventCount()
      const bySession = ["user.getSessionStatus", "user.getSessionQR", "user.restartSession", "user.logoutSession", "user.getMessagingGroups", "user.getMessagingContacts"]
      for (const c of protectedCalls(target)) {
        if (c.path === "user.initiateMessagingSession" || c.path === "user.getMessagingSession") continue
        const response = await call(other, c)
        const expected = c.path.startsWith("admin.")
          ? "FORBIDDEN"
          : (c.input as { limit?: number; phoneNumber?: string }).limit === 0 || (c.input as { phoneNumber?: string }).phoneNumber === "nope"
          ? "BAD_REQUEST"
          : "NOT_FOUND"
        expect(response.error?.code, `${c.path} ${JSON.stringify(c.input)}`).toBe(expected)
        expect(JSON.stringify(response)).not.toContain("Secret")
        expect(JSON.stringify(response)).not.toContain(OWNER_PHONE)
        if (bySession.includes(c.path) && expected === "NOT_FOUND") expect(response.error?.message).toBe("messaging session not found")
      }
      // a name that does not exist at all gives the same answer as someone else's (no existence oracle)
      const missing = await other.query("user.getSessionStatus", { sessionName: "herald_doesnotexist" })
      const owned = await other.query("user.getSessionStatus", { sessionName: target.sessionName })
      expect(missing.error).toEqual(owned.error)
      // its own view shows none of the owner's session
      expect(expectOk(await other.query("user.getMessagingSession"))).toEqual({ session: null })
      await expectNothingChanged(web, owner, ownerState, target.sessionName, mutatingBefore, events)
      // initiating makes its own, separate session
      const own = await initiate(other)
      expect(own.sessionName).not.toBe(target.sessionName)
      expect(own.id).not.toBe(target.sessionId)
      expect(expectOk<{ session: unknown }>(await owner.query("user.getMessagingSession")).session).toEqual(ownerState)
      expect(web.fake.requests.filter((r) => r.path.startsWith(`/api/sessions/${target.sessionName}/`) && r.method === "POST")).toEqual([])
    })

    it("a signed-out user's old cookie gets UNAUTHORIZED everywhere", async () => {
      const { web, owner, target } = await setup()
      const token = owner.cookie!
      expectOk(await owner.mutation("auth.signOut"))
      const stale = web.client()
      stale.cookie = token
      for (const c of protectedCalls(target)) {
        expect((await call(stale, c)).error?.code, c.path).toBe("UNAUTHORIZED")
      }
      expect(web.fake.sessions.has(target.sessionName)).toBe(true)
    })
  })

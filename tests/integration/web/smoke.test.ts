import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eventually } from "../../support/eventually.ts"
import { codeOf, expectTrpcError } from "../../support/webClient.ts"
import type { TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp, startTestWeb } from "../../support/webHarness.ts"

describe("web smoke (memory)", () => {
  let web: TestWeb
  beforeAll(async () => {
    web = await startTestWeb()
  })
  afterAll(() => web.close())

  it("health, sign-up, session, groups", async () => {
    expect(await (await fetch(`${web.url}/health`)).json()).toEqual({ status: "ok" })
    expect((await fetch(`${web.url}/ready`)).status).toBe(200)
    const admin = web.client()
    const user = await signUp(admin, ADMIN_EMAIL)
    expect(user).toMatchObject({ role: "ADMIN", status: "ACTIVE" })
    expect(await admin.api.auth.me.query()).toEqual({ user: expect.objectContaining({ email: ADMIN_EMAIL }) })
    const { sessionName } = await admin.api.user.initiateMessagingSession.mutate()
    // WAHA lists the groups of a paired (WORKING) session only
    web.fake.setSessionStatus(sessionName, "WORKING")
    web.fake.setGroups(sessionName, [
      { id: "1@g.us", subject: "Alpha" },
      { id: "2@g.us", subject: "Beta" }
    ])
    const groups = await admin.api.user.getMessagingGroups.query({ sessionName, limit: 1 })
    expect(groups).toEqual({ items: [{ groupId: "1@g.us", groupName: "Alpha" }], nextCursor: 1 })
    const other = web.client()
    await signUp(other, "someone@example.com")
    await expectTrpcError(other.api.user.getMessagingGroups.query({ sessionName }), "FORBIDDEN")
  })

  it("a database outage reads as SERVICE_UNAVAILABLE for a signed-in caller, not as signed out", async () => {
    const user = web.client()
    await signUp(user, "outage@example.com")
    web.memory!.unavailable = "connect ECONNREFUSED 127.0.0.1:27017"
    try {
      await expectTrpcError(user.api.user.getMessagingSession.query(), "SERVICE_UNAVAILABLE")
      await expectTrpcError(user.api.auth.me.query(), "SERVICE_UNAVAILABLE")
      // every signed-in page shows auth.me's refusal: in the browser app's language
      const spanish = web.client({ headers: { "X-Herald-Locale": "es-ES" } })
      spanish.cookie = user.cookie
      expect((await expectTrpcError(spanish.api.auth.me.query(), "SERVICE_UNAVAILABLE")).message).toMatch(/^Herald no /)
      await expectTrpcError(web.client().api.user.getMessagingSession.query(), "UNAUTHORIZED")
    } finally {
      web.memory!.unavailable = null
    }
    expect(await user.api.auth.me.query()).toMatchObject({ user: { email: "outage@example.com" } })
  })

  it("concurrent wrong passwords cannot slip past the throttle, nor can a batch carry more than 10 calls", async () => {
    await signUp(web.client(), "target@example.com")
    const codes = await Promise.all(
      Array.from({ length: 12 }, () =>
        codeOf(web.client().api.auth.signIn.mutate({ email: "target@example.com", password: "wrong password" }))
      )
    )
    expect(codes.filter((c) => c === "UNAUTHORIZED")).toHaveLength(5)
    expect(codes.filter((c) => c === "TOO_MANY_REQUESTS")).toHaveLength(7)
    const batch = await fetch(
      `${web.url}/api/trpc/${Array.from({ length: 11 }, () => "auth.signIn").join(",")}?batch=1`,
      {
        method: "POST",
        headers: { origin: "http://herald.test", "content-type": "application/json" },
        body: JSON.stringify(
          Object.fromEntries(
            Array.from({ length: 11 }, (_, i) => [i, { email: "other@example.com", password: "guess" }])
          )
        )
      }
    )
    expect(batch.status).toBe(400)
  })

  it("a reset link works only while it is the newest, and asking for links is throttled per address", async () => {
    await signUp(web.client(), "forgetful@example.com")
    // the nth link, once mailed (after the answer: requestPasswordReset.ts)
    const linkOf = async (nth: number) => {
      const sent = await eventually(
        `reset link ${nth}`,
        () =>
          web.notifications.flatMap((n) =>
            n.kind === "PasswordResetLink" && n.to === "forgetful@example.com" ? [n] : []
          ),
        (links) => links.length >= nth,
        10_000
      )
      return new URL(sent[nth - 1]!.link).searchParams.get("token")!
    }
    const anon = web.client()
    await anon.api.auth.requestPasswordReset.mutate({ email: "forgetful@example.com" })
    const first = await linkOf(1)
    await anon.api.auth.requestPasswordReset.mutate({ email: "forgetful@example.com" })
    const second = await linkOf(2)
    expect(second).not.toBe(first)
    await expectTrpcError(
      anon.api.auth.resetPassword.mutate({ token: first, password: "new password 1" }),
      "BAD_REQUEST"
    )
    expect(await anon.api.auth.resetPassword.mutate({ token: second, password: "new password 1" })).toEqual({
      success: true
    })
    for (let i = 0; i < 3; i++) await anon.api.auth.requestPasswordReset.mutate({ email: "forgetful@example.com" })
    await expectTrpcError(
      anon.api.auth.requestPasswordReset.mutate({ email: "forgetful@example.com" }),
      "TOO_MANY_REQUESTS"
    )
    // the same for an address without an account: the answer tells nothing
    for (let i = 0; i < 5; i++)
      expect(await anon.api.auth.requestPasswordReset.mutate({ email: "nobody@example.com" })).toEqual({
        success: true
      })
    await expectTrpcError(
      anon.api.auth.requestPasswordReset.mutate({ email: "nobody@example.com" }),
      "TOO_MANY_REQUESTS"
    )
  })
})

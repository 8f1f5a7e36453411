import { describe, expect, it } from "vitest"
import { ADMIN_EMAIL, signUp } from "../../support/webHarness.ts"
import type { StoreKind, TestWeb, TrpcClient } from "../../support/webHarness.ts"
import { activeClient, cookieAttributes, expectOk, PASSWORD, sessionSetCookie, THIRTY_DAYS_S, webStarter } from "./webSuite.support.ts"

type User = { id: string; email: string; name: string; role: string; status: string; emailVerified: boolean }

const me = async (client: TrpcClient) => (expectOk<{ user: User | null }>(await client.query("auth.me"))).user

/** A client holding `token` as its cookie (as a browser that kept an old cookie would). */
const withToken = (web: TestWeb, token: string) => {
  const client = web.client()
  client.cookie = token
  return client
}

export const describeAuthApi = (label: string, store: () => StoreKind) =>
  describe(`web auth.* over HTTP (${label})`, () => {
    const start = webStarter(store)

    describe("signUp", () => {
      it("makes the ADMIN_EMAIL account ADMIN and ACTIVE (any case), and signs it in", async () => {
        const web = await start()
        const client = web.client()
        const response = await client.mutation("auth.signUp", { email: ADMIN_EMAIL.toUpperCase(), password: PASSWORD, name: "Ada" })
        const { user } = expectOk<{ user: User }>(response)
        expect(user).toEqual({ id: expect.any(String), email: ADMIN_EMAIL, name: "Ada", role: "ADMIN", status: "ACTIVE", emailVerified: true })
        expect(client.cookie).not.toBeNull()
        expect(await me(client)).toEqual(user)
      })

      it("makes other accounts PENDING USERs by default (REQUIRE_APPROVAL), with no access to user.*", async () => {
        const web = await start()
        const client = web.client()
        const user = await signUp(client, "bob@example.com", "Bob")
        expect(user).toMatchObject({ role: "USER", status: "PENDING" })
        expect((await client.query("user.getMessagingSession")).error?.code).toBe("FORBIDDEN")
        const registrations = web.notifications.filter((n) => n.kind === "NewRegistration")
        expect(registrations).toEqual([{ kind: "NewRegistration", email: "bob@example.com", name: "Bob", pending: true }])
      })

      it("makes accounts ACTIVE at once when approval is not required", async () => {
        const web = await start({ requireApproval: false })
        const client = web.client()
        expect(await signUp(client, "carol@example.com")).toMatchObject({ role: "USER", status: "ACTIVE" })
        expect(expectOk(await client.query("user.getMessagingSession"))).toEqual({ session: null })
      })

      it("refuses an address already registered, in any case, with CONFLICT and changes nothing", async () => {
        const web = await start()
        const first = web.client()
        const original = await signUp(first, "dave@example.com", "Dave")
        const events = await web.eventCount()
        for (const email of ["dave@example.com", "DAVE@Example.COM", "Dave@EXAMPLE.com"]) {
          const other = web.client()
          const response = await other.mutation("auth.signUp", { email, password: "another password", name: "Mallory" })
          expect(response.error?.code).toBe("CONFLICT")
          expect(response.status).toBe(409)
          expect(other.cookie).toBeNull()
          expect(sessionSetCookie(response)).toBeUndefined()
        }
        expect(await web.eventCount()).toBe(events)
        // the original account is untouched: same name, old password works, new one does not
        const signIn = web.client()
        expect(expectOk<{ user: User }>(await signIn.mutation("auth.signIn", { email: "dave@example.com", password: PASSWORD })).user)
          .toEqual({ ...original, email: "dave@example.com", name: "Dave" })
        expect((await web.client().mutation("auth.signIn", { email: "dave@example.com", password: "another password" })).error?.code)
          .toBe("UNAUTHORIZED")
      })

      it("concurrent sign-ups of one address: exactly one succeeds, the others are CONFLICT", async () => {
        const web = await start()
        const responses = await Promise.all(
          ["Zoe@example.com", "zoe@example.com", "ZOE@example.com"].map((email, i) =>
            web.client().mutation("auth.signUp", { email, password: `${PASSWORD} ${i}`, name: `Zoe ${i}` })
          )
        )
        expect(responses.filter((r) => r.error === null)).toHaveLength(1)
        expect(responses.filter((r) => r.error?.code === "CONFLICT")).toHaveLength(2)
        const winner = responses.findIndex((r) => r.error === null)
        expect(expectOk<{ user: User }>(await web.client().mutation("auth.signIn", { email: "zoe@example.com", password: `${PASSWORD} ${winner}` })).user.name)
          .toBe(`Zoe ${winner}`)
      })

      it("answers BAD_REQUEST to invalid input and writes nothing", async () => {
        const web = await start()
        const invalid: Array<unknown> = [
          { email: "not-an-email", password: PASSWORD, name: "X" },
          { email: "short@example.com", password: "1234567", name: "X" },
          { email: "noname@example.com", password: PASSWORD, name: "   " },
          { email: "noname@example.com", password: PASSWORD },
          { email: 42, password: PASSWORD, name: "X" },
          { email: "long@example.com", password: "x".repeat(257), name: "X" },
          { email: "long@example.com", password: PASSWORD, name: "n".repeat(101) },
          "just a string",
          null
        ]
        for (const input of invalid) {
          const client = web.client()
          const response = await client.mutation("auth.signUp", input)
          expect(response.error?.code, JSON.stringify(input)).toBe("BAD_REQUEST")
          expect(response.status).toBe(400)
          expect(client.cookie).toBeNull()
        }
        // each problem names its field, for the browser app to show it there
        const short = await web.client().mutation("auth.signUp", { email: "short@example.com", password: "1234567", name: "X" })
        expect(short.error?.issues).toEqual([{ path: "password", message: expect.stringContaining("8") }])
        expect(await web.eventCount()).toBe(0)
      })
    })

    describe("e-mail verification (real mail configured)", () => {
      const links = (web: TestWeb) => web.notifications.flatMap((n) => n.kind === "EmailVerificationLink" ? [n] : [])
      const tokenOf = (link: string) => new URL(link).searchParams.get("token")!
      const SAME_ANSWER = { user: null, verificationSent: true }

      it("signUp signs nobody in, mails a one-time link; the account can sign in only once the link is followed, and the admin hears of it only then", async () => {
        const web = await start({ verifyEmail: true })
        const client = web.client()
        const response = await client.mutation("auth.signUp", { email: "Una@Example.com", password: PASSWORD, name: "Una" })
        expect(expectOk(response)).toEqual(SAME_ANSWER)
        expect(sessionSetCookie(response)).toBeUndefined()
        expect(client.cookie).toBeNull()
        const [link] = links(web)
        expect(link).toMatchObject({ to: "una@example.com", expiresAt: expect.any(Number) })
        expect(link!.link.startsWith(`${web.authUrl}/verify-email?token=`)).toBe(true)
        expect(web.notifications.filter((n) => n.kind === "NewRegistration")).toEqual([])

        // the right password before verification: FORBIDDEN, saying what to do; a wrong one: UNAUTHORIZED as ever
        const early = await web.client().mutation("auth.signIn", { email: "una@example.com", password: PASSWORD })
        expect(early.error?.code).toBe("FORBIDDEN")
        expect(early.error?.message).toMatch(/confirm your e-mail address/)
        expect(sessionSetCookie(early)).toBeUndefined()
        expect((await web.client().mutation("auth.signIn", { email: "una@example.com", password: "wrong password" })).error?.code).toBe("UNAUTHORIZED")

        // the link alone is not enough: it confirms only with the password chosen at that sign-up
        const wrong = await web.client().mutation("auth.verifyEmail", { token: tokenOf(link!.link), password: "not the password" })
        expect(wrong.error?.code).toBe("BAD_REQUEST")
        expect(wrong.error?.message).toMatch(/another password/)
        expect((await web.client().mutation("auth.verifyEmail", { token: tokenOf(link!.link) })).error?.code).toBe("BAD_REQUEST")
        expect(expectOk(await web.client().mutation("auth.verifyEmail", { token: tokenOf(link!.link), password: PASSWORD }))).toEqual({ success: true })
        expect(web.notifications.filter((n) => n.kind === "NewRegistration")).toEqual([{ kind: "NewRegistration", email: "una@example.com", name: "Una", pending: true }])
        const signedIn = web.client()
        const user = expectOk<{ user: User }>(await signedIn.mutation("auth.signIn", { email: "una@example.com", password: PASSWORD })).user
        expect(user).toMatchObject({ email: "una@example.com", role: "USER", status: "PENDING", emailVerified: true })
        // the link works once
        const again = await web.client().mutation("auth.verifyEmail", { token: tokenOf(link!.link), password: PASSWORD })
        expect(again.error?.code).toBe("BAD_REQUEST")
        expect(web.notifications.filter((n) => n.kind === "NewRegistration")).toHaveLength(1)
      })

      it("a taken address gets the same answer, writes nothing, and its owner is told by mail; the owner's password still works", async () => {
        const web = await start({ verifyEmail: true, requireApproval: false })
        await web.client().mutation("auth.signUp", { email: "vera@example.com", password: PASSWORD, name: "Vera" })
        expectOk(await web.client().mutation("auth.verifyEmail", { token: tokenOf(links(web)[0]!.link), password: PASSWORD }))
        const events = await web.eventCount()
        const taken = await web.client().mutation("auth.signUp", { email: " VERA@example.com ", password: "mallory's password", name: "Mallory" })
        expect(taken.status).toBe(200)
        expect(expectOk(taken)).toEqual(SAME_ANSWER)
        expect(await web.eventCount()).toBe(events)
        expect(web.notifications.filter((n) => n.kind === "SignUpAttempted")).toEqual([{ kind: "SignUpAttempted", to: "vera@example.com" }])
        expect(links(web)).toHaveLength(1)
        expect(expectOk<{ user: User }>(await web.client().mutation("auth.signIn", { email: "vera@example.com", password: PASSWORD })).user.name).toBe("Vera")
      })

      it("nobody can squat ADMIN_EMAIL: an unverified sign-up is USER and PENDING, the real admin's sign-up replaces it (the squatter's link dies), and verifying makes it ADMIN and ACTIVE", async () => {
        const web = await start({ verifyEmail: true })
        const squat = await web.client().mutation("auth.signUp", { email: `  ${ADMIN_EMAIL.toUpperCase()}  `, password: "squatter password", name: "Mallory" })
        expect(expectOk(squat)).toEqual(SAME_ANSWER)
        const squatterLink = tokenOf(links(web)[0]!.link)
        expect((await web.client().mutation("auth.signIn", { email: ADMIN_EMAIL, password: "squatter password" })).error?.code).toBe("FORBIDDEN")

        expect(expectOk(await web.client().mutation("auth.signUp", { email: ADMIN_EMAIL, password: PASSWORD, name: "Boss" }))).toEqual(SAME_ANSWER)
        const adminLink = tokenOf(links(web)[1]!.link)
        expect((await web.client().mutation("auth.verifyEmail", { token: squatterLink, password: "squatter password" })).error?.code).toBe("BAD_REQUEST")
        expectOk(await web.client().mutation("auth.verifyEmail", { token: adminLink, password: PASSWORD }))
        const admin = web.client()
        const user = expectOk<{ user: User }>(await admin.mutation("auth.signIn", { email: ADMIN_EMAIL, password: PASSWORD })).user
        expect(user).toMatchObject({ name: "Boss", role: "ADMIN", status: "ACTIVE", emailVerified: true })
        expect((await web.client().mutation("auth.signIn", { email: ADMIN_EMAIL, password: "squatter password" })).error?.code).toBe("UNAUTHORIZED")
        const listed = expectOk<{ items: Array<User> }>(await admin.query("admin.listUsers")).items
        expect(listed.map((u) => [u.email, u.name])).toEqual([[ADMIN_EMAIL, "Boss"]])
      })

      it("a stranger signing up the owner's pending address after the owner cannot be confirmed by the owner's click: the newest link needs the stranger's password; the owner signs up again and wins", async () => {
        const web = await start({ verifyEmail: true })
        expectOk(await web.client().mutation("auth.signUp", { email: ADMIN_EMAIL, password: PASSWORD, name: "Boss" }))
        expectOk(await web.client().mutation("auth.signUp", { email: ADMIN_EMAIL, password: "attacker password", name: "Mallory" }))
        const [ownersLink, strangersLink] = links(web).map((l) => tokenOf(l.link))
        // the owner's own link died with the replacement; the newest one, in the owner's mailbox, is the stranger's
        expect((await web.client().mutation("auth.verifyEmail", { token: ownersLink!, password: PASSWORD })).error?.code).toBe("BAD_REQUEST")
        const clicked = await web.client().mutation("auth.verifyEmail", { token: strangersLink!, password: PASSWORD })
        expect(clicked.error?.code).toBe("BAD_REQUEST")
        expect((await web.client().mutation("auth.signIn", { email: ADMIN_EMAIL, password: "attacker password" })).error?.code).toBe("FORBIDDEN")
        // the owner signs up again and follows the newest link with their own password
        expectOk(await web.client().mutation("auth.signUp", { email: ADMIN_EMAIL, password: PASSWORD, name: "Boss" }))
        expectOk(await web.client().mutation("auth.verifyEmail", { token: tokenOf(links(web)[2]!.link), password: PASSWORD }))
        expect((await web.client().mutation("auth.signIn", { email: ADMIN_EMAIL, password: "attacker password" })).error?.code).toBe("UNAUTHORIZED")
        expect(expectOk<{ user: User }>(await web.client().mutation("auth.signIn", { email: ADMIN_EMAIL, password: PASSWORD })).user).toMatchObject({ name: "Boss", role: "ADMIN" })
      })

      it("verifyEmail refuses unknown, malformed and expired tokens with BAD_REQUEST and changes nothing", async () => {
        const web = await start({ verifyEmail: true, verificationTtlMs: 1 })
        await web.client().mutation("auth.signUp", { email: "walt@example.com", password: PASSWORD, name: "Walt" })
        const token = tokenOf(links(web)[0]!.link)
        const events = await web.eventCount()
        const [userId, secret] = [token.slice(0, token.lastIndexOf(".")), token.slice(token.lastIndexOf(".") + 1)]
        for (const bad of ["", "no-dot", `${userId}.`, `.${secret}`, `${userId}.${secret}x`, `someone-else.${secret}`, "x".repeat(201), token]) {
          const response = await web.client().mutation("auth.verifyEmail", { token: bad, password: PASSWORD })
          expect(response.error?.code, bad).toBe("BAD_REQUEST")
        }
        expect(await web.eventCount()).toBe(events)
        expect((await web.client().mutation("auth.signIn", { email: "walt@example.com", password: PASSWORD })).error?.code).toBe("FORBIDDEN")
      })
    })

    describe("signIn, cookies, signOut, me", () => {
      it("answers a wrong password and an unknown address alike (UNAUTHORIZED, same message), without a cookie", async () => {
        const web = await start()
        await signUp(web.client(), "erin@example.com")
        const wrong = await web.client().mutation("auth.signIn", { email: "erin@example.com", password: "not the password" })
        const unknown = await web.client().mutation("auth.signIn", { email: "nobody@example.com", password: "not the password" })
        expect(wrong.error?.code).toBe("UNAUTHORIZED")
        expect(unknown.error?.code).toBe("UNAUTHORIZED")
        expect(wrong.status).toBe(401)
        expect(unknown.error?.message).toBe(wrong.error?.message)
        expect(sessionSetCookie(wrong)).toBeUndefined()
        expect(sessionSetCookie(unknown)).toBeUndefined()
      })

      it("signs in (any case of the address) and sets an HttpOnly, SameSite=Lax, 30-day cookie, not Secure on http", async () => {
        const web = await start()
        const user = await signUp(web.client(), "frank@example.com")
        const client = web.client()
        const response = await client.mutation("auth.signIn", { email: "Frank@Example.com", password: PASSWORD })
        expect(expectOk<{ user: User }>(response).user).toMatchObject({ id: user.id, email: "frank@example.com" })
        const setCookie = sessionSetCookie(response)!
        expect(setCookie).toMatch(/^session=[a-z2-7]{16,64};/)
        const attributes = cookieAttributes(setCookie)
        expect(attributes.has("httponly")).toBe(true)
        expect(attributes.get("samesite")).toBe("Lax")
        expect(attributes.get("path")).toBe("/")
        expect(attributes.has("secure")).toBe(false)
        const maxAge = Number(attributes.get("max-age"))
        expect(maxAge).toBeGreaterThan(THIRTY_DAYS_S - 120)
        expect(maxAge).toBeLessThanOrEqual(THIRTY_DAYS_S)
        expect(await me(client)).toEqual({ id: user.id, email: "frank@example.com", name: "frank", role: "USER", status: "PENDING", emailVerified: true })
      })

      it("names the cookie __Host-session and marks it Secure when AUTH_URL is https (sign-up, sign-in and sign-out); a plain `session` cookie is ignored there", async () => {
        const web = await start({}, { authUrl: "https://herald.example" })
        const client = web.client()
        const up = await client.mutation("auth.signUp", { email: "grace@example.com", password: PASSWORD, name: "Grace" })
        expect(sessionSetCookie(up)).toMatch(/^__Host-session=[a-z2-7]{16,64}; Path=\/;/)
        expect(cookieAttributes(sessionSetCookie(up)!).has("secure")).toBe(true)
        expect((await me(client))?.email).toBe("grace@example.com")
        // the same token under the http name (as a cookie set by a plain-http page would be) signs nobody in
        const downgraded = withToken(web, client.cookie!)
        downgraded.cookieName = "session"
        expect(await me(downgraded)).toBeNull()
        const inResponse = await web.client().mutation("auth.signIn", { email: "grace@example.com", password: PASSWORD })
        expect(cookieAttributes(sessionSetCookie(inResponse)!).has("secure")).toBe(true)
        const out = await client.mutation("auth.signOut")
        expect(cookieAttributes(sessionSetCookie(out)!).has("secure")).toBe(true)
        expect(sessionSetCookie(out)).toMatch(/^__Host-session=;/)
        // the CSRF check follows AUTH_URL's origin too
        expect((await web.client().mutation("auth.signOut", undefined, { origin: "http://herald.test" })).status).toBe(403)
      })

      it("signOut clears the cookie and the old token no longer works", async () => {
        const web = await start({ requireApproval: false })
        const client = web.client()
        await signUp(client, "heidi@example.com")
        const token = client.cookie!
        const out = await client.mutation("auth.signOut")
        expect(expectOk(out)).toEqual({ success: true })
        const cleared = cookieAttributes(sessionSetCookie(out)!)
        expect(sessionSetCookie(out)).toMatch(/^session=;/)
        expect(cleared.get("max-age")).toBe("0")
        expect(client.cookie).toBeNull()
        const old = withToken(web, token)
        expect(await me(old)).toBeNull()
        expect((await old.query("user.getMessagingSession")).error?.code).toBe("UNAUTHORIZED")
        // signing out again (or anonymously) is harmless
        expect(expectOk(await old.mutation("auth.signOut"))).toEqual({ success: true })
      })

      it("signOut clears the cookie even when the database is unavailable (the call still fails with its error)", async (test) => {
        const web = await start({ requireApproval: false })
        if (web.memory === null) return test.skip("needs the memory store to take the database down")
        const client = web.client()
        await signUp(client, "ivan@example.com")
        const token = client.cookie!
        web.memory.unavailable = "down"
        const out = await client.mutation("auth.signOut")
        expect(out.error?.code).toBe("SERVICE_UNAVAILABLE")
        expect(sessionSetCookie(out)).toMatch(/^session=;/)
        expect(cookieAttributes(sessionSetCookie(out)!).get("max-age")).toBe("0")
        expect(client.cookie).toBeNull()
        // the session itself lives on server-side (nothing could be deleted): the old token still works
        web.memory.unavailable = null
        expect((await me(withToken(web, token)))?.email).toBe("ivan@example.com")
      })

      it("renews the cookie (sliding expiry) once the session is in its renewal window", async () => {
        const web = await start({ requireApproval: false, renewWithinMs: 31 * 24 * 60 * 60 * 1000 })
        const client = web.client()
        await signUp(client, "rene@example.com")
        const token = client.cookie
        const response = await client.query("auth.me")
        const renewed = sessionSetCookie(response)
        expect(renewed).toBeDefined()
        expect(renewed!.startsWith(`session=${token};`)).toBe(true)
        expect(Number(cookieAttributes(renewed!).get("max-age"))).toBeGreaterThan(THIRTY_DAYS_S - 120)
        // outside the window (default settings) no cookie is sent again
        const other = await start({ requireApproval: false })
        const plain = other.client()
        await signUp(plain, "rene@example.com")
        expect(sessionSetCookie(await plain.query("auth.me"))).toBeUndefined()
      })

      it("me: null when anonymous or with a made-up cookie; never shows a hash", async () => {
        const web = await start()
        expect(await me(web.client())).toBeNull()
        expect(await me(withToken(web, "abcdefghijklmnopqrstuvwxyz234567"))).toBeNull()
        const client = web.client()
        await signUp(client, "ivan@example.com")
        expect(Object.keys((await me(client))!).sort()).toEqual(["email", "emailVerified", "id", "name", "role", "status"])
      })

      it("rate-limits failed sign-ins per address: the 6th attempt is TOO_MANY_REQUESTS even with the right password", async () => {
        const web = await start()
        await signUp(web.client(), "judy@example.com")
        await signUp(web.client(), "ken@example.com")
        for (let i = 0; i < 5; i++) {
          expect((await web.client().mutation("auth.signIn", { email: "judy@example.com", password: `wrong ${i}` })).error?.code).toBe("UNAUTHORIZED")
        }
        const blocked = web.client()
        const response = await blocked.mutation("auth.signIn", { email: "JUDY@example.com", password: PASSWORD })
        expect(response.error?.code).toBe("TOO_MANY_REQUESTS")
        expect(response.status).toBe(429)
        expect(blocked.cookie).toBeNull()
        // another address is not blocked
        expect(expectOk<{ user: User }>(await web.client().mutation("auth.signIn", { email: "ken@example.com", password: PASSWORD })).user.email)
          .toBe("ken@example.com")
      })
    })

    describe("password reset", () => {
      const resetLinks = (web: TestWeb) =>
        web.notifications.flatMap((n) => n.kind === "PasswordResetLink" ? [n] : [])
      const tokenOf = (link: string) => new URL(link).searchParams.get("token")!

      it("always answers {success: true}; mails a link only when the account exists", async () => {
        const web = await start()
        await signUp(web.client(), "liz@example.com")
        const events = await web.eventCount()
        expect(expectOk(await web.client().mutation("auth.requestPasswordReset", { email: "nobody@example.com" }))).toEqual({ success: true })
        expect(resetLinks(web)).toEqual([])
        expect(expectOk(await web.client().mutation("auth.requestPasswordReset", { email: "LIZ@example.com" }))).toEqual({ success: true })
        const links = resetLinks(web)
        expect(links).toHaveLength(1)
        expect(links[0]!.to).toBe("liz@example.com")
        expect(links[0]!.link.startsWith(`${web.authUrl}/reset-password?token=`)).toBe(true)
        expect(await web.eventCount()).toBe(events)
      })

      it("resetPassword works once, ends every session of the user; the new password works, the old does not", async () => {
        const web = await start({ requireApproval: false })
        const first = web.client()
        await signUp(first, "mike@example.com")
        const second = web.client()
        expectOk(await second.mutation("auth.signIn", { email: "mike@example.com", password: PASSWORD }))
        const bystander = web.client()
        await signUp(bystander, "nina@example.com")
        await web.client().mutation("auth.requestPasswordReset", { email: "mike@example.com" })
        const token = tokenOf(resetLinks(web)[0]!.link)

        const reset = await web.client().mutation("auth.resetPassword", { token, password: "a brand new secret" })
        expect(expectOk(reset)).toEqual({ success: true })
        expect(await me(first)).toBeNull()
        expect(await me(second)).toBeNull()
        expect((await me(bystander))?.email).toBe("nina@example.com")

        const again = await web.client().mutation("auth.resetPassword", { token, password: "yet another secret" })
        expect(again.error?.code).toBe("BAD_REQUEST")
        expect((await web.client().mutation("auth.signIn", { email: "mike@example.com", password: PASSWORD })).error?.code).toBe("UNAUTHORIZED")
        expect((await web.client().mutation("auth.signIn", { email: "mike@example.com", password: "yet another secret" })).error?.code)
          .toBe("UNAUTHORIZED")
        expect(expectOk<{ user: User }>(await web.client().mutation("auth.signIn", { email: "mike@example.com", password: "a brand new secret" })).user.email)
          .toBe("mike@example.com")
      })

      it("refuses a bad token or a short password with BAD_REQUEST and changes nothing", async () => {
        const web = await start()
        await signUp(web.client(), "olga@example.com")
        await web.client().mutation("auth.requestPasswordReset", { email: "olga@example.com" })
        const token = tokenOf(resetLinks(web)[0]!.link)
        const events = await web.eventCount()
        expect((await web.client().mutation("auth.resetPassword", { token: "not-a-token", password: "a brand new secret" })).error?.code)
          .toBe("BAD_REQUEST")
        expect((await web.client().mutation("auth.resetPassword", { token: `${token}x`, password: "a brand new secret" })).error?.code)
          .toBe("BAD_REQUEST")
        expect((await web.client().mutation("auth.resetPassword", { token, password: "short" })).error?.code).toBe("BAD_REQUEST")
        expect((await web.client().mutation("auth.resetPassword", { token })).error?.code).toBe("BAD_REQUEST")
        expect(await web.eventCount()).toBe(events)
        // the real token survived the failed attempts, and concurrent uses of it succeed once
        const uses = await Promise.all(
          ["first new secret", "second new secret", "third new secret"].map((password) => web.client().mutation("auth.resetPassword", { token, password }))
        )
        expect(uses.filter((r) => r.error === null)).toHaveLength(1)
        expect(uses.filter((r) => r.error?.code === "BAD_REQUEST")).toHaveLength(2)
      })
    })

    describe("admin", () => {
      it("listUsers lists accounts, filtered by status; approveUser makes a PENDING account ACTIVE so user.* works", async () => {
        const web = await start()
        const { client: admin, id: adminId } = await activeClient(web, ADMIN_EMAIL)
        const pending = web.client()
        const p = await signUp(pending, "pat@example.com")
        const q = await signUp(web.client(), "quinn@example.com")
        const all = expectOk<{ items: Array<User> }>(await admin.query("admin.listUsers"))
        expect(all.items.map((u) => u.id).sort()).toEqual([adminId, p.id, q.id].sort())
        expect(all.items.every((u) => Object.keys(u).sort().join() === "email,emailVerified,id,name,role,status")).toBe(true)
        const pendingOnly = expectOk<{ items: Array<User> }>(await admin.query("admin.listUsers", { status: "PENDING" }))
        expect(pendingOnly.items.map((u) => u.email).sort()).toEqual(["pat@example.com", "quinn@example.com"])
        expect((await admin.query("admin.listUsers", { status: "BANNED" })).error?.code).toBe("BAD_REQUEST")

        expect((await pending.query("user.getMessagingSession")).error?.code).toBe("FORBIDDEN")
        expect(expectOk(await admin.mutation("admin.approveUser", { userId: p.id }))).toEqual({ success: true })
        // the same cookie now has access
        expect(expectOk(await pending.query("user.getMessagingSession"))).toEqual({ session: null })
        expect((await me(pending))?.status).toBe("ACTIVE")
        const active = expectOk<{ items: Array<User> }>(await admin.query("admin.listUsers", { status: "ACTIVE" }))
        expect(active.items.map((u) => u.id).sort()).toEqual([adminId, p.id].sort())
        // approving again changes nothing
        expect(expectOk(await admin.mutation("admin.approveUser", { userId: p.id }))).toEqual({ success: true })
      })

      it("approveUser of an unknown id is NOT_FOUND; non-admins get FORBIDDEN from admin.*", async () => {
        const web = await start()
        const { client: admin } = await activeClient(web, ADMIN_EMAIL)
        const events = await web.eventCount()
        expect((await admin.mutation("admin.approveUser", { userId: "no-such-user" })).error?.code).toBe("NOT_FOUND")
        expect((await admin.mutation("admin.approveUser", { userId: "" })).error?.code).toBe("BAD_REQUEST")
        expect(await web.eventCount()).toBe(events)
        const { client: user } = await activeClient(web, "rita@example.com", admin)
        const pendingClient = web.client()
        const pendingUser = await signUp(pendingClient, "sam@example.com")
        for (const caller of [user, pendingClient]) {
          expect((await caller.query("admin.listUsers")).error?.code).toBe("FORBIDDEN")
          const approve = await caller.mutation("admin.approveUser", { userId: pendingUser.id })
          expect(approve.error?.code).toBe("FORBIDDEN")
          expect(approve.status).toBe(403)
        }
        expect((await me(pendingClient))?.status).toBe("PENDING")
      })
    })
  })

import { describe, expect, it } from "vitest"
import { eventually } from "../../support/eventually.ts"
import type { WebClient } from "../../support/webClient.ts"
import { codeOf, expectTrpcError, failure } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp } from "../../support/webHarness.ts"
import {
  activeClient,
  cookieAttributes,
  PASSWORD,
  sessionSetCookie,
  THIRTY_DAYS_S,
  webStarter
} from "./webSuite.support.ts"

const me = async (client: WebClient) => (await client.api.auth.me.query()).user

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
        const { user } = await client.api.auth.signUp.mutate({
          email: ADMIN_EMAIL.toUpperCase(),
          password: PASSWORD,
          name: "Ada"
        })
        expect(user).toEqual({
          id: expect.any(String),
          email: ADMIN_EMAIL,
          name: "Ada",
          role: "ADMIN",
          status: "ACTIVE",
          emailVerified: true,
          timeZone: null,
          locale: null,
          language: null
        })
        expect(client.cookie).not.toBeNull()
        expect(await me(client)).toEqual(user)
      })

      it("makes other accounts PENDING USERs by default (REQUIRE_APPROVAL), with no access to user.*", async () => {
        const web = await start()
        const client = web.client()
        const user = await signUp(client, "bob@example.com", "Bob")
        expect(user).toMatchObject({ role: "USER", status: "PENDING" })
        await expectTrpcError(client.api.user.getMessagingSession.query(), "FORBIDDEN")
        const registrations = web.notifications.filter((n) => n.kind === "NewRegistration")
        expect(registrations).toEqual([
          {
            kind: "NewRegistration",
            email: "bob@example.com",
            name: "Bob",
            pending: true,
            // the admin page, a full link from AUTH_URL
            adminLink: `${web.authUrl}/admin`
          }
        ])
      })

      it("makes accounts ACTIVE at once when approval is not required", async () => {
        const web = await start({ requireApproval: false })
        const client = web.client()
        expect(await signUp(client, "carol@example.com")).toMatchObject({ role: "USER", status: "ACTIVE" })
        expect(await client.api.user.getMessagingSession.query()).toEqual({ session: null })
      })

      it("refuses an address already registered, in any case, with CONFLICT and changes nothing", async () => {
        const web = await start()
        const first = web.client()
        const original = await signUp(first, "dave@example.com", "Dave")
        const events = await web.eventCount()
        for (const email of ["dave@example.com", "DAVE@Example.COM", "Dave@EXAMPLE.com"]) {
          const other = web.client()
          const refused = await expectTrpcError(
            other.api.auth.signUp.mutate({ email, password: "another password", name: "Mallory" }),
            "CONFLICT"
          )
          expect(refused.status).toBe(409)
          expect(other.cookie).toBeNull()
          expect(sessionSetCookie(refused)).toBeUndefined()
        }
        expect(await web.eventCount()).toBe(events)
        // the original account is untouched: same name, old password works, new one does not
        const signIn = web.client()
        expect((await signIn.api.auth.signIn.mutate({ email: "dave@example.com", password: PASSWORD })).user).toEqual({
          ...original,
          email: "dave@example.com",
          name: "Dave"
        })
        await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: "dave@example.com", password: "another password" }),
          "UNAUTHORIZED"
        )
      })

      it("concurrent sign-ups of one address: exactly one succeeds, the others are CONFLICT", async () => {
        const web = await start()
        const codes = await Promise.all(
          ["Zoe@example.com", "zoe@example.com", "ZOE@example.com"].map((email, i) =>
            codeOf(web.client().api.auth.signUp.mutate({ email, password: `${PASSWORD} ${i}`, name: `Zoe ${i}` }))
          )
        )
        expect(codes.filter((c) => c === "OK")).toHaveLength(1)
        expect(codes.filter((c) => c === "CONFLICT")).toHaveLength(2)
        const winner = codes.indexOf("OK")
        expect(
          (await web.client().api.auth.signIn.mutate({ email: "zoe@example.com", password: `${PASSWORD} ${winner}` }))
            .user.name
        ).toBe(`Zoe ${winner}`)
      })

      it("throttles repeated sign-ups of one address, and says so as sign-ups (not failed sign-ins)", async () => {
        const web = await start()
        const client = web.client()
        // the first signs up, the next are CONFLICT (taken), until the throttle answers
        await client.api.auth.signUp.mutate({ email: "yan@example.com", password: PASSWORD, name: "Yan" })
        let refused: Awaited<ReturnType<typeof failure>> | null = null
        for (let i = 0; i < 12 && refused === null; i++) {
          const error = await failure(
            client.api.auth.signUp.mutate({ email: "yan@example.com", password: PASSWORD, name: "Yan" })
          )
          if (error.code === "TOO_MANY_REQUESTS") refused = error
          else expect(error.code).toBe("CONFLICT")
        }
        expect(refused?.message).toMatch(/^too many sign-ups; try again in \d+ minutes?$/)
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
          // wrong on purpose: the untyped client sends what the types would refuse
          const refused = await expectTrpcError(
            client.untyped.mutation("auth.signUp", input),
            "BAD_REQUEST",
            JSON.stringify(input)
          )
          expect(refused.status).toBe(400)
          expect(client.cookie).toBeNull()
        }
        // each problem names its field, for the browser app to show it there
        const short = await failure(
          web.client().api.auth.signUp.mutate({ email: "short@example.com", password: "1234567", name: "X" })
        )
        expect(short.issues).toEqual([{ path: "password", message: expect.stringContaining("8") }])
        expect(await web.eventCount()).toBe(0)
      })
    })

    describe("e-mail verification (real mail configured)", () => {
      const links = (web: TestWeb) => web.notifications.flatMap((n) => (n.kind === "EmailVerificationLink" ? [n] : []))
      const tokenOf = (link: string) => new URL(link).searchParams.get("token")!
      const SAME_ANSWER = { user: null, verificationSent: true }

      it("signUp signs nobody in, mails a one-time link; the account can sign in only once the link is followed, and the admin hears of it only then", async () => {
        const web = await start({ verifyEmail: true })
        const client = web.client()
        expect(
          await client.api.auth.signUp.mutate({ email: "Una@Example.com", password: PASSWORD, name: "Una" })
        ).toEqual(SAME_ANSWER)
        expect(sessionSetCookie(client.lastAnswer)).toBeUndefined()
        expect(client.cookie).toBeNull()
        const [link] = links(web)
        expect(link).toMatchObject({ to: "una@example.com", expiresAt: expect.any(Number) })
        expect(link!.link.startsWith(`${web.authUrl}/verify-email?token=`)).toBe(true)
        expect(web.notifications.filter((n) => n.kind === "NewRegistration")).toEqual([])

        // the right password before verification: FORBIDDEN, saying what to do; a wrong one: UNAUTHORIZED as ever
        const early = await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: "una@example.com", password: PASSWORD }),
          "FORBIDDEN"
        )
        expect(early.message).toMatch(/confirm your e-mail address/)
        expect(sessionSetCookie(early)).toBeUndefined()
        await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: "una@example.com", password: "wrong password" }),
          "UNAUTHORIZED"
        )

        // the link alone is not enough: it confirms only with the password chosen at that sign-up
        const wrong = await expectTrpcError(
          web.client().api.auth.verifyEmail.mutate({ token: tokenOf(link!.link), password: "not the password" }),
          "BAD_REQUEST"
        )
        expect(wrong.message).toMatch(/another password/)
        await expectTrpcError(
          web.client().untyped.mutation("auth.verifyEmail", { token: tokenOf(link!.link) }),
          "BAD_REQUEST"
        )
        expect(
          await web.client().api.auth.verifyEmail.mutate({ token: tokenOf(link!.link), password: PASSWORD })
        ).toEqual({ success: true })
        expect(web.notifications.filter((n) => n.kind === "NewRegistration")).toEqual([
          {
            kind: "NewRegistration",
            email: "una@example.com",
            name: "Una",
            pending: true,
            adminLink: `${web.authUrl}/admin`
          }
        ])
        const signedIn = web.client()
        const { user } = await signedIn.api.auth.signIn.mutate({ email: "una@example.com", password: PASSWORD })
        expect(user).toMatchObject({ email: "una@example.com", role: "USER", status: "PENDING", emailVerified: true })
        // the link works once
        await expectTrpcError(
          web.client().api.auth.verifyEmail.mutate({ token: tokenOf(link!.link), password: PASSWORD }),
          "BAD_REQUEST"
        )
        expect(web.notifications.filter((n) => n.kind === "NewRegistration")).toHaveLength(1)
      })

      it("a taken address gets the same answer, writes nothing, and its owner is told by mail; the owner's password still works", async () => {
        const web = await start({ verifyEmail: true, requireApproval: false })
        await web.client().api.auth.signUp.mutate({ email: "vera@example.com", password: PASSWORD, name: "Vera" })
        await web.client().api.auth.verifyEmail.mutate({ token: tokenOf(links(web)[0]!.link), password: PASSWORD })
        const events = await web.eventCount()
        const mallory = web.client()
        const taken = await mallory.api.auth.signUp.mutate({
          email: " VERA@example.com ",
          password: "mallory's password",
          name: "Mallory"
        })
        expect(mallory.lastAnswer.status).toBe(200)
        expect(taken).toEqual(SAME_ANSWER)
        expect(await web.eventCount()).toBe(events)
        expect(web.notifications.filter((n) => n.kind === "SignUpAttempted")).toEqual([
          // the account that has the address: its owner is the reader (language and all)
          { kind: "SignUpAttempted", to: "vera@example.com", reader: { timeZone: null, locale: null, language: null } }
        ])
        expect(links(web)).toHaveLength(1)
        expect(
          (await web.client().api.auth.signIn.mutate({ email: "vera@example.com", password: PASSWORD })).user.name
        ).toBe("Vera")
      })

      it("nobody can squat ADMIN_EMAIL: an unverified sign-up is USER and PENDING, the real admin's sign-up replaces it (the squatter's link dies), and verifying makes it ADMIN and ACTIVE", async () => {
        const web = await start({ verifyEmail: true })
        const squat = await web.client().api.auth.signUp.mutate({
          email: `  ${ADMIN_EMAIL.toUpperCase()}  `,
          password: "squatter password",
          name: "Mallory"
        })
        expect(squat).toEqual(SAME_ANSWER)
        const squatterLink = tokenOf(links(web)[0]!.link)
        await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: ADMIN_EMAIL, password: "squatter password" }),
          "FORBIDDEN"
        )

        expect(
          await web.client().api.auth.signUp.mutate({ email: ADMIN_EMAIL, password: PASSWORD, name: "Boss" })
        ).toEqual(SAME_ANSWER)
        const adminLink = tokenOf(links(web)[1]!.link)
        await expectTrpcError(
          web.client().api.auth.verifyEmail.mutate({ token: squatterLink, password: "squatter password" }),
          "BAD_REQUEST"
        )
        await web.client().api.auth.verifyEmail.mutate({ token: adminLink, password: PASSWORD })
        const admin = web.client()
        const { user } = await admin.api.auth.signIn.mutate({ email: ADMIN_EMAIL, password: PASSWORD })
        expect(user).toMatchObject({ name: "Boss", role: "ADMIN", status: "ACTIVE", emailVerified: true })
        await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: ADMIN_EMAIL, password: "squatter password" }),
          "UNAUTHORIZED"
        )
        const listed = (await admin.api.admin.listUsers.query()).items
        expect(listed.map((u) => [u.email, u.name])).toEqual([[ADMIN_EMAIL, "Boss"]])
      })

      it("a stranger signing up the owner's pending address after the owner cannot be confirmed by the owner's click: the newest link needs the stranger's password; the owner signs up again and wins", async () => {
        const web = await start({ verifyEmail: true })
        await web.client().api.auth.signUp.mutate({ email: ADMIN_EMAIL, password: PASSWORD, name: "Boss" })
        await web
          .client()
          .api.auth.signUp.mutate({ email: ADMIN_EMAIL, password: "attacker password", name: "Mallory" })
        const [ownersLink, strangersLink] = links(web).map((l) => tokenOf(l.link))
        // the owner's own link died with the replacement; the newest one, in the owner's mailbox, is the stranger's
        await expectTrpcError(
          web.client().api.auth.verifyEmail.mutate({ token: ownersLink!, password: PASSWORD }),
          "BAD_REQUEST"
        )
        await expectTrpcError(
          web.client().api.auth.verifyEmail.mutate({ token: strangersLink!, password: PASSWORD }),
          "BAD_REQUEST"
        )
        await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: ADMIN_EMAIL, password: "attacker password" }),
          "FORBIDDEN"
        )
        // the owner signs up again and follows the newest link with their own password
        await web.client().api.auth.signUp.mutate({ email: ADMIN_EMAIL, password: PASSWORD, name: "Boss" })
        await web.client().api.auth.verifyEmail.mutate({ token: tokenOf(links(web)[2]!.link), password: PASSWORD })
        await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: ADMIN_EMAIL, password: "attacker password" }),
          "UNAUTHORIZED"
        )
        expect(
          (await web.client().api.auth.signIn.mutate({ email: ADMIN_EMAIL, password: PASSWORD })).user
        ).toMatchObject({ name: "Boss", role: "ADMIN" })
      })

      it("verifyEmail refuses unknown, malformed and expired tokens with BAD_REQUEST and changes nothing", async () => {
        const web = await start({ verifyEmail: true, verificationTtlMs: 1 })
        await web.client().api.auth.signUp.mutate({ email: "walt@example.com", password: PASSWORD, name: "Walt" })
        const token = tokenOf(links(web)[0]!.link)
        const events = await web.eventCount()
        const [userId, secret] = [token.slice(0, token.lastIndexOf(".")), token.slice(token.lastIndexOf(".") + 1)]
        for (const bad of [
          "",
          "no-dot",
          `${userId}.`,
          `.${secret}`,
          `${userId}.${secret}x`,
          `someone-else.${secret}`,
          "x".repeat(201),
          token
        ]) {
          await expectTrpcError(
            web.client().api.auth.verifyEmail.mutate({ token: bad, password: PASSWORD }),
            "BAD_REQUEST",
            bad
          )
        }
        expect(await web.eventCount()).toBe(events)
        await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: "walt@example.com", password: PASSWORD }),
          "FORBIDDEN"
        )
      })

      it("a link is no password oracle: the 6th wrong password from one client is TOO_MANY_REQUESTS, and so is the right one after it; another client is not affected", async () => {
        const web = await start({ verifyEmail: true, maxFailedSignIns: 5 }, { trustProxy: 1 })
        await web.client().api.auth.signUp.mutate({ email: "xena@example.com", password: PASSWORD, name: "Xena" })
        const token = tokenOf(links(web)[0]!.link)
        const from = (client: string) => web.client({ headers: { "x-forwarded-for": client } })
        for (let i = 0; i < 5; i++) {
          await expectTrpcError(
            from("198.51.100.7").api.auth.verifyEmail.mutate({ token, password: `guess ${i}` }),
            "BAD_REQUEST"
          )
        }
        const refused = await expectTrpcError(
          from("198.51.100.7").api.auth.verifyEmail.mutate({ token, password: "guess 5" }),
          "TOO_MANY_REQUESTS"
        )
        expect(refused.status).toBe(429)
        expect(refused.message).toMatch(/^too many failed tries of this link; try again in \d+ minutes?$/)
        // the right password from the throttled client is refused as well: a guesser learns nothing
        await expectTrpcError(
          from("198.51.100.7").api.auth.verifyEmail.mutate({ token, password: PASSWORD }),
          "TOO_MANY_REQUESTS"
        )
        expect(web.notifications.filter((n) => n.kind === "NewRegistration")).toEqual([])
        // the owner, elsewhere, confirms
        expect(await from("203.0.113.9").api.auth.verifyEmail.mutate({ token, password: PASSWORD })).toEqual({
          success: true
        })
      })
    })

    describe("signIn, cookies, signOut, me", () => {
      it("answers a wrong password and an unknown address alike (UNAUTHORIZED, same message), without a cookie", async () => {
        const web = await start()
        await signUp(web.client(), "erin@example.com")
        const wrong = await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: "erin@example.com", password: "not the password" }),
          "UNAUTHORIZED"
        )
        const unknown = await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: "nobody@example.com", password: "not the password" }),
          "UNAUTHORIZED"
        )
        expect(wrong.status).toBe(401)
        expect(unknown.message).toBe(wrong.message)
        expect(wrong.message).toBe("wrong e-mail or password")
        // the browser app's language, asked for by X-Herald-Locale; API callers keep the English above
        const spanish = await expectTrpcError(
          web
            .client({ headers: { "X-Herald-Locale": "es-MX" } })
            .api.auth.signIn.mutate({ email: "erin@example.com", password: "not the password" }),
          "UNAUTHORIZED"
        )
        expect(spanish.message).toBe("El correo o la contraseña no son correctos.")
        expect(sessionSetCookie(wrong)).toBeUndefined()
        expect(sessionSetCookie(unknown)).toBeUndefined()
      })

      it("signs in (any case of the address) and sets an HttpOnly, SameSite=Lax, 30-day cookie, not Secure on http", async () => {
        const web = await start()
        const user = await signUp(web.client(), "frank@example.com")
        const client = web.client()
        expect(
          (await client.api.auth.signIn.mutate({ email: "Frank@Example.com", password: PASSWORD })).user
        ).toMatchObject({ id: user.id, email: "frank@example.com" })
        const setCookie = sessionSetCookie(client.lastAnswer)!
        expect(setCookie).toMatch(/^session=[a-z2-7]{16,64};/)
        const attributes = cookieAttributes(setCookie)
        expect(attributes.has("httponly")).toBe(true)
        expect(attributes.get("samesite")).toBe("Lax")
        expect(attributes.get("path")).toBe("/")
        expect(attributes.has("secure")).toBe(false)
        const maxAge = Number(attributes.get("max-age"))
        expect(maxAge).toBeGreaterThan(THIRTY_DAYS_S - 120)
        expect(maxAge).toBeLessThanOrEqual(THIRTY_DAYS_S)
        expect(await me(client)).toEqual({
          id: user.id,
          email: "frank@example.com",
          name: "frank",
          role: "USER",
          status: "PENDING",
          emailVerified: true,
          timeZone: null,
          locale: null,
          language: null
        })
      })

      it("names the cookie __Host-session and marks it Secure when AUTH_URL is https (sign-up, sign-in and sign-out); a plain `session` cookie is ignored there", async () => {
        const web = await start({}, { authUrl: "https://herald.example" })
        const client = web.client()
        await client.api.auth.signUp.mutate({ email: "grace@example.com", password: PASSWORD, name: "Grace" })
        const up = client.lastAnswer
        expect(sessionSetCookie(up)).toMatch(/^__Host-session=[a-z2-7]{16,64}; Path=\/;/)
        expect(cookieAttributes(sessionSetCookie(up)!).has("secure")).toBe(true)
        expect((await me(client))?.email).toBe("grace@example.com")
        // the same token under the http name (as a cookie set by a plain-http page would be) signs nobody in
        const downgraded = withToken(web, client.cookie!)
        downgraded.cookieName = "session"
        expect(await me(downgraded)).toBeNull()
        const signingIn = web.client()
        await signingIn.api.auth.signIn.mutate({ email: "grace@example.com", password: PASSWORD })
        expect(cookieAttributes(sessionSetCookie(signingIn.lastAnswer)!).has("secure")).toBe(true)
        await client.api.auth.signOut.mutate()
        const out = client.lastAnswer
        expect(cookieAttributes(sessionSetCookie(out)!).has("secure")).toBe(true)
        expect(sessionSetCookie(out)).toMatch(/^__Host-session=;/)
        // the CSRF check follows AUTH_URL's origin too
        expect((await failure(web.client({ origin: "http://herald.test" }).api.auth.signOut.mutate())).status).toBe(403)
      })

      it("signOut clears the cookie and the old token no longer works", async () => {
        const web = await start({ requireApproval: false })
        const client = web.client()
        await signUp(client, "heidi@example.com")
        const token = client.cookie!
        expect(await client.api.auth.signOut.mutate()).toEqual({ success: true })
        const out = client.lastAnswer
        const cleared = cookieAttributes(sessionSetCookie(out)!)
        expect(sessionSetCookie(out)).toMatch(/^session=;/)
        expect(cleared.get("max-age")).toBe("0")
        expect(client.cookie).toBeNull()
        const old = withToken(web, token)
        expect(await me(old)).toBeNull()
        await expectTrpcError(old.api.user.getMessagingSession.query(), "UNAUTHORIZED")
        // signing out again (or anonymously) is harmless
        expect(await old.api.auth.signOut.mutate()).toEqual({ success: true })
      })

      it("signOut clears the cookie even when the database is unavailable (the call still fails with its error)", async (test) => {
        const web = await start({ requireApproval: false })
        if (web.memory === null) return test.skip("needs the memory store to take the database down")
        const client = web.client()
        await signUp(client, "ivan@example.com")
        const token = client.cookie!
        web.memory.unavailable = "down"
        const out = await expectTrpcError(client.api.auth.signOut.mutate(), "SERVICE_UNAVAILABLE")
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
        await client.api.auth.me.query()
        const renewed = sessionSetCookie(client.lastAnswer)
        expect(renewed).toBeDefined()
        expect(renewed!.startsWith(`session=${token};`)).toBe(true)
        expect(Number(cookieAttributes(renewed!).get("max-age"))).toBeGreaterThan(THIRTY_DAYS_S - 120)
        // outside the window (default settings) no cookie is sent again
        const other = await start({ requireApproval: false })
        const plain = other.client()
        await signUp(plain, "rene@example.com")
        await plain.api.auth.me.query()
        expect(sessionSetCookie(plain.lastAnswer)).toBeUndefined()
      })

      it("me: null when anonymous or with a made-up cookie; never shows a hash", async () => {
        const web = await start()
        expect(await me(web.client())).toBeNull()
        expect(await me(withToken(web, "abcdefghijklmnopqrstuvwxyz234567"))).toBeNull()
        const client = web.client()
        await signUp(client, "ivan@example.com")
        expect(Object.keys((await me(client))!).sort()).toEqual([
          "email",
          "emailVerified",
          "id",
          "language",
          "locale",
          "name",
          "role",
          "status",
          "timeZone"
        ])
      })

      it("rate-limits failed sign-ins per address: the 6th attempt is TOO_MANY_REQUESTS even with the right password", async () => {
        const web = await start()
        await signUp(web.client(), "judy@example.com")
        await signUp(web.client(), "ken@example.com")
        for (let i = 0; i < 5; i++) {
          await expectTrpcError(
            web.client().api.auth.signIn.mutate({ email: "judy@example.com", password: `wrong ${i}` }),
            "UNAUTHORIZED"
          )
        }
        const blocked = web.client()
        const refused = await expectTrpcError(
          blocked.api.auth.signIn.mutate({ email: "JUDY@example.com", password: PASSWORD }),
          "TOO_MANY_REQUESTS"
        )
        expect(refused.status).toBe(429)
        expect(blocked.cookie).toBeNull()
        // another address is not blocked
        expect(
          (await web.client().api.auth.signIn.mutate({ email: "ken@example.com", password: PASSWORD })).user.email
        ).toBe("ken@example.com")
      })
    })

    describe("password reset", () => {
      const resetLinks = (web: TestWeb) => web.notifications.flatMap((n) => (n.kind === "PasswordResetLink" ? [n] : []))
      const tokenOf = (link: string) => new URL(link).searchParams.get("token")!
      // the link is mailed after the answer (requestPasswordReset.ts): wait for it
      const resetLinkTo = async (web: TestWeb, to: string) =>
        (
          await eventually(
            `a reset link to ${to}`,
            () => resetLinks(web).filter((n) => n.to === to),
            (links) => links.length > 0,
            10_000
          )
        ).at(-1)!

      it("always answers {success: true}; mails a link only when the account exists", async () => {
        const web = await start()
        await signUp(web.client(), "liz@example.com")
        const events = await web.eventCount()
        expect(await web.client().api.auth.requestPasswordReset.mutate({ email: "nobody@example.com" })).toEqual({
          success: true
        })
        expect(await web.client().api.auth.requestPasswordReset.mutate({ email: "LIZ@example.com" })).toEqual({
          success: true
        })
        const link = await resetLinkTo(web, "liz@example.com")
        expect(link.link.startsWith(`${web.authUrl}/reset-password?token=`)).toBe(true)
        // nobody's request, started first and with less to do, mailed nothing
        expect(resetLinks(web)).toEqual([link])
        expect(await web.eventCount()).toBe(events)
      })

      it("resetPassword works once, ends every session of the user; the new password works, the old does not", async () => {
        const web = await start({ requireApproval: false })
        const first = web.client()
        await signUp(first, "mike@example.com")
        const second = web.client()
        await second.api.auth.signIn.mutate({ email: "mike@example.com", password: PASSWORD })
        const bystander = web.client()
        await signUp(bystander, "nina@example.com")
        // a key made with the session (a stolen one, say) must not outlive the reset
        const { key } = await first.api.apiKey.create.mutate({ name: "made before", access: "write" })
        const script = web.client({ origin: null, headers: { authorization: `Bearer ${key}` } })
        await script.api.campaign.list.query()
        await web.client().api.auth.requestPasswordReset.mutate({ email: "mike@example.com" })
        const token = tokenOf((await resetLinkTo(web, "mike@example.com")).link)

        expect(await web.client().api.auth.resetPassword.mutate({ token, password: "a brand new secret" })).toEqual({
          success: true
        })
        expect(await me(first)).toBeNull()
        expect(await me(second)).toBeNull()
        await expectTrpcError(script.api.campaign.list.query(), "UNAUTHORIZED")
        expect((await me(bystander))?.email).toBe("nina@example.com")

        await expectTrpcError(
          web.client().api.auth.resetPassword.mutate({ token, password: "yet another secret" }),
          "BAD_REQUEST"
        )
        await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: "mike@example.com", password: PASSWORD }),
          "UNAUTHORIZED"
        )
        await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: "mike@example.com", password: "yet another secret" }),
          "UNAUTHORIZED"
        )
        expect(
          (await web.client().api.auth.signIn.mutate({ email: "mike@example.com", password: "a brand new secret" }))
            .user.email
        ).toBe("mike@example.com")
      })

      it("refuses a bad token or a short password with BAD_REQUEST and changes nothing", async () => {
        const web = await start()
        await signUp(web.client(), "olga@example.com")
        await web.client().api.auth.requestPasswordReset.mutate({ email: "olga@example.com" })
        const token = tokenOf((await resetLinkTo(web, "olga@example.com")).link)
        const events = await web.eventCount()
        await expectTrpcError(
          web.client().api.auth.resetPassword.mutate({ token: "not-a-token", password: "a brand new secret" }),
          "BAD_REQUEST"
        )
        await expectTrpcError(
          web.client().api.auth.resetPassword.mutate({ token: `${token}x`, password: "a brand new secret" }),
          "BAD_REQUEST"
        )
        await expectTrpcError(web.client().api.auth.resetPassword.mutate({ token, password: "short" }), "BAD_REQUEST")
        await expectTrpcError(web.client().untyped.mutation("auth.resetPassword", { token }), "BAD_REQUEST")
        expect(await web.eventCount()).toBe(events)
        // the real token survived the failed attempts, and concurrent uses of it succeed once
        const uses = await Promise.all(
          ["first new secret", "second new secret", "third new secret"].map((password) =>
            codeOf(web.client().api.auth.resetPassword.mutate({ token, password }))
          )
        )
        expect(uses.filter((c) => c === "OK")).toHaveLength(1)
        expect(uses.filter((c) => c === "BAD_REQUEST")).toHaveLength(2)
      })
    })

    describe("admin", () => {
      it("listUsers lists accounts, filtered by status; approveUser makes a PENDING account ACTIVE so user.* works", async () => {
        const web = await start()
        const { client: admin, id: adminId } = await activeClient(web, ADMIN_EMAIL)
        const pending = web.client()
        const p = await signUp(pending, "pat@example.com")
        const q = await signUp(web.client(), "quinn@example.com")
        const all = await admin.api.admin.listUsers.query()
        expect(all.items.map((u) => u.id).sort()).toEqual([adminId, p.id, q.id].sort())
        expect(
          all.items.every(
            (u) => Object.keys(u).sort().join() === "email,emailVerified,id,language,locale,name,role,status,timeZone"
          )
        ).toBe(true)
        const pendingOnly = await admin.api.admin.listUsers.query({ status: "PENDING" })
        expect(pendingOnly.items.map((u) => u.email).sort()).toEqual(["pat@example.com", "quinn@example.com"])
        await expectTrpcError(admin.untyped.query("admin.listUsers", { status: "BANNED" }), "BAD_REQUEST")

        await expectTrpcError(pending.api.user.getMessagingSession.query(), "FORBIDDEN")
        expect(await admin.api.admin.approveUser.mutate({ userId: p.id })).toEqual({ success: true })
        // the same cookie now has access
        expect(await pending.api.user.getMessagingSession.query()).toEqual({ session: null })
        expect((await me(pending))?.status).toBe("ACTIVE")
        const active = await admin.api.admin.listUsers.query({ status: "ACTIVE" })
        expect(active.items.map((u) => u.id).sort()).toEqual([adminId, p.id].sort())
        // approving again changes nothing
        expect(await admin.api.admin.approveUser.mutate({ userId: p.id })).toEqual({ success: true })
      })

      it("approveUser of an unknown id is NOT_FOUND; non-admins get FORBIDDEN from admin.*", async () => {
        const web = await start()
        const { client: admin } = await activeClient(web, ADMIN_EMAIL)
        const events = await web.eventCount()
        await expectTrpcError(admin.api.admin.approveUser.mutate({ userId: "no-such-user" }), "NOT_FOUND")
        await expectTrpcError(admin.api.admin.approveUser.mutate({ userId: "" }), "BAD_REQUEST")
        expect(await web.eventCount()).toBe(events)
        const { client: user } = await activeClient(web, "rita@example.com", admin)
        const pendingClient = web.client()
        const pendingUser = await signUp(pendingClient, "sam@example.com")
        for (const caller of [user, pendingClient]) {
          await expectTrpcError(caller.api.admin.listUsers.query(), "FORBIDDEN")
          const approve = await expectTrpcError(
            caller.api.admin.approveUser.mutate({ userId: pendingUser.id }),
            "FORBIDDEN"
          )
          expect(approve.status).toBe(403)
        }
        expect((await me(pendingClient))?.status).toBe("PENDING")
      })

      it("rejectUser declines a PENDING account: its session ends, sign-in says it was declined (only with the right password), its owner is told; enableUser lets it in", async () => {
        const web = await start()
        const { client: admin } = await activeClient(web, ADMIN_EMAIL)
        const owner = web.client()
        const nina = await signUp(owner, "nina@example.com", "Nina")
        expect((await me(owner))?.status).toBe("PENDING")
        expect(await admin.api.admin.rejectUser.mutate({ userId: nina.id })).toEqual({ success: true })
        expect(await me(owner)).toBeNull()
        expect((await admin.api.admin.listUsers.query({ status: "REJECTED" })).items).toEqual([
          { ...nina, status: "REJECTED" }
        ])
        const declined = await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: "nina@example.com", password: PASSWORD }),
          "FORBIDDEN"
        )
        expect(declined.message).toBe(
          `your request for an account was declined by the administrator; ask ${ADMIN_EMAIL} if you think this is a mistake`
        )
        expect(sessionSetCookie(declined)).toBeUndefined()
        const wrong = await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: "nina@example.com", password: "not the password" }),
          "UNAUTHORIZED"
        )
        expect(wrong.message).not.toMatch(/declined/)
        expect(web.notifications.filter((n) => n.kind === "AccountRejected")).toEqual([
          {
            kind: "AccountRejected",
            to: "nina@example.com",
            name: "Nina",
            reader: { timeZone: null, locale: null, language: null }
          }
        ])
        // declining twice changes nothing and tells nobody again
        expect(await admin.api.admin.rejectUser.mutate({ userId: nina.id })).toEqual({ success: true })
        expect(web.notifications.filter((n) => n.kind === "AccountRejected")).toHaveLength(1)

        expect(await admin.api.admin.enableUser.mutate({ userId: nina.id })).toEqual({ success: true })
        const again = web.client()
        expect(
          (await again.api.auth.signIn.mutate({ email: "nina@example.com", password: PASSWORD })).user.status
        ).toBe("ACTIVE")
        expect(await again.api.user.getMessagingSession.query()).toEqual({ session: null })
        expect(web.notifications.filter((n) => n.kind === "AccountApproved")).toEqual([
          {
            kind: "AccountApproved",
            to: "nina@example.com",
            name: "Nina",
            reader: { timeZone: null, locale: null, language: null },
            again: false,
            signInLink: `${web.authUrl}/sign-in`
          }
        ])
      })

      it("disableUser: the account's open browsers are refused at once (UNAUTHORIZED), sign-in says it was disabled and whom to ask; enableUser lets it in again", async () => {
        const web = await start()
        const { client: admin } = await activeClient(web, ADMIN_EMAIL)
        const { client: laptop, id: oscarId } = await activeClient(web, "oscar@example.com", admin)
        const phone = web.client()
        await phone.api.auth.signIn.mutate({ email: "oscar@example.com", password: PASSWORD })
        expect(web.notifications.filter((n) => n.kind === "AccountApproved")).toEqual([
          expect.objectContaining({ to: "oscar@example.com", again: false, signInLink: `${web.authUrl}/sign-in` })
        ])
        expect(await admin.api.admin.disableUser.mutate({ userId: oscarId })).toEqual({ success: true })
        for (const browser of [laptop, phone]) {
          const refused = await expectTrpcError(browser.api.user.getMessagingSession.query(), "UNAUTHORIZED")
          expect(refused.message).toBe("sign in first")
          expect(await me(browser)).toBeNull()
        }
        expect((await admin.api.admin.listUsers.query({ status: "DISABLED" })).items.map((u) => u.id)).toEqual([
          oscarId
        ])
        const disabled = await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: "oscar@example.com", password: PASSWORD }),
          "FORBIDDEN"
        )
        expect(disabled.message).toBe(
          `this account was disabled by the administrator; ask ${ADMIN_EMAIL} to enable it again`
        )
        expect(sessionSetCookie(disabled)).toBeUndefined()
        const wrong = await expectTrpcError(
          web.client().api.auth.signIn.mutate({ email: "oscar@example.com", password: "not the password" }),
          "UNAUTHORIZED"
        )
        expect(wrong.message).not.toMatch(/disabled/)
        // a disabled account is enabled, not approved
        const approve = await expectTrpcError(admin.api.admin.approveUser.mutate({ userId: oscarId }), "CONFLICT")
        expect(approve.message).toBe("this account cannot be approved: it is disabled now; reload the list")

        expect(await admin.api.admin.enableUser.mutate({ userId: oscarId })).toEqual({ success: true })
        const back = web.client()
        await back.api.auth.signIn.mutate({ email: "oscar@example.com", password: PASSWORD })
        expect(await back.api.user.getMessagingSession.query()).toEqual({ session: null })
        expect(web.notifications.filter((n) => n.kind === "AccountApproved").at(-1)).toMatchObject({
          to: "oscar@example.com",
          again: true
        })
      })

      it("the admin cannot disable or decline their own account; decisions that do not apply are CONFLICT; unknown ids NOT_FOUND; non-admins FORBIDDEN", async () => {
        const web = await start()
        const { client: admin, id: adminId } = await activeClient(web, ADMIN_EMAIL)
        const events = await web.eventCount()
        // Thunks, so each call starts only when awaited: an eager array would leave the second
        // rejection unhandled while the first is awaited.
        for (const call of [
          () => admin.api.admin.disableUser.mutate({ userId: adminId }),
          () => admin.api.admin.rejectUser.mutate({ userId: adminId })
        ]) {
          const refused = await expectTrpcError(call(), "FORBIDDEN")
          expect(refused.message).toBe(
            "you cannot disable or decline your own account: another administrator would have to"
          )
        }
        expect(await web.eventCount()).toBe(events)
        expect((await me(admin))?.status).toBe("ACTIVE")
        const pending = await signUp(web.client(), "pia@example.com")
        const { client: user, id: userId } = await activeClient(web, "uma@example.com", admin)
        const disablePending = await expectTrpcError(
          admin.api.admin.disableUser.mutate({ userId: pending.id }),
          "CONFLICT"
        )
        expect(disablePending.message).toBe(
          "this account cannot be disabled: it is waiting for approval now; reload the list"
        )
        await expectTrpcError(admin.api.admin.rejectUser.mutate({ userId }), "CONFLICT")
        await expectTrpcError(admin.api.admin.enableUser.mutate({ userId: pending.id }), "CONFLICT")
        for (const procedure of ["rejectUser", "disableUser", "enableUser"] as const) {
          await expectTrpcError(admin.api.admin[procedure].mutate({ userId: "no-such-user" }), "NOT_FOUND")
          await expectTrpcError(admin.untyped.mutation(`admin.${procedure}`, { userId: "" }), "BAD_REQUEST")
          await expectTrpcError(user.api.admin[procedure].mutate({ userId: pending.id }), "FORBIDDEN")
        }
        expect((await admin.api.admin.listUsers.query({ status: "PENDING" })).items.map((u) => u.id)).toEqual([
          pending.id
        ])
      })

      it("auth.install says the next account becomes the admin only on an empty install that makes its first account the admin", async () => {
        const web = await start({ adminEmail: null, firstAccountIsAdmin: true })
        const anonymous = web.client()
        expect(await anonymous.api.auth.install.query()).toEqual({ firstAccountBecomesAdmin: true })
        const first = await signUp(web.client(), "first@example.com")
        expect(first).toMatchObject({ role: "ADMIN", status: "ACTIVE" })
        expect(await anonymous.api.auth.install.query()).toEqual({ firstAccountBecomesAdmin: false })
        // with ADMIN_EMAIL (the default here) never, even when empty
        const configured = await start()
        expect(await configured.client().api.auth.install.query()).toEqual({ firstAccountBecomesAdmin: false })
      })
    })
    describe("preferences (time zone and locale, for the mails)", () => {
      const NY = { timeZone: "America/New_York", locale: "en-US" }

      it("setPreferences keeps them canonical and me answers them; the same again writes nothing", async () => {
        const web = await start()
        const client = web.client()
        await signUp(client, ADMIN_EMAIL)
        expect(await me(client)).toMatchObject({ timeZone: null, locale: null })
        expect(await client.api.auth.setPreferences.mutate({ timeZone: "america/new_york", locale: "EN-us" })).toEqual({
          success: true
        })
        expect(await me(client)).toMatchObject(NY)
        const events = await web.eventCount()
        expect(await client.api.auth.setPreferences.mutate(NY)).toEqual({ success: true })
        expect(await web.eventCount()).toBe(events)
        // an old name of a zone is kept by today's
        await client.api.auth.setPreferences.mutate({ timeZone: "Asia/Calcutta", locale: "en-IN" })
        expect(await me(client)).toMatchObject({ timeZone: "Asia/Kolkata", locale: "en-IN" })
        // and forgotten again
        await client.api.auth.setPreferences.mutate({ timeZone: null, locale: null })
        expect(await me(client)).toMatchObject({ timeZone: null, locale: null })
      })

      it("setLanguage keeps the app's language the owner chose apart from the browser's locale; the same again writes nothing", async () => {
        const web = await start()
        const client = web.client()
        await signUp(client, ADMIN_EMAIL)
        expect(await me(client)).toMatchObject({ language: null })
        await client.api.auth.setLanguage.mutate({ language: "pt-BR" })
        expect(await me(client)).toMatchObject({ language: "pt-BR" })
        const events = await web.eventCount()
        await client.api.auth.setLanguage.mutate({ language: "pt-BR" })
        expect(await web.eventCount()).toBe(events)
        // the browser's zone and locale, kept on every load, leave the choice alone
        await client.api.auth.setPreferences.mutate(NY)
        expect(await me(client)).toMatchObject({ ...NY, language: "pt-BR" })
        await client.api.auth.setLanguage.mutate({ language: null })
        expect(await me(client)).toMatchObject({ ...NY, language: null })
      })

      it("refuses a zone or locale Intl does not know with BAD_REQUEST at its field, in plain words, and changes nothing", async () => {
        const web = await start()
        const client = web.client()
        await signUp(client, ADMIN_EMAIL)
        await client.api.auth.setPreferences.mutate(NY)
        const events = await web.eventCount()
        const zone = await expectTrpcError(
          client.api.auth.setPreferences.mutate({ timeZone: "Mars/Olympus_Mons", locale: "en-US" }),
          "BAD_REQUEST"
        )
        expect(zone.message).toMatch(/time zone is not known/)
        expect(zone.issues).toEqual([{ path: "timeZone", message: zone.message }])
        const locale = await expectTrpcError(
          client.api.auth.setPreferences.mutate({ timeZone: "Europe/Berlin", locale: "en_US" }),
          "BAD_REQUEST"
        )
        expect(locale.issues).toEqual([{ path: "locale", message: expect.stringMatching(/language setting/) }])
        await expectTrpcError(client.api.auth.setPreferences.mutate({ timeZone: "", locale: "de" }), "BAD_REQUEST")
        expect(await web.eventCount()).toBe(events)
        expect(await me(client)).toMatchObject(NY)
      })

      it("needs a signed-in, approved account: UNAUTHORIZED signed out, FORBIDDEN while waiting for approval", async () => {
        const web = await start()
        await expectTrpcError(web.client().api.auth.setPreferences.mutate(NY), "UNAUTHORIZED")
        await signUp(web.client(), ADMIN_EMAIL)
        const waiting = web.client()
        await signUp(waiting, "wait@example.com")
        await expectTrpcError(waiting.api.auth.setPreferences.mutate(NY), "FORBIDDEN")
      })

      it("signUp keeps the browser's zone and locale for the account, and its verification link is mailed in them", async () => {
        const web = await start({ verifyEmail: true })
        await web.client().api.auth.signUp.mutate({
          email: "nia@example.com",
          password: PASSWORD,
          name: "Nia",
          timeZone: "America/New_York",
          locale: "en-US"
        })
        const link = web.notifications.find((n) => n.kind === "EmailVerificationLink")
        expect(link).toMatchObject({ to: "nia@example.com", reader: NY })
        // a browser's value Intl does not know is not worth refusing the sign-up for: that part stays unknown
        await web.client().api.auth.signUp.mutate({
          email: "oz@example.com",
          password: PASSWORD,
          name: "Oz",
          timeZone: "Nowhere/Atlantis",
          locale: "de-DE"
        })
        const second = web.notifications.filter((n) => n.kind === "EmailVerificationLink").at(-1)
        expect(second).toMatchObject({ to: "oz@example.com", reader: { timeZone: null, locale: "de-DE" } })
      })

      it("requestPasswordReset: the account's stored preferences win over the browser's, which fill only what is unknown", async () => {
        const web = await start()
        const known = web.client()
        await signUp(known, ADMIN_EMAIL)
        await known.api.auth.setPreferences.mutate({ timeZone: "Europe/Berlin", locale: null })
        await signUp(web.client(), "new@example.com")
        const offered = { timeZone: "America/New_York", locale: "en-US" }
        await web.client().api.auth.requestPasswordReset.mutate({ email: ADMIN_EMAIL, ...offered })
        await web.client().api.auth.requestPasswordReset.mutate({ email: "new@example.com", ...offered })
        const links = await eventually(
          "both reset links",
          () => web.notifications.flatMap((n) => (n.kind === "PasswordResetLink" ? [n] : [])),
          (found) => found.length === 2,
          10_000
        )
        expect(links.find((n) => n.to === ADMIN_EMAIL)?.reader).toEqual({
          timeZone: "Europe/Berlin",
          locale: "en-US",
          language: null
        })
        expect(links.find((n) => n.to === "new@example.com")?.reader).toEqual({ ...NY, language: null })
        // an anonymous request never changes the account
        expect(await me(known)).toMatchObject({ timeZone: "Europe/Berlin", locale: null })
      })
    })
  })

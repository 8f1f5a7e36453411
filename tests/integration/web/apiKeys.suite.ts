import { describe, expect, it } from "vitest"
import { BAD_KEYS_PER_CLIENT } from "../../../src/application/apiKey/BadKeyThrottle.ts"
import { API_KEY_REQUESTS, MAX_API_KEYS_PER_ACCOUNT } from "../../../src/domain/apiKey/ApiKey.ts"
import { eventually } from "../../support/eventually.ts"
import type { WebClient } from "../../support/webClient.ts"
import { codeOf, expectTrpcError } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, startTestWeb } from "../../support/webHarness.ts"
import { activeClient, initiate, webStarter } from "./webSuite.support.ts"

const GROUP = { groupId: "120363000000000009@g.us", groupName: "Choir" }
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1_000).toISOString()

/** A script's client: the key in `Authorization`, no cookie, no Origin. */
const keyClient = (web: TestWeb, key: string): WebClient =>
  web.client({ origin: null, headers: { authorization: `Bearer ${key}` } })

export const describeApiKeyApi = (label: string, store: () => StoreKind) =>
  describe(`web API keys (${label})`, () => {
    const start = webStarter(store)

    /** An admin and an ACTIVE owner with a messaging session. */
    const setup = async () => {
      const web = await start()
      const { client: admin } = await activeClient(web, ADMIN_EMAIL)
      const { client: owner, id: ownerId } = await activeClient(web, "owner@example.com", admin)
      const { sessionName } = await initiate(owner)
      return { web, admin, owner, ownerId, sessionName }
    }

    it("create answers the key once; list shows name, access and times, never the key or its digest; a write key lists and plans campaigns without Origin or cookie, and its last use shows", async () => {
      const { web, owner, sessionName } = await setup()
      const created = await owner.api.apiKey.create.mutate({ name: "  Shop's weekly post  ", access: "write" })
      expect(created).toEqual({ id: expect.any(String), key: expect.stringMatching(/^hk_[A-Za-z0-9_-]{43}$/) })
      const createBody = owner.lastAnswer.body
      expect(createBody).toContain(created.key)
      const listed = await owner.api.apiKey.list.query()
      expect(listed).toEqual({
        items: [
          {
            id: created.id,
            name: "Shop's weekly post",
            access: "write",
            createdAt: expect.any(String),
            lastUsedAt: null,
            expiresAt: null,
            revoked: false
          }
        ]
      })
      expect(owner.lastAnswer.body).not.toContain(created.key)
      expect(owner.lastAnswer.body).not.toMatch(/digest/)

      const script = keyClient(web, created.key)
      expect(await script.api.campaign.list.query()).toMatchObject({ items: [] })
      const planned = await script.api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        title: "Weekly post",
        messages: [{ content: "Open on Saturday", scheduledAt: inDays(2) }]
      })
      expect(script.lastAnswer.status).toBe(200)
      expect(script.lastAnswer.body).not.toContain(created.key)
      // the account sees what its key planned
      expect((await owner.api.campaign.list.query()).items.map((c) => c.id)).toEqual([planned.id])
      expect(await script.api.campaign.get.query({ id: planned.id })).toMatchObject({ title: "Weekly post" })
      // session and user procedures act for the account too
      expect((await script.api.user.getMessagingSession.query()).session).toMatchObject({ sessionName })
      const [key] = (await owner.api.apiKey.list.query()).items
      expect(key?.lastUsedAt).toEqual(expect.any(String))
      // the key never reached the log
      expect(web.logs.some((line) => line.text.includes(created.key))).toBe(false)
    })

    it("a read key calls queries only: a mutation is FORBIDDEN 'this key can only read' and changes nothing", async () => {
      const { web, owner, sessionName } = await setup()
      const { key } = await owner.api.apiKey.create.mutate({ name: "dashboard", access: "read" })
      const reader = keyClient(web, key)
      expect(await reader.api.campaign.list.query()).toMatchObject({ items: [] })
      const events = web.store.kind === "sqlite" ? null : await web.eventCount()
      const refused = await expectTrpcError(
        reader.api.campaign.create.mutate({
          sessionName,
          ...GROUP,
          messages: [{ content: "nope", scheduledAt: inDays(2) }]
        }),
        "FORBIDDEN"
      )
      expect(refused.message).toBe("this key can only read")
      expect(refused.status).toBe(403)
      await expectTrpcError(reader.api.user.restartSession.mutate({ sessionName }), "FORBIDDEN")
      if (events !== null) expect(await web.eventCount()).toBe(events)
      expect((await owner.api.campaign.list.query()).items).toEqual([])
    })

    it("a key is FORBIDDEN on auth.*, admin.* and apiKey.*, even the admin's write key", async () => {
      const { web, admin, owner, ownerId } = await setup()
      const { key, id } = await admin.api.apiKey.create.mutate({ name: "admin script", access: "write" })
      const script = keyClient(web, key)
      const calls: ReadonlyArray<[string, () => Promise<unknown>]> = [
        ["auth.me", () => script.api.auth.me.query()],
        ["auth.signOut", () => script.api.auth.signOut.mutate()],
        [
          "auth.setPreferences",
          () => script.api.auth.setPreferences.mutate({ timeZone: "Europe/Berlin", locale: "de-DE" })
        ],
        ["auth.setLanguage", () => script.api.auth.setLanguage.mutate({ language: "de" })],
        ["auth.signIn", () => script.api.auth.signIn.mutate({ email: ADMIN_EMAIL, password: "correct horse battery" })],
        ["admin.listUsers", () => script.api.admin.listUsers.query()],
        ["admin.disableUser", () => script.api.admin.disableUser.mutate({ userId: ownerId })],
        ["apiKey.list", () => script.api.apiKey.list.query()],
        ["apiKey.create", () => script.api.apiKey.create.mutate({ name: "another", access: "write" })],
        ["apiKey.revoke", () => script.api.apiKey.revoke.mutate({ id })]
      ]
      for (const [path, call] of calls) {
        const refused = await expectTrpcError(call(), "FORBIDDEN", path)
        expect(refused.message).toMatch(/an API key cannot be used for this/)
      }
      // nothing happened: the owner is still in, the admin still has one key, unrevoked
      expect((await owner.api.auth.me.query()).user).toMatchObject({ status: "ACTIVE" })
      expect((await admin.api.auth.me.query()).user).toMatchObject({ timeZone: null, locale: null })
      expect((await admin.api.apiKey.list.query()).items).toMatchObject([{ id, revoked: false }])
    })

    it("a revoked key is refused with 401 at its next request; disabling an account revokes its keys: refused, and still once enabled", async () => {
      const { web, admin, owner, ownerId } = await setup()
      const first = await owner.api.apiKey.create.mutate({ name: "first", access: "write" })
      const second = await owner.api.apiKey.create.mutate({ name: "second", access: "read" })
      const script = keyClient(web, first.key)
      await script.api.campaign.list.query()
      expect(await owner.api.apiKey.revoke.mutate({ id: first.id })).toEqual({ success: true })
      const refused = await expectTrpcError(script.api.campaign.list.query(), "UNAUTHORIZED")
      expect(refused.status).toBe(401)
      expect(refused.message).toBe("this API key is not valid: it may be revoked or expired")
      expect(refused.body).not.toContain(first.key)
      // revoking again is fine; the list says revoked
      expect(await owner.api.apiKey.revoke.mutate({ id: first.id })).toEqual({ success: true })
      expect((await owner.api.apiKey.list.query()).items.map((k) => [k.name, k.revoked])).toEqual([
        ["second", false],
        ["first", true]
      ])

      const reader = keyClient(web, second.key)
      await reader.api.campaign.list.query()
      await admin.api.admin.disableUser.mutate({ userId: ownerId })
      expect((await expectTrpcError(reader.api.campaign.list.query(), "UNAUTHORIZED")).status).toBe(401)
      await admin.api.admin.enableUser.mutate({ userId: ownerId })
      // an account is often disabled because it was taken over: its keys do not come back
      expect((await expectTrpcError(reader.api.campaign.list.query(), "UNAUTHORIZED")).status).toBe(401)
      expect(await codeOf(script.api.campaign.list.query())).toBe("UNAUTHORIZED")
    })

    it("linking or unlinking a phone is never done with a key, read or write (the QR code links whoever scans it); a read key may preview and read a CSV, which save nothing", async () => {
      const { web, owner, sessionName } = await setup()
      const writer = keyClient(web, (await owner.api.apiKey.create.mutate({ name: "w", access: "write" })).key)
      const reader = keyClient(web, (await owner.api.apiKey.create.mutate({ name: "r", access: "read" })).key)
      for (const script of [writer, reader]) {
        for (const call of [
          () => script.api.user.getSessionQR.query({ sessionName }),
          () => script.api.user.initiateMessagingSession.mutate(),
          () => script.api.user.logoutSession.mutate({ sessionName })
        ]) {
          const refused = await expectTrpcError(call(), "FORBIDDEN")
          expect(refused.message).toMatch(/an API key cannot be used for this/)
        }
      }
      expect(await reader.api.user.getSessionStatus.query({ sessionName })).toMatchObject({
        status: expect.any(String)
      })
      const preview = await reader.api.campaign.preview.mutate({
        sessionName,
        ...GROUP,
        title: "Weekly post",
        messages: [{ content: "Open on Saturday", scheduledAt: inDays(2) }]
      })
      expect(preview).toBeTruthy()
      expect(await reader.api.campaign.list.query()).toMatchObject({ items: [] })
    })

    it("each key has its own allowance of requests: past it 429 with Retry-After, other keys go on", async () => {
      const { web, owner } = await setup()
      const busy = keyClient(web, (await owner.api.apiKey.create.mutate({ name: "busy", access: "read" })).key)
      const calm = keyClient(web, (await owner.api.apiKey.create.mutate({ name: "calm", access: "read" })).key)
      for (let i = 0; i < API_KEY_REQUESTS.limit; i++) await busy.api.campaign.list.query()
      const refused = await expectTrpcError(busy.api.campaign.list.query(), "TOO_MANY_REQUESTS")
      expect(refused.status).toBe(429)
      expect(refused.message).toMatch(/^this API key made too many requests; try again in \d+ seconds?$/)
      expect(Number(busy.lastAnswer.headers.get("retry-after"))).toBeGreaterThan(0)
      expect(await calm.api.campaign.list.query()).toMatchObject({ items: [] })
    })

    it("a key is refused with 401 once its expiry passes; an expiry in the past is refused at create, naming the field", async () => {
      const { web, owner } = await setup()
      const invalid = await expectTrpcError(
        owner.api.apiKey.create.mutate({
          name: "old",
          access: "read",
          expiresAt: new Date(Date.now() - 1).toISOString()
        }),
        "BAD_REQUEST"
      )
      expect(invalid.issues).toEqual([{ path: "expiresAt", message: "the expiry must be in the future" }])
      const expiresAt = new Date(Date.now() + 3_000).toISOString()
      const { key } = await owner.api.apiKey.create.mutate({ name: "short", access: "read", expiresAt })
      expect((await owner.api.apiKey.list.query()).items[0]?.expiresAt).toBe(expiresAt)
      const script = keyClient(web, key)
      // refused from its expiry on (a condition with a deadline, not a sleep)
      await eventually(
        "the expired key refused",
        () => codeOf(script.api.campaign.list.query()),
        (c) => c !== "OK",
        10_000
      )
      expect(await codeOf(script.api.campaign.list.query())).toBe("UNAUTHORIZED")
    })

    it("one user never sees or touches another's keys: revoke of their id or an unknown one is NOT_FOUND, and their key still works", async () => {
      const { web, admin, owner } = await setup()
      const { client: other } = await activeClient(web, "other@example.com", admin)
      const theirs = await other.api.apiKey.create.mutate({ name: "theirs", access: "read" })
      await owner.api.apiKey.create.mutate({ name: "mine", access: "read" })
      const refused = await expectTrpcError(owner.api.apiKey.revoke.mutate({ id: theirs.id }), "NOT_FOUND")
      expect(refused.message).toBe("API key not found")
      await expectTrpcError(owner.api.apiKey.revoke.mutate({ id: "no-such-key" }), "NOT_FOUND")
      expect((await owner.api.apiKey.list.query()).items.map((k) => k.name)).toEqual(["mine"])
      expect((await other.api.apiKey.list.query()).items).toMatchObject([{ id: theirs.id, revoked: false }])
      expect(await keyClient(web, theirs.key).api.campaign.list.query()).toMatchObject({ items: [] })
      // anonymous callers get UNAUTHORIZED from apiKey.*
      await expectTrpcError(web.client().api.apiKey.list.query(), "UNAUTHORIZED")
    })

    it("names are trimmed 1–60 characters, access read or write; an account holds at most the limit of usable keys, with a clear error", async () => {
      const { owner } = await setup()
      const blank = await expectTrpcError(
        owner.api.apiKey.create.mutate({ name: "   ", access: "read" }),
        "BAD_REQUEST"
      )
      expect(blank.issues).toEqual([{ path: "name", message: "give the key a name" }])
      const long = await expectTrpcError(
        owner.api.apiKey.create.mutate({ name: "x".repeat(61), access: "read" }),
        "BAD_REQUEST"
      )
      expect(long.issues?.[0]?.path).toBe("name")
      const access = await expectTrpcError(
        owner.untyped.mutation("apiKey.create", { name: "k", access: "admin" }),
        "BAD_REQUEST"
      )
      expect(access.issues).toEqual([{ path: "access", message: "access must be read or write" }])
      const ids: Array<string> = []
      for (let i = 0; i < MAX_API_KEYS_PER_ACCOUNT; i++)
        ids.push((await owner.api.apiKey.create.mutate({ name: `key ${i}`, access: "read" })).id)
      const full = await expectTrpcError(
        owner.api.apiKey.create.mutate({ name: "one more", access: "read" }),
        "PRECONDITION_FAILED"
      )
      expect(full.message).toBe(
        `you already have ${MAX_API_KEYS_PER_ACCOUNT} API keys in use; revoke one you no longer need first`
      )
      await owner.api.apiKey.revoke.mutate({ id: ids[0]! })
      expect(await owner.api.apiKey.create.mutate({ name: "one more", access: "read" })).toMatchObject({
        key: expect.stringMatching(/^hk_/)
      })
    })

    it("a flood of bad keys from one address is refused (429); a good key from there is not, nor are cookie callers", async () => {
      const { web, owner } = await setup()
      const { key } = await owner.api.apiKey.create.mutate({ name: "good", access: "read" })
      for (let i = 0; i < BAD_KEYS_PER_CLIENT; i++) {
        const guess = keyClient(web, i % 2 === 0 ? `hk_${"A".repeat(42)}${i % 10}` : "not-a-key")
        expect(await codeOf(guess.api.campaign.list.query())).toBe("UNAUTHORIZED")
      }
      const refused = await expectTrpcError(keyClient(web, "not-a-key").api.campaign.list.query(), "TOO_MANY_REQUESTS")
      expect(refused.status).toBe(429)
      expect(refused.message).toMatch(/^too many invalid API keys from your address; try again in \d+ minutes?$/)
      // a script's bad keys do not lock out its neighbours' good ones behind the same address
      expect(await keyClient(web, key).api.campaign.list.query()).toMatchObject({ items: [] })
      expect(await owner.api.campaign.list.query()).toMatchObject({ items: [] })
    })

    it("CSRF: a request with a key and no cookie needs no Origin; with a cookie it keeps the Origin check", async () => {
      const { web, owner, sessionName } = await setup()
      const { key } = await owner.api.apiKey.create.mutate({ name: "ci", access: "write" })
      const foreign = web.client({ origin: "https://evil.example", headers: { authorization: `Bearer ${key}` } })
      // no cookie: the key is no ambient credential, Origin does not matter
      expect(await codeOf(foreign.api.user.restartSession.mutate({ sessionName }))).not.toBe("FORBIDDEN")
      foreign.cookie = owner.cookie
      await foreign.api.user.restartSession.mutate({ sessionName }).catch(() => undefined)
      expect(foreign.lastAnswer.status).toBe(403)
      expect(JSON.parse(foreign.lastAnswer.body)).toEqual({
        error: { message: "cross-site request refused: Origin must be the application's own", code: "FORBIDDEN" }
      })
    })

    if (store().kind === "mongo")
      it("a key revoked through one web process is refused at once by another on the same database", async () => {
        const { web, owner } = await setup()
        const other = await startTestWeb(web.store)
        try {
          const { id, key } = await owner.api.apiKey.create.mutate({ name: "shared", access: "read" })
          const elsewhere = keyClient(other, key)
          expect(await elsewhere.api.campaign.list.query()).toMatchObject({ items: [] })
          await owner.api.apiKey.revoke.mutate({ id })
          expect(await codeOf(elsewhere.api.campaign.list.query())).toBe("UNAUTHORIZED")
        } finally {
          await other.close()
        }
      })
  })

import { createHash } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { keyedIds } from "../../../src/application/idempotency/keyedIds.ts"
import { requestFingerprint } from "../../../src/application/idempotency/requestFingerprint.ts"
import { IDEMPOTENCY_LEASE_MS } from "../../../src/application/idempotency/runIdempotently.ts"
import { PDF_BYTES, PNG_BYTES, uploadFile } from "../../support/mediaFixtures.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import type { ApiInputs, WebClient } from "../../support/webClient.ts"
import { callError, expectTrpcError } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp, startTestWeb } from "../../support/webHarness.ts"

const GROUP = { groupId: "120363000000000077@g.us", groupName: "Choir" }
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString()

/** A client of `web` acting as `as` (its session cookie) and sending `key` as the Idempotency-Key on every call. */
const keyed = (web: TestWeb, as: WebClient, key: string): WebClient => {
  const client = web.client({ headers: { "idempotency-key": key } })
  client.cookie = as.cookie
  client.cookieName = as.cookieName
  return client
}

/** Signs up the admin (ACTIVE at once) with a working messaging session. */
const ownerOf = async (web: TestWeb) => {
  const owner = web.client()
  const user = await signUp(owner, ADMIN_EMAIL)
  const { sessionName } = await owner.api.user.initiateMessagingSession.mutate()
  web.fake.setSessionStatus(sessionName, "WORKING")
  return { owner, userId: user.id, sessionName }
}

type CreateInput = ApiInputs["campaign"]["create"]

const campaignsTitled = async (client: WebClient, title: string) =>
  (await client.api.campaign.list.query({ limit: 100, search: title })).items.filter((c) => c.title === title)

/** Idempotency-Key on creating calls (docs/api.md#idempotency-key), over real HTTP, on one store. */
const describeIdempotency = (name: string, store: () => StoreKind) => {
  describe(`Idempotency-Key (${name})`, () => {
    let web: TestWeb
    let owner: WebClient
    let userId: string
    let sessionName: string
    beforeAll(async () => {
      web = await startTestWeb(store())
      ;({ owner, userId, sessionName } = await ownerOf(web))
    })
    afterAll(() => web.close())

    const plan = (title: string, content = "Rehearsal at eight"): CreateInput => ({
      sessionName,
      ...GROUP,
      title,
      messages: [{ content, scheduledAt: inHours(2) }]
    })

    it("a retry with the same key and body answers the first id and creates nothing; another body is 422; no key creates each time", async () => {
      const key = crypto.randomUUID()
      const body = plan("Retried")
      const first = await keyed(web, owner, key).api.campaign.create.mutate(body)
      const again = await keyed(web, owner, key).api.campaign.create.mutate(body)
      expect(again).toEqual(first)
      // the same request written otherwise (keys in another order) is the same request
      const reordered = { messages: body.messages, title: body.title, ...GROUP, sessionName }
      expect(await keyed(web, owner, key).api.campaign.create.mutate(reordered)).toEqual(first)
      expect((await campaignsTitled(owner, "Retried")).map((c) => c.id)).toEqual([first.id])

      const other = await expectTrpcError(
        keyed(web, owner, key).api.campaign.create.mutate(plan("Retried", "another text")),
        "UNPROCESSABLE_CONTENT"
      )
      expect(other.status).toBe(422)
      expect(other.message).toMatch(/Idempotency-Key was used for a different request/)
      // the same key on another creating call is another request too
      await expectTrpcError(
        keyed(web, owner, key).api.campaign.duplicate.mutate({
          id: first.id,
          startDate: inHours(48).slice(0, 10),
          timeZone: "UTC"
        }),
        "UNPROCESSABLE_CONTENT"
      )
      expect(await campaignsTitled(owner, "Retried")).toHaveLength(1)

      // without the header, as before: each call creates
      await owner.api.campaign.create.mutate(plan("Unkeyed"))
      await owner.api.campaign.create.mutate(plan("Unkeyed"))
      expect(await campaignsTitled(owner, "Unkeyed")).toHaveLength(2)
    })

    it("concurrent requests with one key create one campaign: the others answer its id or 409 with Retry-After", async () => {
      const key = crypto.randomUUID()
      const body = plan("Raced")
      const answers = await Promise.allSettled(
        Array.from({ length: 6 }, () => keyed(web, owner, key).api.campaign.create.mutate(body))
      )
      const ids = new Set(answers.flatMap((a) => (a.status === "fulfilled" ? [a.value.id] : [])))
      expect(ids.size).toBe(1)
      for (const answer of answers) {
        if (answer.status === "rejected") {
          const refused = callError(answer.reason)
          expect(refused.code).toBe("CONFLICT")
          expect(refused.message).toMatch(/still being processed; retry in a moment/)
          expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
        }
      }
      expect((await campaignsTitled(owner, "Raced")).map((c) => c.id)).toEqual([...ids])
      expect(await keyed(web, owner, key).api.campaign.create.mutate(body)).toEqual({ id: [...ids][0] })
    })

    it("a refused request frees its key; a key that is not 1–255 visible ASCII characters is 400, nothing created", async () => {
      const key = crypto.randomUUID()
      const past: CreateInput = {
        ...plan("Fixed"),
        messages: [{ content: "late", scheduledAt: new Date(Date.now() - 3_600_000).toISOString() }]
      }
      await expectTrpcError(keyed(web, owner, key).api.campaign.create.mutate(past), "BAD_REQUEST")
      const fixed = await keyed(web, owner, key).api.campaign.create.mutate(plan("Fixed"))
      expect((await campaignsTitled(owner, "Fixed")).map((c) => c.id)).toEqual([fixed.id])

      for (const bad of ["with space", "x".repeat(256), "é-accent"]) {
        const refused = await expectTrpcError(
          keyed(web, owner, bad).api.campaign.create.mutate(plan("Bad key")),
          "BAD_REQUEST",
          bad
        )
        expect(refused.message).toMatch(/Idempotency-Key header must be 1 to 255 visible ASCII characters/)
      }
      expect(await campaignsTitled(owner, "Bad key")).toHaveLength(0)
      expect(await keyed(web, owner, "x".repeat(255)).api.campaign.create.mutate(plan("Long key"))).toEqual({
        id: expect.any(String)
      })
    })

    it("campaign.duplicate replays; apiKey.create's and webhookEndpoint.create's answers (secrets) are never kept: their retry is 409", async () => {
      const source = await owner.api.campaign.create.mutate(plan("Source"))
      const key = crypto.randomUUID()
      const copy = { id: source.id, startDate: inHours(72).slice(0, 10), timeZone: "UTC", title: "Copied" }
      const first = await keyed(web, owner, key).api.campaign.duplicate.mutate(copy)
      expect(await keyed(web, owner, key).api.campaign.duplicate.mutate(copy)).toEqual(first)
      expect((await campaignsTitled(owner, "Copied")).map((c) => c.id)).toEqual([first.id])

      const apiKeyKey = crypto.randomUUID()
      const made = await keyed(web, owner, apiKeyKey).api.apiKey.create.mutate({ name: "script", access: "write" })
      expect(made.key).toEqual(expect.any(String))
      const retried = await expectTrpcError(
        keyed(web, owner, apiKeyKey).api.apiKey.create.mutate({ name: "script", access: "write" }),
        "CONFLICT"
      )
      expect(retried.message).toMatch(/shown only once: if you did not receive it, revoke the API key/)
      expect(retried.body).not.toContain(made.key)
      expect((await owner.api.apiKey.list.query()).items.filter((k) => k.name === "script")).toHaveLength(1)

      const hookKey = crypto.randomUUID()
      const hook = { url: "https://hooks.example.com/herald", events: ["message.sent" as const] }
      const endpoint = await keyed(web, owner, hookKey).api.webhookEndpoint.create.mutate(hook)
      const hookRetry = await expectTrpcError(
        keyed(web, owner, hookKey).api.webhookEndpoint.create.mutate(hook),
        "CONFLICT"
      )
      expect(hookRetry.body).not.toContain(endpoint.secret)
      expect(
        (await owner.api.webhookEndpoint.list.query()).items.filter((e) => e.url === hook.url).map((e) => e.id)
      ).toEqual([endpoint.id])
    })

    it("an upload with a key is stored once: the same file again answers the first; another file is 422", async () => {
      const cookie = `${owner.cookieName}=${owner.cookie}`
      const origin = new URL(web.authUrl).origin
      const key = crypto.randomUUID()
      const before = web.store.kind === "sqlite" ? null : await web.mediaCount()
      const first = await uploadFile(
        web.url,
        { bytes: PNG_BYTES, name: "poster.png" },
        { cookie, origin, idempotencyKey: key }
      )
      expect(first.status).toBe(201)
      const again = await uploadFile(
        web.url,
        { bytes: PNG_BYTES, name: "poster.png" },
        { cookie, origin, idempotencyKey: key }
      )
      expect(again).toMatchObject({ status: 201, body: first.body })
      if (before !== null) expect(await web.mediaCount()).toBe(before + 1)
      const other = await uploadFile(
        web.url,
        { bytes: PDF_BYTES, name: "poster.pdf" },
        { cookie, origin, idempotencyKey: key }
      )
      expect(other.status).toBe(422)
      expect(String((other.body["error"] as { message: string }).message)).toMatch(/different request/)
      const bad = await uploadFile(
        web.url,
        { bytes: PNG_BYTES, name: "poster.png" },
        { cookie, origin, idempotencyKey: "a b" }
      )
      expect(bad.status).toBe(400)
    })

    it("/api/v1 honours the key as /api/trpc does, one record for both: replay, 422 as a problem, bad key 400, uploads", async () => {
      const key = crypto.randomUUID()
      const body = plan("Over v1")
      const v1 = (path: string, json: unknown, idempotencyKey: string) =>
        fetch(`${web.url}/api/v1${path}`, {
          method: "POST",
          headers: {
            cookie: `${owner.cookieName}=${owner.cookie}`,
            origin: new URL(web.authUrl).origin,
            "content-type": "application/json",
            "idempotency-key": idempotencyKey
          },
          body: JSON.stringify(json)
        })
      const first = await v1("/campaigns", body, key)
      expect(first.status).toBe(200)
      const created = (await first.json()) as { id: string }
      expect(await (await v1("/campaigns", body, key)).json()).toEqual(created)
      // the same procedure and input over /api/trpc: the same request
      expect(await keyed(web, owner, key).api.campaign.create.mutate(body)).toEqual(created)
      const other = await v1("/campaigns", plan("Over v1", "changed"), key)
      expect(other.status).toBe(422)
      expect(other.headers.get("content-type")).toMatch(/^application\/problem\+json/)
      expect(((await other.json()) as { detail: string }).detail).toMatch(/used for a different request/)
      const bad = await v1("/campaigns", body, "no spaces please")
      expect(bad.status).toBe(400)
      expect(((await bad.json()) as { detail: string }).detail).toMatch(/Idempotency-Key header must be/)
      expect((await campaignsTitled(owner, "Over v1")).map((c) => c.id)).toEqual([created.id])

      const uploadKey = crypto.randomUUID()
      const upload = () => {
        const form = new FormData()
        form.append("file", new Blob([new Uint8Array(PNG_BYTES)], { type: "image/png" }), "v1.png")
        return fetch(`${web.url}/api/v1/media`, {
          method: "POST",
          headers: {
            cookie: `${owner.cookieName}=${owner.cookie}`,
            origin: new URL(web.authUrl).origin,
            "idempotency-key": uploadKey
          },
          body: form
        })
      }
      const stored = await upload()
      expect(stored.status).toBe(201)
      const again = await upload()
      expect(again.status).toBe(201)
      expect(await again.json()).toEqual(await stored.json())
    })

    // The process died after the campaign was recorded and before its answer was kept: the record
    // stays pending. Made here by writing the records such a death leaves (memory store only).
    it.runIf(name === "memory")(
      "past the lease, a pending key runs its request again with the same ids: the campaign it recorded is answered, not planned twice",
      async () => {
        const db = web.memory!
        const key = crypto.randomUUID()
        const body = plan("Crashed")
        const parsed = {
          ...body,
          messages: body.messages!.map((m) => ({ content: m.content, scheduledAt: Date.parse(m.scheduledAt) }))
        }
        const claimedAt = Date.now() - IDEMPOTENCY_LEASE_MS - 1_000
        const pending = {
          account: userId,
          key,
          fingerprint: requestFingerprint("campaign.create", parsed),
          createdAt: claimedAt,
          runAt: claimedAt,
          aliveAt: claimedAt,
          state: "pending" as const,
          answer: null
        }
        const slot = `${userId.length}:${userId}:${key}`
        db.idempotencyKeys.set(slot, pending)
        // its first run, the one that "died": runs again and creates, with the ids of that claim
        const first = await keyed(web, owner, key).api.campaign.create.mutate(body)
        // the campaign's id by its role (createCampaign)
        expect(first.id).toBe(keyedIds(userId, key, claimedAt).named("campaign"))
        // and died again before its answer was kept: the next retry meets the campaign it recorded
        db.idempotencyKeys.set(slot, pending)
        expect(await keyed(web, owner, key).api.campaign.create.mutate(body)).toEqual(first)
        const listed = await campaignsTitled(owner, "Crashed")
        expect(listed.map((c) => c.id)).toEqual([first.id])
        expect(listed[0]?.totalMessages).toBe(1)
        // a pending key within the lease is still running: 409
        db.idempotencyKeys.set(slot, { ...pending, createdAt: Date.now(), runAt: Date.now(), aliveAt: Date.now() })
        await expectTrpcError(keyed(web, owner, key).api.campaign.create.mutate(body), "CONFLICT")
      }
    )

    it.runIf(name === "memory")(
      "past the lease, a pending upload runs again with the same id: the file it stored is answered, stored once",
      async () => {
        const db = web.memory!
        const key = crypto.randomUUID()
        const slot = `${userId.length}:${userId}:${key}`
        const pending = {
          account: userId,
          key,
          fingerprint: requestFingerprint("media.upload", {
            filename: "crash.png",
            bytes: createHash("sha256").update(PNG_BYTES).digest("hex")
          }),
          createdAt: Date.now() - IDEMPOTENCY_LEASE_MS - 1_000,
          runAt: Date.now() - IDEMPOTENCY_LEASE_MS - 1_000,
          aliveAt: Date.now() - IDEMPOTENCY_LEASE_MS - 1_000,
          state: "pending" as const,
          answer: null
        }
        const send = () =>
          uploadFile(
            web.url,
            { bytes: PNG_BYTES, name: "crash.png" },
            { cookie: `${owner.cookieName}=${owner.cookie}`, origin: new URL(web.authUrl).origin, idempotencyKey: key }
          )
        db.idempotencyKeys.set(slot, pending)
        const before = await web.mediaCount()
        const first = await send()
        expect(first.status).toBe(201)
        expect(first.body["id"]).toBe(keyedIds(userId, key, pending.createdAt).next())
        db.idempotencyKeys.set(slot, pending)
        expect(await send()).toMatchObject({ status: 201, body: first.body })
        expect(await web.mediaCount()).toBe(before + 1)
      }
    )
  })

  describe(`Idempotency-Key across two web processes on one store (${name})`, () => {
    it.runIf(name !== "memory")("a retry on another web app answers the first id; so does a restart", async () => {
      const shared = store()
      const running: Array<TestWeb> = []
      const start = async (options: Parameters<typeof startTestWeb>[2] = {}) => {
        const web = await startTestWeb(shared, {}, options)
        running.push(web)
        return web
      }
      const stop = async (web: TestWeb) => {
        running.splice(running.indexOf(web), 1)
        await web.close()
      }
      const a = await start()
      const b = await start({ fake: a.fake })
      try {
        const { owner, sessionName } = await ownerOf(a)
        const key = crypto.randomUUID()
        const body: CreateInput = {
          sessionName,
          ...GROUP,
          title: "Shared",
          messages: [{ content: "x", scheduledAt: inHours(3) }]
        }
        // at once, three on each: one campaign
        const answers = await Promise.allSettled(
          [a, b, a, b, a, b].map((web) => keyed(web, owner, key).api.campaign.create.mutate(body))
        )
        for (const answer of answers)
          if (answer.status === "rejected") expect(callError(answer.reason).code).toBe("CONFLICT")
        const first = await keyed(a, owner, key).api.campaign.create.mutate(body)
        expect(answers.some((answer) => answer.status === "fulfilled")).toBe(true)
        for (const answer of answers) if (answer.status === "fulfilled") expect(answer.value).toEqual(first)
        expect(await keyed(b, owner, key).api.campaign.create.mutate(body)).toEqual(first)
        await expectTrpcError(
          keyed(b, owner, key).api.campaign.create.mutate({ ...body, title: "Other" }),
          "UNPROCESSABLE_CONTENT"
        )
        await stop(b)
        await stop(a)
        // started again on the same store (the SQLite file reopened): still answered
        const c = await start()
        const again = keyed(c, owner, key)
        expect(await again.api.campaign.create.mutate(body)).toEqual(first)
        expect((await campaignsTitled(again, "Shared")).map((x) => x.id)).toEqual([first.id])
      } finally {
        for (const web of running.reverse()) await web.close()
      }
    })
  })
}

describeIdempotency("memory", () => ({ kind: "memory" }))

const folder = mkdtempSync(join(tmpdir(), "herald-idempotency-"))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
let files = 0
describeIdempotency("sqlite", () => ({ kind: "sqlite", path: join(folder, `herald-${files++}.db`) }))

const url = mongoTestUrl()
describe.skipIf(url === null)(url === null ? `Idempotency-Key on Mongo: ${MONGO_SKIP_REASON}` : "on Mongo", () => {
  afterAll(dropTestDatabases)
  describeIdempotency("mongo", () => ({ kind: "mongo", url: freshDatabaseUrl("idempotency") }))
})

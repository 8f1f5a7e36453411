import { Ajv2020 } from "ajv/dist/2020.js"
import addFormats from "ajv-formats"
import { Effect, Layer, Logger } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MongoDatabase } from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../../src/infrastructure/mongo/MongoStore.ts"
import { eventually } from "../../support/eventually.ts"
import { PNG_BYTES } from "../../support/mediaFixtures.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { dispatchAndDrain, schedulerClient } from "../../support/schedulerHarness.ts"
import { codeOf } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL } from "../../support/webHarness.ts"
import { activeClient, initiate, webStarter } from "./webSuite.support.ts"

/**
 * The contract of /api/v1 (docs/api.md#http-api-apiv1): every operation of the published
 * OpenAPI document is called over real HTTP, and every answer (status, content type, body) is
 * validated against that document with a JSON Schema 2020-12 validator (ajv). An answer whose
 * status the operation does not declare fails the test, as does an operation never answered
 * with success.
 */

const GROUP = { groupId: "120363000000000009@g.us", groupName: "Choir" }
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString()
const inDays = (days: number) => inMs(days * 24 * 60 * 60 * 1_000)

interface Answer {
  readonly status: number
  readonly contentType: string
  readonly headers: Headers
  readonly body: unknown
}

type Json = Record<string, unknown>
const isJson = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)
const field = (value: unknown, name: string): unknown => (isJson(value) ? value[name] : undefined)
const text = (value: unknown, name: string): string => {
  const found = field(value, name)
  if (typeof found !== "string") throw new Error(`expected a string at ${name} in ${JSON.stringify(value)}`)
  return found
}

/** `/campaigns/{id}` matches `/campaigns/abc`: the document's path template an actual path is an instance of. */
const templateOf = (paths: ReadonlyArray<string>, path: string): string | undefined =>
  paths.find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path.split("?")[0] ?? path))

const describeContract = (label: string, store: () => StoreKind) =>
  describe(`/api/v1 against its OpenAPI document (${label})`, () => {
    const start = webStarter(store)

    it("every operation answers as the document says: successes and the main errors, each validated", async () => {
      const web = await start()
      const { client: admin } = await activeClient(web, ADMIN_EMAIL)
      const { client: owner } = await activeClient(web, "owner@example.com", admin)
      const { client: stranger } = await activeClient(web, "stranger@example.com", admin)
      const { sessionName } = await initiate(owner)
      const { sessionName: strangerSession } = await initiate(stranger)
      const { key } = await owner.api.apiKey.create.mutate({ name: "script", access: "write" })
      const { key: readKey } = await owner.api.apiKey.create.mutate({ name: "dashboard", access: "read" })
      const { key: strangerKey } = await stranger.api.apiKey.create.mutate({ name: "theirs", access: "write" })

      // the document, as any client fetches it (no key needed)
      const documentAnswer = await fetch(`${web.url}/api/v1/openapi.json`)
      expect(documentAnswer.status).toBe(200)
      expect(documentAnswer.headers.get("content-type")).toMatch(/^application\/json/)
      const document: unknown = await documentAnswer.json()
      expect(field(document, "openapi")).toBe("3.1.0")
      expect(field(field(document, "info"), "version")).toEqual(expect.any(String))
      expect(field(document, "servers")).toEqual([expect.objectContaining({ url: "/api/v1" })])
      // a channel is listed only where the number may post: its role is one of these two
      expect(
        field(
          field(field(field(field(field(document, "components"), "schemas"), "ChannelPage"), "properties"), "items"),
          "items"
        )
      ).toMatchObject({ properties: { role: { enum: ["OWNER", "ADMIN"] } } })
      expect(field(field(field(document, "components"), "securitySchemes"), "Authorization")).toMatchObject({
        type: "http",
        scheme: "bearer"
      })
      const paths = field(document, "paths")
      if (!isJson(paths)) throw new Error("the document has no paths")
      const templates = Object.keys(paths)

      const ajv = new Ajv2020({ strict: false, allErrors: true })
      addFormats.default(ajv)
      ajv.addSchema({ ...(document as Json), $id: "openapi.json" })
      const pointer = (...parts: ReadonlyArray<string>) =>
        parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")

      /** Every operation that answered with a 2xx, as "METHOD template". */
      const succeeded = new Set<string>()
      const answered: Array<string> = []

      /** Checks one answer against the document: a declared status, its content type, its body's schema. */
      const conforms = (method: string, path: string, answer: Answer) => {
        const template = templateOf(templates, path)
        expect(template, `${method} ${path} is in the document`).toBeDefined()
        const operation = field(paths[template!], method.toLowerCase())
        expect(operation, `${method} ${template} is in the document`).toBeDefined()
        const responses = field(operation, "responses")
        let response = field(responses, String(answer.status))
        expect(response, `${method} ${template} declares ${answer.status}`).toBeDefined()
        const ref = field(response, "$ref")
        let responsePointer = `openapi.json#/paths/${pointer(template!)}/${method.toLowerCase()}/responses/${answer.status}`
        if (typeof ref === "string") {
          response = field(field(field(document, "components"), "responses"), ref.split("/").at(-1)!)
          responsePointer = `openapi.json${ref}`
        }
        const content = field(response, "content")
        if (!isJson(content)) throw new Error(`${method} ${template} ${answer.status} has no content`)
        const declared = Object.keys(content)
        const type = answer.contentType.split(";")[0]!.trim()
        if (declared.includes("application/octet-stream")) {
          // an upload's bytes: any type (the detected one), no JSON body to check
          expect(answer.status).toBe(200)
        } else {
          expect(declared, `${method} ${template} ${answer.status} content type`).toContain(type)
          const validate = ajv.getSchema(`${responsePointer}/content/${pointer(type)}/schema`)
          if (validate === undefined) throw new Error(`no schema for ${method} ${template} ${answer.status}`)
          const valid = validate(answer.body)
          expect(
            valid,
            `${method} ${path} → ${answer.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(answer.body)}`
          ).toBe(true)
        }
        if (answer.status === 429) expect(answer.headers.get("retry-after")).toMatch(/^\d+$/)
        if (answer.status < 300) succeeded.add(`${method} ${template}`)
        answered.push(`${method} ${template} ${answer.status}`)
      }

      /** One call of the API (JSON body or multipart form), its answer checked against the document. */
      const call = async (
        method: "GET" | "POST" | "PATCH" | "DELETE",
        path: string,
        options: {
          readonly key?: string | null
          readonly body?: unknown
          readonly form?: FormData
          readonly rawBody?: string
          readonly headers?: Record<string, string>
        } = {}
      ): Promise<Answer> => {
        const headers = new Headers(options.headers)
        const bearer = options.key === undefined ? key : options.key
        if (bearer !== null) headers.set("authorization", `Bearer ${bearer}`)
        let body: FormData | string | undefined
        if (options.form !== undefined) body = options.form
        else if (options.rawBody !== undefined) body = options.rawBody
        else if (options.body !== undefined) {
          body = JSON.stringify(options.body)
          if (!headers.has("content-type")) headers.set("content-type", "application/json")
        }
        const res = await fetch(`${web.url}/api/v1${path}`, {
          method,
          headers,
          ...(body === undefined ? {} : { body })
        })
        const contentType = res.headers.get("content-type") ?? ""
        const raw = await res.text()
        const answer = {
          status: res.status,
          contentType,
          headers: res.headers,
          body: /json/.test(contentType) ? JSON.parse(raw) : raw
        }
        conforms(method, path, answer)
        return answer
      }

      // campaigns: create (one group, then several), preview, list, get
      const plan = {
        sessionName,
        ...GROUP,
        title: "Weekly post",
        messages: [
          { content: "Open on Saturday", scheduledAt: inDays(2) },
          { content: "Bring a friend", scheduledAt: inDays(3), mentionAll: true },
          { content: "Which day?", scheduledAt: inDays(4), poll: { options: ["Sat", "Sun"], multipleAnswers: false } }
        ]
      }
      const created = await call("POST", "/campaigns", { body: plan, headers: { "Idempotency-Key": "first-try" } })
      expect(created.status).toBe(200)
      const id = text(created.body, "id")
      // the same key: the same request answers as the first did, another request is 422 (both as documented)
      const replayed = await call("POST", "/campaigns", { body: plan, headers: { "Idempotency-Key": "first-try" } })
      expect(replayed).toMatchObject({ status: 200, body: { id } })
      const other = await call("POST", "/campaigns", {
        body: { ...plan, title: "Another post" },
        headers: { "Idempotency-Key": "first-try" }
      })
      expect(other.status).toBe(422)
      const recurring = await call("POST", "/campaigns", {
        body: {
          sessionName,
          targets: [GROUP, { groupId: "120363000000000010@g.us", groupName: "Band" }],
          recurrence: {
            startDate: inDays(2).slice(0, 10),
            endDate: inDays(9).slice(0, 10),
            sendTime: "08:30",
            timeZone: "Europe/Berlin",
            frequency: "DAILY",
            template: "Good morning, {days_left} days left",
            isFreeForm: false
          }
        }
      })
      expect(recurring.status).toBe(200)
      const repeating = await call("GET", `/campaigns/${text(recurring.body, "id")}`)
      expect(field(repeating.body, "plan")).toMatchObject({
        timeZone: "Europe/Berlin",
        recurrence: { frequency: "DAILY" }
      })
      expect(field(repeating.body, "targets")).toHaveLength(2)
      const preview = await call("POST", "/campaigns/preview", { body: plan })
      expect(field(preview.body, "messages")).toHaveLength(3)
      const listed = await call("GET", "/campaigns?limit=1&sort=next&statuses=SCHEDULED&statuses=IN_PROGRESS")
      expect(field(listed.body, "items")).toHaveLength(1)
      expect(field(listed.body, "nextCursor")).toBe(1)
      const second = await call("GET", "/campaigns?cursor=1&limit=1&sort=next")
      expect(field(second.body, "items")).toHaveLength(1)
      const campaign = await call("GET", `/campaigns/${id}`)
      const messages = field(campaign.body, "messages")
      if (!Array.isArray(messages)) throw new Error("no messages")
      const [first, secondMessage, poll] = messages.map((m) => text(m, "id"))
      expect(field(messages[2], "poll")).toEqual({ options: ["Sat", "Sun"], multipleAnswers: false })
      expect(field(messages[1], "mentionAll")).toBe(true)
      expect(field(messages[0], "mentionAll")).toBe(false)

      // messages: change, delete, upcoming
      const changed = await call("PATCH", `/campaigns/${id}/messages/${first}`, {
        body: { content: "Open on Saturday, 10 to 4", mentionAll: false }
      })
      expect(changed.body).toEqual({ success: true })
      await call("PATCH", `/campaigns/${id}/messages/${poll}`, { body: { poll: { options: ["Sat", "Sun", "Both"] } } })
      // a poll's results (none yet: it is not sent) and their CSV
      expect((await call("GET", `/campaigns/${id}/messages/${poll}/poll-results`)).body).toMatchObject({
        question: "Which day?",
        options: [
          { option: "Sat", count: 0, voters: [] },
          { option: "Sun", count: 0, voters: [] },
          { option: "Both", count: 0, voters: [] }
        ],
        unreadable: [],
        voters: 0
      })
      expect((await call("GET", `/campaigns/${id}/messages/${poll}/poll-results/csv`)).body).toMatchObject({
        csv: "Voter,Number,WhatsApp id,Choices,Voted at (UTC)\r\n"
      })
      expect((await call("GET", `/campaigns/${id}/messages/${first}/poll-results`)).status).toBe(404)
      expect((await call("DELETE", `/campaigns/${id}/messages/${secondMessage}`)).body).toEqual({ success: true })
      const upcoming = await call("GET", `/messages/upcoming?limit=2&from=${encodeURIComponent(inMs(0))}`)
      expect(field(upcoming.body, "items")).toHaveLength(2)
      const nextCursor = text(upcoming.body, "nextCursor")
      await call("GET", `/messages/upcoming?limit=2&cursor=${encodeURIComponent(nextCursor)}`)

      // pause, resume, duplicate, cancel
      expect((await call("POST", `/campaigns/${id}/pause`)).body).toEqual({ success: true, alreadyPicked: 0 })
      expect((await call("POST", `/campaigns/${id}/resume`)).body).toMatchObject({ success: true })
      const copy = await call("POST", `/campaigns/${id}/duplicate`, {
        body: { startDate: inDays(10).slice(0, 10), timeZone: "Europe/Berlin" },
        headers: { "Idempotency-Key": "copy-1" }
      })
      const copyId = text(copy.body, "id")
      expect((await call("GET", `/campaigns/${copyId}`)).body).toMatchObject({ title: "Weekly post (copy)" })
      expect((await call("POST", `/campaigns/${copyId}/cancel`)).body).toEqual({ success: true })
      // a cancelled campaign cannot be cancelled again: 409
      expect((await call("POST", `/campaigns/${copyId}/cancel`)).status).toBe(409)

      // sessions: a linked phone's session answers its groups; one waiting for its QR code, 412
      expect((await call("GET", `/sessions/${sessionName}/groups`)).status).toBe(412)
      web.fake.setSessionStatus(sessionName, "WORKING")
      const status = await call("GET", `/sessions/${sessionName}/status`)
      expect(status.body).toEqual({ status: "WORKING" })
      const groups = await call("GET", `/sessions/${sessionName}/groups?limit=5&search=a`)
      expect(groups.status, JSON.stringify(groups.body)).toBe(200)
      // the channels the number may post to (only OWNER and ADMIN are listed)
      web.fake.setChannels(sessionName, [
        { id: "120363000000000101@newsletter", name: "Club news", role: "OWNER" },
        { id: "120363000000000103@newsletter", name: "City council", role: "SUBSCRIBER" }
      ])
      const channels = await call("GET", `/sessions/${sessionName}/channels?limit=5`)
      expect(channels.status, JSON.stringify(channels.body)).toBe(200)
      expect(channels.body).toEqual({
        items: [
          {
            channelId: "120363000000000101@newsletter",
            name: "Club news",
            role: "OWNER",
            verified: false,
            subscribers: null
          }
        ]
      })
      // another user's session is not found
      expect((await call("GET", `/sessions/${strangerSession}/status`)).status).toBe(404)

      // uploads: a write key uploads and reads its file back; a read key may not upload
      const form = () => {
        const data = new FormData()
        data.append("file", new Blob([new Uint8Array(PNG_BYTES)], { type: "image/png" }), "logo.png")
        return data
      }
      const uploaded = await call("POST", "/media", { form: form(), headers: { "Idempotency-Key": "logo" } })
      expect(uploaded.status).toBe(201)
      const mediaId = text(uploaded.body, "id")
      const bytes = await call("GET", `/media/${mediaId}`)
      expect(bytes.contentType).toBe("image/png")
      expect((await call("GET", `/media/${mediaId}`, { key: strangerKey })).status).toBe(404)
      expect((await call("POST", "/media", { form: form(), key: readKey })).status).toBe(403)
      expect((await call("POST", "/media", { form: form(), key: null })).status).toBe(401)
      const withMedia = await call("POST", "/campaigns", {
        body: { ...plan, messages: [{ content: "our logo", scheduledAt: inDays(2), media: { id: mediaId } }] }
      })
      expect(withMedia.status).toBe(200)

      // send again: a failed message (the gateway refused it) goes out once more
      const failing = text(
        (
          await call("POST", "/campaigns", {
            body: { ...plan, messages: [{ content: "try me", scheduledAt: inMs(600) }] }
          })
        ).body,
        "id"
      )
      await web.fake.refuse()
      const layer = schedulerClient(storeLayerOf(web), web.fake.url).pipe(Layer.provideMerge(Logger.layer([])))
      let found = 0
      await eventually(
        "the message to come due and fail",
        async () => (found += await Effect.runPromise(dispatchAndDrain.pipe(Effect.provide(layer)))),
        (n) => n >= 1,
        10_000
      )
      await web.fake.accept()
      const failedCampaign = await call("GET", `/campaigns/${failing}`)
      expect(field(failedCampaign.body, "status")).toBe("FAILED")
      const failedMessage = field(failedCampaign.body, "messages")
      const failedId = Array.isArray(failedMessage) ? text(failedMessage[0], "id") : ""
      expect(field(Array.isArray(failedMessage) ? failedMessage[0] : null, "failureKind")).toEqual(expect.any(String))
      const resent = await call("POST", `/campaigns/${failing}/messages/${failedId}/resend`, {
        body: {},
        headers: { "Idempotency-Key": "again-1" }
      })
      expect(resent.body).toEqual({ id: expect.any(String) })
      // a message that did not fail cannot be sent again: 409
      expect((await call("POST", `/campaigns/${id}/messages/${first}/resend`, { body: {} })).status).toBe(409)

      // errors: problem+json, fields named
      const badBody = await call("POST", "/campaigns", {
        body: { ...plan, messages: [{ content: "x", scheduledAt: "next tuesday" }] }
      })
      expect(badBody.status).toBe(400)
      expect(badBody.contentType).toMatch(/^application\/problem\+json/)
      expect(badBody.body).toMatchObject({
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        code: "BAD_REQUEST",
        errors: [{ field: "messages.0.scheduledAt", pointer: "/messages/0/scheduledAt", message: expect.any(String) }]
      })
      expect(text(badBody.body, "detail")).toContain("messages.0.scheduledAt")
      // a rule of the use case names its field too (a time in the past)
      const past = await call("POST", "/campaigns", {
        body: { ...plan, messages: [{ content: "late", scheduledAt: inMs(-60_000) }] }
      })
      expect(past.status).toBe(400)
      expect(field(past.body, "errors")).toEqual([
        expect.objectContaining({ field: expect.stringContaining("scheduledAt") })
      ])
      const badQuery = await call("GET", "/campaigns?limit=0")
      expect(field(badQuery.body, "errors")).toEqual([expect.objectContaining({ field: "limit" })])
      expect(
        (await call("POST", "/campaigns", { rawBody: "{", headers: { "content-type": "application/json" } })).body
      ).toMatchObject({
        status: 400,
        detail: "the request body is not valid JSON"
      })
      expect(
        (await call("POST", "/campaigns", { rawBody: "a=b", headers: { "content-type": "text/plain" } })).status
      ).toBe(415)
      // a body past 1 MiB: 413, as a problem
      const tooLarge = await call("POST", "/campaigns/preview", {
        body: { ...plan, title: "x".repeat(1024 * 1024) }
      })
      expect(tooLarge.status).toBe(413)
      expect(tooLarge.body).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" })
      // a JSON boolean stays a boolean: "false" is not true
      const notBoolean = await call("PATCH", `/campaigns/${id}/messages/${first}`, { body: { mentionAll: "false" } })
      expect(field(notBoolean.body, "errors")).toEqual([expect.objectContaining({ field: "mentionAll" })])
      // who may call
      expect((await call("GET", "/campaigns", { key: null })).status).toBe(401)
      expect((await call("GET", "/campaigns", { key: "hk_not-a-key-of-anyone-at-all-000000000000000" })).status).toBe(
        401
      )
      const readOnly = await call("POST", "/campaigns", { body: plan, key: readKey })
      expect(readOnly.status).toBe(403)
      expect(text(readOnly.body, "detail")).toBe("this key can only read")
      // a read key may preview (it saves nothing) and read
      expect((await call("POST", "/campaigns/preview", { body: plan, key: readKey })).status).toBe(200)
      expect((await call("GET", `/campaigns/${id}`, { key: readKey })).status).toBe(200)
      // another user's campaign and message are not found
      expect((await call("GET", `/campaigns/${id}`, { key: strangerKey })).status).toBe(404)
      expect((await call("POST", `/campaigns/${id}/cancel`, { key: strangerKey })).status).toBe(404)
      expect((await call("DELETE", `/campaigns/${id}/messages/${first}`, { key: strangerKey })).status).toBe(404)
      expect(
        (await call("PATCH", `/campaigns/${id}/messages/${first}`, { key: strangerKey, body: { content: "mine" } }))
          .status
      ).toBe(404)

      // /api/trpc reads its inputs as before, after /api/v1 served the same procedures: a number
      // or a boolean written as a string is still refused there (trpc-to-openapi coerces nothing shared)
      for (const refused of [
        () => owner.untyped.query("campaign.list", { limit: "5" }),
        () => owner.untyped.query("user.getMessagingGroups", { sessionName, limit: "10" }),
        () => owner.untyped.query("campaign.upcoming", { limit: "2" }),
        () =>
          owner.untyped.mutation("campaign.updateMessage", { campaignId: id, messageId: first, mentionAll: "false" })
      ]) {
        expect(await codeOf(refused())).toBe("BAD_REQUEST")
      }

      // every operation of the document answered with success at least once
      const operations = templates.flatMap((template) =>
        ["get", "post", "patch", "delete"]
          .filter((method) => field(paths[template], method) !== undefined)
          .map((method) => `${method.toUpperCase()} ${template}`)
      )
      expect([...succeeded].sort()).toEqual([...operations].sort())
      expect(answered.length).toBeGreaterThan(operations.length)
    })

    it("a key needs no Origin; a cookie does on a mutation, as on /api/trpc; a key's refusal has Retry-After", async () => {
      const web = await start()
      const { client: admin } = await activeClient(web, ADMIN_EMAIL)
      const { client: owner } = await activeClient(web, "owner@example.com", admin)
      const { sessionName } = await initiate(owner)
      const cookie = `${owner.cookieName}=${owner.cookie}`
      const body = JSON.stringify({ sessionName, ...GROUP, messages: [{ content: "hi", scheduledAt: inDays(1) }] })
      const post = (headers: Record<string, string>) =>
        fetch(`${web.url}/api/v1/campaigns`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body
        })
      // a cookie without Origin: refused, as a problem
      const noOrigin = await post({ cookie })
      expect(noOrigin.status).toBe(403)
      expect(noOrigin.headers.get("content-type")).toMatch(/^application\/problem\+json/)
      expect(await noOrigin.json()).toMatchObject({ status: 403, code: "FORBIDDEN" })
      // a cookie of another site's page: refused
      expect((await post({ cookie, origin: "https://evil.example" })).status).toBe(403)
      // a cookie with the application's Origin: the browser's own request
      expect((await post({ cookie, origin: new URL(web.authUrl).origin })).status).toBe(200)
      // a cookie reads without Origin (a GET changes nothing)
      expect((await fetch(`${web.url}/api/v1/campaigns`, { headers: { cookie } })).status).toBe(200)
      // a key: no Origin needed
      const { key } = await owner.api.apiKey.create.mutate({ name: "script", access: "write" })
      expect((await post({ authorization: `Bearer ${key}` })).status).toBe(200)
      // the key's allowance spent: 429 with Retry-After, as a problem
      let refused: Response | null = null
      await eventually(
        "the key's allowance to run out",
        async () => {
          const res = await fetch(`${web.url}/api/v1/campaigns?limit=1`, {
            headers: { authorization: `Bearer ${key}` }
          })
          if (res.status === 429) refused = res
          else await res.body?.cancel()
          return res.status
        },
        (status) => status === 429,
        30_000
      )
      expect(refused!.headers.get("retry-after")).toMatch(/^\d+$/)
      expect(refused!.headers.get("content-type")).toMatch(/^application\/problem\+json/)
      expect(await refused!.json()).toMatchObject({
        status: 429,
        code: "TOO_MANY_REQUESTS",
        title: "Too Many Requests"
      })
      // API keys are managed in the browser only: not on /api/v1
      expect((await fetch(`${web.url}/api/v1/apiKeys`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(
        404
      )
    })

    it("the reference page is served within the application's Content-Security-Policy and lists every operation", async () => {
      const web = await start()
      const page = await fetch(`${web.url}/api/v1/docs`)
      expect(page.status).toBe(200)
      expect(page.headers.get("content-type")).toMatch(/^text\/html/)
      expect(page.headers.get("content-security-policy")).toContain("script-src 'self'")
      const html = await page.text()
      expect(html).not.toMatch(/<script|style=/)
      for (const path of [
        "/campaigns",
        "/campaigns/{id}/cancel",
        "/media",
        "/sessions/{sessionName}/groups",
        "/sessions/{sessionName}/channels"
      ]) {
        expect(html).toContain(`/api/v1${path}`)
      }
      expect(html).toContain("curl -X POST")
      const css = await fetch(`${web.url}/api/v1/docs.css`)
      expect(css.headers.get("content-type")).toMatch(/^text\/css/)
    })
  })

/** Another client of the web's store, as a scheduler process would have. */
const storeLayerOf = (web: TestWeb) =>
  web.store.kind === "memory"
    ? MemoryStore.layer(web.memory!)
    : web.store.kind === "mongo"
      ? MongoStore.layer.pipe(
          Layer.provideMerge(MongoDatabase.layer({ url: web.store.url, serverSelectionTimeoutMs: 5_000 }))
        )
      : (() => {
          throw new Error("the contract runs on memory and Mongo")
        })()

describeContract("memory", () => ({ kind: "memory" }))
describe.skipIf(mongoTestUrl() === null)(
  mongoTestUrl() === null ? `/api/v1 on Mongo: ${MONGO_SKIP_REASON}` : "/api/v1 on Mongo",
  () => {
    afterAll(dropTestDatabases)
    describeContract("mongo", () => ({ kind: "mongo", url: freshDatabaseUrl("openapi") }))
  }
)

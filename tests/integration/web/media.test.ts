import { Effect, Layer, Logger } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { UPLOADS_PER_MINUTE } from "../../../src/application/media/uploadMedia.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MongoDatabase } from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../../src/infrastructure/mongo/MongoStore.ts"
import { eventually } from "../../support/eventually.ts"
import { DEFAULT_FAKE_VERSION } from "../../support/fakeWahaRules.ts"
import { multipartBody, PDF_BYTES, PNG_BYTES, postUnfinished, uploadFile } from "../../support/mediaFixtures.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { dispatchAndDrain, schedulerClient } from "../../support/schedulerHarness.ts"
import type { WebClient } from "../../support/webClient.ts"
import { expectTrpcError } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp, startTestWeb } from "../../support/webHarness.ts"

/** Images and files (issue 14 item 3) through the web process and a scheduler, on one store. */
const describeMedia = (name: string, store: () => StoreKind) => {
  let web: TestWeb
  let owner: WebClient
  let other: WebClient
  let sessionName: string
  beforeAll(async () => {
    web = await startTestWeb(store())
    owner = web.client()
    await signUp(owner, ADMIN_EMAIL)
    sessionName = (await owner.api.user.initiateMessagingSession.mutate()).sessionName
    web.fake.setSessionStatus(sessionName, "WORKING")
    other = web.client()
    await signUp(other, "pending@example.com")
  })
  afterAll(() => web.close())

  const GROUP = { groupId: "120363000000000042@g.us", groupName: "Choir" }
  const inMs = (ms: number) => new Date(Date.now() + ms).toISOString()
  const origin = () => new URL(web.authUrl).origin
  const cookieOf = (client: WebClient) => (client.cookie === null ? null : `${client.cookieName}=${client.cookie}`)
  const upload = (bytes: Uint8Array, filename: string, client: WebClient = owner) =>
    uploadFile(web.url, { bytes, name: filename }, { cookie: cookieOf(client), origin: origin() })

  const schedule = async (count: number) => {
    const storeLayer =
      web.store.kind === "memory"
        ? MemoryStore.layer(web.memory!)
        : MongoStore.layer.pipe(
            Layer.provideMerge(
              MongoDatabase.layer({
                url: web.store.kind === "mongo" ? web.store.url : "",
                serverSelectionTimeoutMs: 5_000
              })
            )
          )
    const layer = schedulerClient(storeLayer, web.fake.url).pipe(Layer.provideMerge(Logger.layer([])))
    let found = 0
    await eventually(
      `${count} messages to come due`,
      async () => (found += await Effect.runPromise(dispatchAndDrain.pipe(Effect.provide(layer)))),
      (n) => n >= count,
      10_000
    )
  }

  describe(`POST /api/media (${name})`, () => {
    it("refuses a caller not signed in (401), a foreign Origin (403) and an account awaiting approval (403)", async () => {
      const anonymous = await uploadFile(web.url, { bytes: PNG_BYTES, name: "a.png" }, { origin: origin() })
      expect(anonymous).toMatchObject({ status: 401, body: { error: { code: "UNAUTHORIZED" } } })
      const foreign = await uploadFile(
        web.url,
        { bytes: PNG_BYTES, name: "a.png" },
        { cookie: cookieOf(owner), origin: "https://evil.example" }
      )
      expect(foreign).toMatchObject({ status: 403, body: { error: { code: "FORBIDDEN" } } })
      const noOrigin = await uploadFile(web.url, { bytes: PNG_BYTES, name: "a.png" }, { cookie: cookieOf(owner) })
      expect(noOrigin.status).toBe(403)
      const pending = await upload(PNG_BYTES, "a.png", other)
      expect(pending).toMatchObject({ status: 403, body: { error: { message: expect.stringMatching(/approval/) } } })
      // the browser app's language (X-Herald-Locale), as tRPC's refusals are
      const inSpanish = await uploadFile(
        web.url,
        { bytes: PNG_BYTES, name: "a.png" },
        { origin: origin(), locale: "es" }
      )
      expect(inSpanish).toMatchObject({
        status: 401,
        body: { error: { message: expect.stringMatching(/^Primero inicia sesión/) } }
      })
      const pendingGerman = await uploadFile(
        web.url,
        { bytes: PNG_BYTES, name: "a.png" },
        { cookie: cookieOf(other), origin: origin(), locale: "de-DE" }
      )
      expect(pendingGerman.body).toMatchObject({ error: { message: expect.stringMatching(/^Dein Konto wartet/) } })
    })

    it("detects the type from the bytes: a PNG named .pdf is an image (report.png), a PDF named .png a file; the owner reads it back", async () => {
      const png = await upload(PNG_BYTES, "report.pdf")
      expect(png.status).toBe(201)
      expect(png.body).toEqual({
        id: expect.any(String),
        mimetype: "image/png",
        filename: "report.png",
        size: PNG_BYTES.length,
        kind: "image"
      })
      const pdf = await upload(PDF_BYTES, "C:\\Users\\me\\photo.png")
      expect(pdf.body).toMatchObject({ mimetype: "application/pdf", filename: "photo.pdf", kind: "file" })

      const mine = await fetch(`${web.url}/api/media/${String(png.body["id"])}`, {
        headers: { cookie: cookieOf(owner) ?? "" }
      })
      expect(mine.status).toBe(200)
      expect(mine.headers.get("content-type")).toBe("image/png")
      expect(mine.headers.get("x-content-type-options")).toBe("nosniff")
      expect(mine.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox")
      expect(mine.headers.get("content-disposition")).toMatch(/^inline; filename="report.png"/)
      expect(Buffer.from(await mine.arrayBuffer()).equals(PNG_BYTES)).toBe(true)
      const file = await fetch(`${web.url}/api/media/${String(pdf.body["id"])}`, {
        headers: { cookie: cookieOf(owner) ?? "" }
      })
      expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="photo.pdf"/)
      await file.arrayBuffer()
      // someone else's, or no one's: the same 404; no cookie: 401
      const theirs = await fetch(`${web.url}/api/media/${String(png.body["id"])}`, {
        headers: { cookie: cookieOf(other) ?? "" }
      })
      expect(theirs.status).toBe(404)
      expect((await fetch(`${web.url}/api/media/nope`, { headers: { cookie: cookieOf(owner) ?? "" } })).status).toBe(
        404
      )
      expect((await fetch(`${web.url}/api/media/${String(png.body["id"])}`)).status).toBe(401)
    })

    it("refuses a type it does not send (415), naming what it accepts, and a form without a file (400)", async () => {
      const text = await upload(Buffer.from("just some words, not an image"), "notes.png")
      expect(text.status).toBe(415)
      expect(text.body).toMatchObject({
        error: { code: "UNSUPPORTED_MEDIA_TYPE", message: expect.stringMatching(/JPEG, PNG.*PDF.*16 MB/) }
      })
      // the browser app of a Portuguese reader asks for its language
      const inPortuguese = await uploadFile(
        web.url,
        { bytes: Buffer.from("just some words, not an image"), name: "notes.png" },
        { cookie: cookieOf(owner), origin: origin(), locale: "pt-BR" }
      )
      expect(inPortuguese.body).toMatchObject({
        error: {
          code: "UNSUPPORTED_MEDIA_TYPE",
          message: expect.stringMatching(
            /^Não foi possível reconhecer o tipo deste arquivo\. O Herald aceita imagens JPEG/
          )
        }
      })
      const svg = await upload(
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'),
        "x.svg"
      )
      expect(svg.status).toBe(415)
      const empty = await fetch(`${web.url}/api/media`, {
        method: "POST",
        headers: { cookie: cookieOf(owner) ?? "", origin: origin() },
        body: new FormData()
      })
      expect(empty.status).toBe(400)
    })

    it("refuses more than 16 MB with 413 from its Content-Length, before reading it, and closes the connection", async () => {
      const answer = await postUnfinished(
        `${web.url}/api/media`,
        {
          cookie: cookieOf(owner) ?? "",
          origin: origin(),
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(17 * 1024 * 1024)
        },
        // only a little of the announced body is ever sent: the answer must not wait for the rest
        ["--x\r\n"]
      )
      expect(answer.status).toBe(413)
      expect(answer.connection).toBe("close")
      expect(answer.body).toMatchObject({
        error: { code: "PAYLOAD_TOO_LARGE", message: expect.stringMatching(/16 MB/) }
      })
      // a body of 16 MB and a byte, sent whole (no Content-Length: chunked)
      const big = new Uint8Array(16 * 1024 * 1024 + 1)
      big.set(PNG_BYTES)
      expect((await upload(big, "big.png")).status).toBe(413)
    })
  })

  describe(`POST /api/media reads one file part and no more (${name}; issue 21)`, () => {
    /** an approved user of their own: each test's uploads count toward no one else's minute */
    const approvedUser = async (email: string): Promise<WebClient> => {
      const client = web.client()
      const user = await signUp(client, email)
      await owner.api.admin.approveUser.mutate({ userId: user.id })
      return client
    }
    const headersOf = (client: WebClient, boundary = "b0undary") => ({
      cookie: cookieOf(client) ?? "",
      origin: origin(),
      "content-type": `multipart/form-data; boundary=${boundary}`
    })
    const FILE_PART = { disposition: 'form-data; name="file"; filename="a.png"', type: "image/png", content: PNG_BYTES }
    const BAD_REQUEST = {
      status: 400,
      connection: "close",
      body: { error: { code: "BAD_REQUEST", message: expect.stringMatching(/one file .* field named file/) } }
    }

    it("refuses a form with a second part at that part, without waiting for the rest, and keeps nothing", async () => {
      const client = await approvedUser("two-parts@example.com")
      const before = await web.mediaCount()
      for (const second of [
        { disposition: 'form-data; name="note"', content: "hello" },
        { disposition: 'form-data; name="file"; filename="b.png"', type: "image/png", content: PNG_BYTES },
        { disposition: 'form-data; name="other"; filename="c.png"', type: "image/png", content: PNG_BYTES }
      ]) {
        // the second part begins and the body goes on: only a parser that stops there answers
        const answer = await postUnfinished(`${web.url}/api/media`, headersOf(client), [
          multipartBody("b0undary", [FILE_PART, second], false)
        ])
        expect(answer).toMatchObject(BAD_REQUEST)
      }
      expect(await web.mediaCount()).toBe(before)
    })

    it("refuses a form of many empty parts at the second, a field alone and a file under another name", async () => {
      const client = await approvedUser("many-parts@example.com")
      const before = await web.mediaCount()
      const empty = Array.from({ length: 2_000 }, (_, i) => ({ disposition: `form-data; name="f${i}"`, content: "" }))
      const many = await postUnfinished(`${web.url}/api/media`, headersOf(client), [
        multipartBody("b0undary", empty, false)
      ])
      expect(many).toMatchObject(BAD_REQUEST)
      const field = await postUnfinished(`${web.url}/api/media`, headersOf(client), [
        multipartBody("b0undary", [{ disposition: 'form-data; name="file"', content: "not a file" }], false)
      ])
      expect(field).toMatchObject(BAD_REQUEST)
      const renamed = await fetch(`${web.url}/api/media`, {
        method: "POST",
        headers: headersOf(client),
        body: multipartBody("b0undary", [{ ...FILE_PART, disposition: 'form-data; name="upload"; filename="a.png"' }])
      })
      expect(renamed.status).toBe(400)
      await renamed.text()
      // a form that ends inside its file: refused, and the server goes on (an unheard stream error would end it)
      const cut = multipartBody("b0undary", [FILE_PART], false)
      const short = await fetch(`${web.url}/api/media`, {
        method: "POST",
        headers: headersOf(client),
        body: cut.subarray(0, cut.length - 10)
      })
      expect(short.status).toBe(400)
      await short.text()
      expect((await fetch(`${web.url}/health`)).status).toBe(200)
      // a whole form of one file part is what is taken
      const one = await fetch(`${web.url}/api/media`, {
        method: "POST",
        headers: headersOf(client),
        body: multipartBody("b0undary", [FILE_PART])
      })
      expect(await one.json()).toMatchObject({ mimetype: "image/png", filename: "a.png" })
      expect(await web.mediaCount()).toBe(before + 1)
    })

    it(`takes ${UPLOADS_PER_MINUTE.limit} uploads a minute from one user, refused ones included: then 429 with Retry-After`, async () => {
      const client = await approvedUser("many-uploads@example.com")
      const refused = new FormData()
      refused.append("note", "no file here")
      for (let i = 0; i < UPLOADS_PER_MINUTE.limit; i++) {
        const answer = await fetch(`${web.url}/api/media`, {
          method: "POST",
          headers: { cookie: cookieOf(client) ?? "", origin: origin() },
          body: refused
        })
        expect(answer.status).toBe(400)
        await answer.text()
      }
      const before = await web.mediaCount()
      const limited = await upload(PNG_BYTES, "a.png", client)
      expect(limited.status).toBe(429)
      expect(limited.body).toMatchObject({
        error: {
          code: "TOO_MANY_REQUESTS",
          message: expect.stringMatching(
            /^you have started 20 uploads in the last minute, .*try again in \d+ seconds?$/
          )
        }
      })
      const german = await uploadFile(
        web.url,
        { bytes: PNG_BYTES, name: "a.png" },
        { cookie: cookieOf(client), origin: origin(), locale: "de-DE" }
      )
      expect(german.body).toMatchObject({
        error: { message: expect.stringMatching(/^Du hast in der letzten Minute 20 Uploads begonnen, .* Sekunden? /) }
      })
      const retryAfter = Number(limited.headers.get("retry-after"))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60)
      expect(await web.mediaCount()).toBe(before)
      // one user's minute is theirs alone
      expect((await upload(PNG_BYTES, "a.png", await approvedUser("next-user@example.com"))).status).toBe(201)
    })

    it("names an upload by the type of its bytes, without format characters, and serves it under a CSP", async () => {
      const client = await approvedUser("names@example.com")
      const cases = [
        { bytes: PDF_BYTES, given: "run.jar", kept: "run.pdf" },
        { bytes: PNG_BYTES, given: "poly.html", kept: "poly.png" },
        { bytes: PDF_BYTES, given: "invoice\u202Efdp.exe", kept: "invoicefdp.pdf" }
      ]
      for (const { bytes, given, kept } of cases) {
        const answer = await upload(bytes, given, client)
        expect(answer.body).toMatchObject({ filename: kept })
        const served = await fetch(`${web.url}/api/media/${String(answer.body["id"])}`, {
          headers: { cookie: cookieOf(client) ?? "" }
        })
        expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox")
        expect(served.headers.get("content-disposition")).toMatch(new RegExp(`; filename="${kept}"`))
        await served.arrayBuffer()
      }
    })
  })

  describe(`messages with media (${name})`, () => {
    it("an image and a PDF are sent with sendImage / sendFile, their bytes as base64, the content as caption", async () => {
      const image = (await upload(PNG_BYTES, "team.png")).body
      const pdf = (await upload(PDF_BYTES, "Programme.pdf")).body
      const { id } = await owner.api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        messages: [
          { content: "Our team 🎶", scheduledAt: inMs(800), media: { id: String(image["id"]) } },
          { content: "", scheduledAt: inMs(850), media: { id: String(pdf["id"]) } }
        ]
      })
      const planned = await owner.api.campaign.get.query({ id })
      expect(planned.messages.map((m) => m.media)).toEqual([image, pdf])
      await schedule(2)
      const ofGroup = web.fake.media.filter((m) => m.body["chatId"] === GROUP.groupId)
      expect(ofGroup.map((m) => m.path)).toEqual(["/api/sendImage", "/api/sendFile"])
      expect(ofGroup[0]?.body).toEqual({
        session: sessionName,
        chatId: GROUP.groupId,
        file: { mimetype: "image/png", filename: "team.png", data: PNG_BYTES.toString("base64") },
        caption: "Our team 🎶"
      })
      expect(ofGroup[1]?.body).toMatchObject({
        file: { mimetype: "application/pdf", filename: "Programme.pdf", data: PDF_BYTES.toString("base64") },
        caption: ""
      })
      const sent = await owner.api.campaign.get.query({ id })
      expect(sent.messages.map((m) => m.status)).toEqual(["SENT", "SENT"])
    })

    it("someone else's upload is NOT_FOUND, a poll with media BAD_REQUEST: nothing saved", async () => {
      // a second approved user, whose upload the owner names
      const second = web.client()
      const secondUser = await signUp(second, "second@example.com")
      await owner.api.admin.approveUser.mutate({ userId: secondUser.id })
      const theirs = (await upload(PNG_BYTES, "theirs.png", second)).body
      expect(theirs["kind"]).toBe("image")
      const image = (await upload(PNG_BYTES, "mine.png")).body
      const before = await web.eventCount()
      for (const mediaId of [String(theirs["id"]), "no-such-upload"]) {
        await expectTrpcError(
          owner.api.campaign.create.mutate({
            sessionName,
            ...GROUP,
            messages: [
              { content: "mine", scheduledAt: inMs(60_000), media: { id: String(image["id"]) } },
              { content: "x", scheduledAt: inMs(60_000), media: { id: mediaId } }
            ]
          }),
          "NOT_FOUND"
        )
      }
      const refused = await expectTrpcError(
        owner.api.campaign.create.mutate({
          sessionName,
          ...GROUP,
          messages: [
            {
              content: "Lunch?",
              scheduledAt: inMs(60_000),
              poll: { options: ["Pizza", "Sushi"] },
              media: { id: String(image["id"]) }
            }
          ]
        }),
        "BAD_REQUEST"
      )
      expect(refused.issues?.map((i) => i.path)).toEqual(["messages.0.media"])
      expect(await web.eventCount()).toBe(before)
    })

    it("where the gateway cannot send media (Core before 2026.6.1) creation is refused saying so; Plus may", async () => {
      const image = (await upload(PNG_BYTES, "a.png")).body
      const input = {
        sessionName,
        ...GROUP,
        messages: [{ content: "hi", scheduledAt: inMs(60_000), media: { id: String(image["id"]) } }]
      }
      web.fake.setServerVersion({ version: "2026.5.2", engine: "NOWEB", tier: "CORE" })
      try {
        const before = await web.eventCount()
        const refused = await expectTrpcError(owner.api.campaign.create.mutate(input), "BAD_REQUEST")
        expect(refused.issues).toEqual([
          {
            path: "messages.0.media",
            message: expect.stringMatching(
              /^the messaging gateway \(WAHA 2026\.5\.2 CORE\) cannot send images or files: that needs WAHA 2026\.6\.1 or later/
            )
          }
        ])
        expect(await web.eventCount()).toBe(before)
        web.fake.setServerVersion({ version: "2025.11.1", engine: "NOWEB", tier: "PLUS" })
        const preview = await owner.api.campaign.preview.mutate(input)
        expect(preview.messages[0]?.media).toMatchObject({ kind: "image" })
        // mentions on media came a version later than on texts
        const mention = await expectTrpcError(
          owner.api.campaign.preview.mutate({ ...input, mentionAll: true }),
          "BAD_REQUEST"
        )
        expect(mention.issues?.map((i) => i.path)).toEqual(["mentionAll"])
      } finally {
        web.fake.setServerVersion(DEFAULT_FAKE_VERSION)
      }
    })
  })
}

describeMedia("memory", () => ({ kind: "memory" }))
describe.skipIf(mongoTestUrl() === null)(
  mongoTestUrl() === null ? `media on Mongo: ${MONGO_SKIP_REASON}` : "media on Mongo",
  () => {
    afterAll(dropTestDatabases)
    describeMedia("mongo", () => ({ kind: "mongo", url: freshDatabaseUrl("media") }))
  }
)

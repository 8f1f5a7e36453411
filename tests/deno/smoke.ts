/**
 * The scheduler's core path under Deno (`deno task test`): memory store, the WAHA adapter
 * over real HTTP to the fake gateway, one dispatch pass; and the upload form reader (busboy, a
 * Node stream, fed from a web Request). Exits non-zero on any mismatch.
 */
import { Effect, Layer, Logger } from "effect"
import { TestClock } from "effect/testing"
import { makeMemoryDatabase } from "../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../src/infrastructure/memory/MemoryStore.ts"
import { postWebhook } from "../../src/infrastructure/webhooks/HttpWebhookTransport.ts"
import { readUploadForm } from "../../src/interfaces/web/readUploadForm.ts"
import { startFakeWaha } from "../support/FakeWahaServer.ts"
import { multipartBody, PNG_BYTES } from "../support/mediaFixtures.ts"
import { dispatchAndDrain, schedulerClient, seedCampaign } from "../support/schedulerHarness.ts"
import { startWebhookReceiver } from "../support/WebhookReceiver.ts"

const runtime = "Deno" in globalThis ? "deno" : "node"
const fake = await startFakeWaha()
const failures: Array<string> = []
const check = (name: string, ok: boolean) => {
  console.log(`${ok ? "ok" : "FAILED"} - ${name}`)
  if (!ok) failures.push(name)
}

try {
  const T = Date.parse("2026-03-01T10:00:00.000Z")
  const layer = schedulerClient(MemoryStore.layer(makeMemoryDatabase()), fake.url).pipe(
    Layer.provideMerge(Logger.layer([])),
    Layer.provideMerge(TestClock.layer())
  )
  await Effect.runPromise(
    Effect.gen(function* () {
      yield* TestClock.setTime(T - 60_000)
      yield* seedCampaign({
        sessionName: "deno",
        groupId: "1203@g.us",
        messages: [
          { content: "due", scheduledAt: T - 1_000 },
          { content: "future", scheduledAt: T + 1 }
        ]
      })
      yield* TestClock.setTime(T)
      check("one pass finds the one due message", (yield* dispatchAndDrain) === 1)
    }).pipe(Effect.provide(layer))
  )
  check("the gateway received exactly the due message", JSON.stringify(fake.sent.map((s) => s.text)) === '["due"]')
  check(
    "with the documented body",
    JSON.stringify(fake.sent[0]) ===
      JSON.stringify({
        chatId: "1203@g.us",
        text: "due",
        linkPreview: true,
        linkPreviewHighQuality: false,
        session: "deno"
      })
  )

  // the upload's form: one file is read whole; a second part is refused while the body goes on
  const FILE = { disposition: 'form-data; name="file"; filename="a.png"', type: "image/png", content: PNG_BYTES }
  const form = (body: Uint8Array | ReadableStream<Uint8Array>) =>
    new Request("http://herald.test/api/media", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b0undary" },
      body
    })
  const one = await readUploadForm(form(multipartBody("b0undary", [FILE])), 1024)
  check(
    "an upload form of one file is read whole",
    one.kind === "file" && one.filename === "a.png" && Buffer.from(one.bytes).equals(PNG_BYTES)
  )
  const unending = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(multipartBody("b0undary", [FILE, FILE], false))
  })
  const two = await readUploadForm(form(unending), 1024)
  check("an upload form is refused at its second part, before its end", two.kind === "notOneFile")

  // outgoing webhooks: node:http(s) with a pinned lookup, and the SSRF guard's resolution
  const receiver = await startWebhookReceiver()
  try {
    const sent = await postWebhook({ allowPrivateTargets: true }, receiver.url(), '{"id":"e"}', {
      "Herald-Event-Id": "e"
    })
    check(
      "a webhook reaches a local receiver when private targets are allowed",
      sent._tag === "Answered" && sent.status === 204 && receiver.received[0]?.body === '{"id":"e"}'
    )
    const refused = await postWebhook({ allowPrivateTargets: false }, `https://localhost:${receiver.port}/`, "{}", {})
    check("a webhook to localhost is refused without the setting", refused._tag === "Refused")
  } finally {
    await receiver.close()
  }
} catch (error) {
  check(`no error (${String(error)})`, false)
} finally {
  await fake.close()
}
console.log(`${runtime} smoke: ${7 - failures.length} passed, ${failures.length} failed`)
if (failures.length > 0) process.exit(1)

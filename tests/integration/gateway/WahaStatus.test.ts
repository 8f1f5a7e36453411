import { Effect, Exit } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { SendStatusRequest } from "../../../src/application/ports/GatewayPort.ts"
import { GatewayError } from "../../../src/application/ports/GatewayPort.ts"
import { makeWahaGateway } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"

// WahaGateway.sendStatus over real HTTP against the fake WAHA, per engine (docs/reach.md, "2. Status")

const API_KEY = "k3y-Status-0123456789-abcdefghij"
let fake: FakeWaha

const gateway = () => makeWahaGateway({ baseUrl: fake.url, apiKey: API_KEY, timeoutMs: 5_000 })
const run = <A>(effect: Effect.Effect<A, GatewayError>): Promise<A> => Effect.runPromise(effect)
const failure = async (effect: Effect.Effect<unknown, GatewayError>): Promise<GatewayError> => {
  const exit = await Effect.runPromiseExit(Effect.flip(effect))
  if (Exit.isFailure(exit) || !(exit.value instanceof GatewayError)) throw new Error("expected a GatewayError")
  return exit.value
}

const text: SendStatusRequest = {
  kind: "text",
  session: "sales_team-1",
  text: "Open day on Saturday ✓",
  backgroundColor: "#ff8800",
  font: 6,
  contacts: null
}
const chosen: SendStatusRequest = { ...text, contacts: ["4915112345678@c.us", "4915187654321@c.us"] }
// the smallest PNG: 1x1 transparent
const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64")
)
const image: SendStatusRequest = {
  kind: "image",
  session: "sales_team-1",
  mimetype: "image/png",
  filename: "poster.png",
  bytes: PNG,
  caption: "See you there",
  contacts: null
}

beforeAll(async () => {
  fake = await startFakeWaha({ apiKey: API_KEY })
})
afterEach(async () => {
  await fake.reset()
})
afterAll(async () => {
  await fake.close()
})

describe("WahaGateway.sendStatus", () => {
  it("POSTs WAHA's TextStatus to /api/{session}/status/text, contacts left out for all contacts, and reads WEBJS's id", async () => {
    fake.setServerVersion({ engine: "WEBJS", version: "2026.7.1" })
    const sent = await run(gateway().sendStatus(text))
    const seen = fake.requests.at(-1)!
    expect(seen.method).toBe("POST")
    expect(seen.path).toBe("/api/sales_team-1/status/text")
    expect(seen.headers["x-api-key"]).toBe(API_KEY)
    expect(seen.body).toEqual({
      text: text.kind === "text" ? text.text : "",
      backgroundColor: "#ff8800",
      font: 6,
      linkPreview: true,
      linkPreviewHighQuality: false
    })
    expect(fake.statuses).toHaveLength(1)
    expect(sent.messageId).toBe(`true_status@broadcast_${fake.statuses[0]!.key}`)
    // nothing went to a chat through sendText
    expect(fake.sent).toEqual([])
  })

  it("WEBJS refuses chosen contacts with WAHA's words, and nothing is posted", async () => {
    fake.setServerVersion({ engine: "WEBJS", version: "2026.7.1" })
    const error = await failure(gateway().sendStatus(chosen))
    expect(error.status).toBe(422)
    expect(error.message).toContain("WEBJS doesn't accept 'contacts'")
    expect(fake.statuses).toEqual([])
  })

  it("NOWEB takes chosen contacts and answers Baileys' message: its key.id is the id", async () => {
    fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1" })
    const sent = await run(gateway().sendStatus(chosen))
    expect(fake.requests.at(-1)!.body).toMatchObject({ contacts: ["4915112345678@c.us", "4915187654321@c.us"] })
    expect(sent.messageId).toBe(fake.statuses[0]!.key)
  })

  it("GOWS answers true_status@broadcast_<id>_<me>; an early GOWS refuses contacts", async () => {
    fake.setServerVersion({ engine: "GOWS", version: "2026.7.1" })
    const sent = await run(gateway().sendStatus(chosen))
    expect(sent.messageId).toMatch(/^true_status@broadcast_3EB0[0-9A-F]{18}_\d+@c\.us$/)
    fake.setServerVersion({ engine: "GOWS", version: "2025.2.1" })
    const error = await failure(gateway().sendStatus(chosen))
    expect(error.message).toContain("GOWS doesn't accept 'contacts'")
    // to all contacts it goes
    await run(gateway().sendStatus(text))
    expect(fake.statuses).toHaveLength(2)
  })

  it("an engine before its Status API answers not implemented (FeatureUnsupported)", async () => {
    fake.setServerVersion({ engine: "GOWS", version: "2024.12.1" })
    const error = await failure(gateway().sendStatus(text))
    expect(error.reason).toBe("FeatureUnsupported")
    expect(fake.statuses).toEqual([])
  })

  it("POSTs an image Status with the bytes as base64 and the caption; Core before 2026.6.1 refuses it", async () => {
    fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1", tier: "CORE" })
    await run(gateway().sendStatus({ ...image, contacts: ["4915112345678@c.us"] }))
    const seen = fake.requests.at(-1)!
    expect(seen.path).toBe("/api/sales_team-1/status/image")
    expect(seen.body).toEqual({
      file: { mimetype: "image/png", filename: "poster.png", data: Buffer.from(PNG).toString("base64") },
      caption: "See you there",
      contacts: ["4915112345678@c.us"]
    })
    fake.setServerVersion({ engine: "NOWEB", version: "2026.5.2", tier: "CORE" })
    const error = await failure(gateway().sendStatus(image))
    expect(error.status).toBe(422)
    expect(fake.statuses).toHaveLength(1)
  })

  it("a session that is not WORKING is refused as WAHA's @WorkingSessionParam does", async () => {
    fake.setSessionStatus("sales_team-1", "SCAN_QR_CODE")
    const error = await failure(gateway().sendStatus(text))
    expect(error.status).toBe(422)
    expect(fake.statuses).toEqual([])
  })
})

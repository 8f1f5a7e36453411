import { Effect, Exit } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { GatewayError } from "../../../src/application/ports/GatewayPort.ts"
import { makeWahaGateway } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import type { FakeChannel } from "../../support/fakeWahaRules.ts"

/**
 * GatewayPort.listChannels over real HTTP against the fake WAHA, which answers per engine and
 * version as docs/reach.md ("Listing the channels a number can post to") reads WAHA's source.
 */

let fake: FakeWaha
const gateway = () => makeWahaGateway({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 5_000 })

const failure = async (effect: Effect.Effect<unknown, GatewayError>): Promise<GatewayError> => {
  const exit = await Effect.runPromiseExit(Effect.flip(effect))
  if (Exit.isFailure(exit) || !(exit.value instanceof GatewayError)) throw new Error("expected a GatewayError")
  return exit.value
}

const CHANNELS: ReadonlyArray<FakeChannel> = [
  { id: "120363000000000101@newsletter", name: "Club news", role: "OWNER", verified: true, subscribersCount: 240 },
  { id: "120363000000000102@newsletter", name: "Match day", role: "ADMIN", subscribersCount: 85 },
  { id: "120363000000000103@newsletter", name: "City council", role: "SUBSCRIBER", subscribersCount: 12_400 },
  { id: "120363000000000104@newsletter", name: "Weather", role: "GUEST", subscribersCount: 9 }
]

beforeAll(async () => {
  fake = await startFakeWaha()
})
afterEach(async () => {
  await fake.reset()
})
afterAll(async () => {
  await fake.close()
})

describe("WahaGateway.listChannels", () => {
  it.each(["NOWEB", "GOWS"] as const)(
    "%s lists every channel the number follows, GUEST among them, with follower counts",
    async (engine) => {
      fake.setServerVersion({ engine, version: "2026.7.1" })
      fake.setSessionStatus("alice", "WORKING")
      fake.setChannels("alice", CHANNELS)
      const channels = await Effect.runPromise(gateway().listChannels("alice"))
      expect(channels).toEqual([
        { channelId: CHANNELS[0]!.id, name: "Club news", role: "OWNER", verified: true, subscribers: 240 },
        { channelId: CHANNELS[1]!.id, name: "Match day", role: "ADMIN", verified: false, subscribers: 85 },
        { channelId: CHANNELS[2]!.id, name: "City council", role: "SUBSCRIBER", verified: false, subscribers: 12_400 },
        { channelId: CHANNELS[3]!.id, name: "Weather", role: "GUEST", verified: false, subscribers: 9 }
      ])
      // one call, without WAHA's one-role filter
      const asked = fake.requests.filter((r) => r.path === "/api/alice/channels")
      expect(asked.map((r) => r.query)).toEqual([{}])
    }
  )

  it("WEBJS leaves GUEST out and gives no follower counts", async () => {
    fake.setServerVersion({ engine: "WEBJS", version: "2026.7.1" })
    fake.setSessionStatus("alice", "WORKING")
    fake.setChannels("alice", CHANNELS)
    const channels = await Effect.runPromise(gateway().listChannels("alice"))
    expect(channels.map((c) => [c.name, c.role, c.subscribers])).toEqual([
      ["Club news", "OWNER", null],
      ["Match day", "ADMIN", null],
      ["City council", "SUBSCRIBER", null]
    ])
  })

  it("a WAHA before channels (404 Cannot GET) is FeatureUnsupported; a session not WORKING is refused as for groups", async () => {
    fake.setServerVersion({ engine: "NOWEB", version: "2024.6.1", tier: "PLUS" })
    fake.setSessionStatus("default", "WORKING")
    const old = await failure(gateway().listChannels("default"))
    expect(old.reason).toBe("FeatureUnsupported")
    expect(old.message).toMatch(/no channels route/)

    fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1", tier: "CORE" })
    fake.setSessionStatus("bob", "STOPPED")
    expect((await failure(gateway().listChannels("bob"))).reason).toBe("SessionNotRunning")
  })
})

describe("sending to a channel, as WAHA answers", () => {
  const NEWS = "120363000000000101@newsletter"

  it("a text goes to a `…@newsletter` chat as to a group; mention everyone is refused there (FeatureUnsupported)", async () => {
    fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1" })
    fake.setSessionStatus("alice", "WORKING")
    const sent = await Effect.runPromise(gateway().sendText({ session: "alice", chatId: NEWS, text: "News" }))
    expect(sent.messageId).not.toBeNull()
    expect(fake.sent.map((b) => b.chatId)).toEqual([NEWS])
    const mention = await failure(gateway().sendText({ session: "alice", chatId: NEWS, text: "All", mentionAll: true }))
    expect(mention.reason).toBe("FeatureUnsupported")
    expect(mention.message).toMatch(/can be used only in group chats/)
  })

  it("WEBJS 2026.1.x answers 201 with an empty body and delivers nothing: why planning needs 2026.3.3 there", async () => {
    fake.setServerVersion({ engine: "WEBJS", version: "2026.1.2", tier: "PLUS" })
    fake.setSessionStatus("alice", "WORKING")
    const sent = await Effect.runPromise(gateway().sendText({ session: "alice", chatId: NEWS, text: "Lost" }))
    // read as accepted, with no id: nothing tells Herald it went nowhere
    expect(sent.messageId).toBeNull()
    expect(fake.sent).toEqual([])
    expect(fake.chatHistory("alice", NEWS)).toEqual([])
    fake.setServerVersion({ engine: "WEBJS", version: "2026.2.1", tier: "PLUS" })
    await Effect.runPromise(gateway().sendText({ session: "alice", chatId: NEWS, text: "Found" }))
    expect(fake.sent.map((b) => b.text)).toEqual(["Found"])
  })
})

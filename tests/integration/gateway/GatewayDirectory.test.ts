import { Effect, Layer, Logger } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { GatewayDirectory } from "../../../src/application/session/GatewayDirectory.ts"
import { WahaGateway } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { ENGINES, engineContacts, engineGroups } from "../../support/wahaEngineFixtures.ts"

// the directory reads the gateway's lists in pages of 500
const PAGE = 500

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterEach(async () => {
  await fake.reset()
})
afterAll(async () => {
  await fake.close()
})

const read = <A>(use: (directory: GatewayDirectory["Service"]) => Effect.Effect<A, unknown>) => {
  const logs: Array<string> = []
  const capture = Logger.layer([
    Logger.make(
      ({ message }) => void logs.push(Array.isArray(message) ? message.map(String).join(" ") : String(message))
    )
  ])
  const layer = GatewayDirectory.layer.pipe(
    Layer.provide(WahaGateway.layer({ baseUrl: fake.url, apiKey: fake.apiKey }))
  )
  return Effect.runPromise(
    Effect.gen(function* () {
      return { value: yield* use(yield* GatewayDirectory), logs }
    }).pipe(Effect.provide(Layer.merge(layer, capture)))
  )
}

const groups = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `1203630${String(i).padStart(11, "0")}@g.us`, subject: `Group ${i}` }))
const listCalls = () => fake.requests.filter((r) => r.path === "/api/s/groups").length

describe.each(ENGINES)("GatewayDirectory over WAHA (%s)", (engine) => {
  it("reads every group once over several pages", async () => {
    fake.setGroups("s", engineGroups(engine, [...groups(1_200)].reverse()))
    const { value } = await read((d) => d.groups("s"))
    // WAHA sorts NOWEB and GOWS groups by id when asked; WEBJS groups stay in the engine's order
    const expected = engine === "WEBJS" ? [...groups(1_200)].reverse() : groups(1_200)
    expect(value.map((g) => g.groupName)).toEqual(expected.map((g) => g.subject))
    expect(listCalls()).toBe(3)
  })

  it("a failed read is not kept: the next call asks the gateway again, and what it then reads is kept", async () => {
    fake.answerEverythingWith(500, { message: "down for a moment" })
    const { value } = await read((d) =>
      Effect.gen(function* () {
        const failed = yield* Effect.flip(d.groups("s"))
        const failedCalls = listCalls()
        yield* Effect.promise(() => fake.reset())
        fake.setGroups("s", engineGroups(engine, groups(3)))
        const first = yield* d.groups("s")
        const second = yield* d.groups("s")
        return { failed, failedCalls, first, second, okCalls: listCalls() }
      })
    )
    expect(value.failed._tag).toBe("GatewayError")
    expect(value.failedCalls).toBeGreaterThan(0)
    expect(value.first.map((g) => g.groupName)).toEqual(["Group 0", "Group 1", "Group 2"])
    expect(value.second).toBe(value.first)
    // after the reset: one page read for the first call, none for the second
    expect(value.okCalls).toBe(1)
  })

  it("a WAHA that ignores paging and has more than a page: one call, no duplicates", async () => {
    fake.legacy(true)
    fake.setGroups("s", engineGroups(engine, groups(1_200)))
    const { value } = await read((d) => d.groups("s"))
    expect(value).toHaveLength(1_200)
    expect(new Set(value.map((g) => g.groupId)).size).toBe(1_200)
    expect(listCalls()).toBe(1)
  })

  it("a WAHA that ignores paging and has exactly a page: the repeated page ends the walk, and it is logged", async () => {
    fake.legacy(true)
    fake.setGroups("s", engineGroups(engine, groups(PAGE)))
    const { value, logs } = await read((d) => d.groups("s"))
    expect(value).toHaveLength(PAGE)
    expect(new Set(value.map((g) => g.groupId)).size).toBe(PAGE)
    expect(listCalls()).toBe(2)
    expect(logs.filter((l) => l.includes("same groups again at offset 500"))).toHaveLength(1)
  })

  it("contacts over several pages, @lid ones on each: the lid table is read once for the whole walk", async () => {
    const people = Array.from({ length: 700 }, (_, i) =>
      i % 2 === 0
        ? { id: `1555${String(i).padStart(7, "0")}@c.us`, name: `Friend ${i}` }
        : { id: `1555${String(i).padStart(7, "0")}0000@lid`, name: `Friend ${i}` }
    )
    fake.setContacts("s", engineContacts(engine, people))
    fake.setLids(
      "s",
      people.filter((p) => p.id.endsWith("@lid")).map((p) => ({ lid: p.id, pn: `1666${p.id.slice(4, 11)}@c.us` }))
    )
    const { value } = await read((d) => d.contacts("s"))
    expect(value).toHaveLength(700)
    expect(fake.requests.filter((r) => r.path === "/api/contacts/all")).toHaveLength(2)
    expect(fake.requests.filter((r) => r.path === "/api/s/lids")).toHaveLength(1)
  })

  it("contacts: the session's own number is left out, also where the engine does not flag it (NOWEB, GOWS) or lists it by lid", async () => {
    fake.setSessionStatus("s", "WORKING", "15557770000@c.us")
    fake.setContacts(
      "s",
      engineContacts(engine, [
        { id: "15557770000@c.us", name: "Me myself", isMe: true },
        { id: "15551110001@c.us", name: "Ann" },
        { id: "177770000000000@lid", name: "Me by lid" }
      ])
    )
    fake.setLids("s", [{ lid: "177770000000000@lid", pn: "15557770000@c.us" }])
    const { value } = await read((d) => d.contacts("s"))
    expect(value.map((c) => c.groupName)).toEqual(["Ann"])
  })

  it("contacts: a page of nothing but groups and lids does not end the walk", async () => {
    // sorted by id, every group id (1203…@g.us) comes before these numbers: the first page holds no contact
    const contacts = [
      ...groups(PAGE).map((g) => ({ id: g.id, name: g.subject })),
      ...Array.from({ length: 10 }, (_, i) => ({ id: `1555${String(i).padStart(7, "0")}@c.us`, name: `Friend ${i}` }))
    ]
    fake.setContacts("s", engineContacts(engine, contacts))
    const { value } = await read((d) => d.contacts("s"))
    expect(value.map((c) => c.groupName)).toEqual(Array.from({ length: 10 }, (_, i) => `Friend ${i}`))
  })
})

describe("GatewayDirectory's channels", () => {
  it("reads a session's channels in one call and keeps them; a failed read is not kept", async () => {
    fake.setSessionStatus("s", "WORKING")
    fake.setChannels("s", [{ id: "120363000000000101@newsletter", name: "Club news", role: "OWNER" }])
    const channelCalls = () => fake.requests.filter((r) => r.path === "/api/s/channels").length
    const { value } = await read((d) =>
      Effect.gen(function* () {
        const first = yield* d.channels("s")
        const again = yield* d.channels("s")
        return { first, again, calls: channelCalls() }
      })
    )
    expect(value.first.map((c) => c.name)).toEqual(["Club news"])
    expect(value.again).toEqual(value.first)
    expect(value.calls).toBe(1)

    fake.answerEverythingWith(500, { message: "down for a moment" })
    const retried = await read((d) =>
      Effect.gen(function* () {
        const failed = yield* Effect.flip(d.channels("s"))
        yield* Effect.promise(async () => {
          fake.answerEverythingWith(200, [])
        })
        const next = yield* d.channels("s")
        return { failed: failed.reason, next }
      })
    )
    expect(retried.value).toEqual({ failed: "ServerError", next: [] })
  })

  it("cachedChannels gives what was read within the minute, and asks the gateway nothing", async () => {
    fake.setSessionStatus("s", "WORKING")
    fake.setChannels("s", [{ id: "120363000000000101@newsletter", name: "Club news", role: "OWNER" }])
    const channelCalls = () => fake.requests.filter((r) => r.path === "/api/s/channels").length
    const { value } = await read((d) =>
      Effect.gen(function* () {
        const before = yield* d.cachedChannels("s")
        yield* d.channels("s")
        const after = yield* d.cachedChannels("s")
        return { before: before._tag, after: after._tag === "Some" ? after.value.map((c) => c.name) : null }
      })
    )
    expect(value).toEqual({ before: "None", after: ["Club news"] })
    expect(channelCalls()).toBe(1)
  })

  it("the gateway's version is asked once a minute; a failed answer is not kept", async () => {
    const versionCalls = () => fake.requests.filter((r) => r.path === "/api/server/version").length
    const { value } = await read((d) =>
      Effect.gen(function* () {
        const first = yield* d.serverVersion()
        const again = yield* d.serverVersion()
        return { same: first.version === again.version, calls: versionCalls() }
      })
    )
    expect(value).toEqual({ same: true, calls: 1 })
    fake.answerEverythingWith(500, { message: "down for a moment" })
    const retried = await read((d) =>
      Effect.gen(function* () {
        const failed = yield* Effect.flip(d.serverVersion())
        const again = yield* Effect.flip(d.serverVersion())
        return [failed.reason, again.reason]
      })
    )
    expect(retried.value).toEqual(["ServerError", "ServerError"])
    expect(versionCalls()).toBe(3)
  })

  it("a version that cannot post to channels is not kept: an upgrade shows at once", async () => {
    const versionCalls = () => fake.requests.filter((r) => r.path === "/api/server/version").length
    fake.setServerVersion({ version: "2026.1.2", engine: "WEBJS" })
    const { value } = await read((d) =>
      Effect.gen(function* () {
        const old = yield* d.serverVersion()
        yield* Effect.sync(() => fake.setServerVersion({ version: "2026.7.1", engine: "WEBJS" }))
        const upgraded = yield* d.serverVersion()
        const kept = yield* d.serverVersion()
        return [old.version, upgraded.version, kept.version]
      })
    )
    expect(value).toEqual(["2026.1.2", "2026.7.1", "2026.7.1"])
    expect(versionCalls()).toBe(2)
  })
})

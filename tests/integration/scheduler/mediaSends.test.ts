import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { createCampaign } from "../../../src/application/campaign/createCampaign.ts"
import { planCampaign } from "../../../src/application/campaign/planCampaign.ts"
import { MediaStore } from "../../../src/application/ports/MediaStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { Dispatcher } from "../../../src/application/scheduler/Dispatcher.ts"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"
import { eventually } from "../../support/eventually.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { PNG_BYTES } from "../../support/mediaFixtures.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"
import { memoryScheduler } from "../../support/schedulerHarness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

/** Three users' sessions, each with one image due at T; answers the messages' ids. */
const threeImagesDue = Effect.gen(function* () {
  yield* TestClock.setTime(T - 60_000)
  const bytes = new Uint8Array(PNG_BYTES)
  const media = { mimetype: "image/png", filename: "team.png", size: bytes.length, kind: "image" as const }
  const ids: Array<string> = []
  for (const user of ["u1", "u2", "u3"]) {
    const session = yield* createMessagingSession(user, `herald_${user}`)
    const id = `media-${user}`
    yield* (yield* MediaStore).put({ ...media, id, ownerId: user, createdAt: T - 60_000, usedAt: T - 60_000 }, bytes)
    const campaign = yield* createCampaign({
      userId: user,
      sessionId: session.id,
      group: { groupId: "120363000000000001@g.us", groupName: "Family" },
      title: "photo",
      messages: [{ content: `from ${user}`, scheduledAt: T, media: { ...media, id } }]
    })
    ids.push(...campaign.messageIds)
  }
  return ids
})

const statusesOf = (ids: ReadonlyArray<string>) =>
  Effect.forEach(ids, (id) => MessageRepository.use((r) => r.get(id)).pipe(Effect.map((m) => m?.status ?? "none")))

/** A pass at T, each send answered after a while, until two images are at the gateway together. */
const dispatchUntilTwoAtGateway = Effect.gen(function* () {
  yield* Effect.promise(async () => fake.latency(1_500))
  yield* TestClock.setTime(T)
  const dispatcher = yield* Dispatcher
  yield* dispatcher.dispatchDueMessages
  yield* Effect.promise(() =>
    eventually(
      "two images at the gateway",
      () => fake.requests.filter((r) => r.path === "/api/sendImage").length,
      (n) => n === 2
    )
  )
  return dispatcher
})

describe("images and files in the scheduler", () => {
  it.effect(
    "three sessions each due to send an image: two are claimed and sent at once, the third only once one is done",
    () => {
      const { layer } = memoryScheduler(fake.url, { mediaConcurrency: 2 })
      return Effect.gen(function* () {
        const ids = yield* threeImagesDue
        const dispatcher = yield* dispatchUntilTwoAtGateway
        const statuses = yield* statusesOf(ids)
        // the third is not even claimed while it waits for its turn (its lease does not run)
        expect([...statuses].sort()).toEqual(["PICKED", "PICKED", "SCHEDULED"])
        yield* dispatcher.awaitIdle
        expect(fake.media.map((m) => (m.body as { caption?: unknown }).caption).sort()).toEqual([
          "from u1",
          "from u2",
          "from u3"
        ])
      }).pipe(Effect.provide(layer))
    },
    30_000
  )

  it.effect(
    "shut down while an image waits for its turn: the two in flight finish, the waiting one is not claimed (left for the next scheduler)",
    () => {
      const { layer } = memoryScheduler(fake.url, { mediaConcurrency: 2 })
      return Effect.gen(function* () {
        const ids = yield* threeImagesDue
        const dispatcher = yield* dispatchUntilTwoAtGateway
        yield* dispatcher.drain
        expect([...(yield* statusesOf(ids))].sort()).toEqual(["SCHEDULED", "SENT", "SENT"])
        expect(fake.media).toHaveLength(2)
      }).pipe(Effect.provide(layer))
    },
    30_000
  )

  it.effect(
    "three sessions each due to post a text Status: they take the media turn before the claim, so the third is not claimed while two are posted and none is left outcome-unknown",
    () => {
      // a short lease: a Status claimed and then left waiting for a slot would run it out
      const { layer } = memoryScheduler(fake.url, { mediaConcurrency: 2, leaseMs: 30_000 })
      return Effect.gen(function* () {
        fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1" })
        yield* TestClock.setTime(T - 60_000)
        const ids: Array<string> = []
        for (const user of ["u1", "u2", "u3"]) {
          yield* createMessagingSession(user, `herald_${user}`)
          const { id } = yield* planCampaign(user, {
            sessionName: `herald_${user}`,
            targets: [{ groupId: "status@broadcast", groupName: "My Status" }],
            messages: [{ content: `news from ${user}`, scheduledAt: T }]
          })
          const messages = yield* MessageRepository.use((r) => r.listByCampaign(id))
          ids.push(...messages.map((m) => m.id))
        }
        yield* Effect.promise(async () => fake.latency(1_500))
        yield* TestClock.setTime(T)
        const dispatcher = yield* Dispatcher
        yield* dispatcher.dispatchDueMessages
        yield* Effect.promise(() =>
          eventually(
            "two Statuses at the gateway",
            () => fake.requests.filter((r) => r.path.endsWith("/status/text")).length,
            (n) => n === 2
          )
        )
        // the third waits for its turn unclaimed: no lease runs for it
        expect([...(yield* statusesOf(ids))].sort()).toEqual(["PICKED", "PICKED", "SCHEDULED"])
        yield* dispatcher.awaitIdle
        expect(yield* statusesOf(ids)).toEqual(["SENT", "SENT", "SENT"])
        expect(fake.statuses.map((p) => p.body["text"]).sort()).toEqual([
          "news from u1",
          "news from u2",
          "news from u3"
        ])
      }).pipe(Effect.provide(layer.pipe(Layer.provideMerge(KeyedLocks.layer))))
    },
    30_000
  )
})

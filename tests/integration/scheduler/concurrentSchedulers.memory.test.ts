import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { raceSchedulers } from "./concurrentSchedulers.ts"

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

describe("several schedulers on one memory store", () => {
  for (const preloadFirst of [false, true]) {
    it.effect(
      `4 schedulers, 500 messages due at once across 20 sessions${preloadFirst ? ", each having preloaded them all" : ""}: each sent exactly once, in order per session`,
      () =>
        Effect.gen(function* () {
          const now = Date.parse("2026-03-01T10:00:00.000Z")
          const db = makeMemoryDatabase()
          const { stillScheduled } = yield* raceSchedulers({
            fake,
            makeClient: () => MemoryStore.layer(db),
            schedulers: 4,
            sessions: 20,
            messages: 500,
            firstAt: now - 30_000,
            dispatchAt: now,
            preloadFirst
          })
          const texts = fake.sent.map((s) => s.text)
          expect(texts).toHaveLength(500)
          expect(new Set(texts).size).toBe(500)
          expect(stillScheduled).toHaveLength(0)
          for (let s = 0; s < 20; s++) {
            const ofSession = fake.sent
              .filter((m) => m.session === `session-${s}`)
              .map((m) => Number(m.text.split("-m")[1]))
            expect(ofSession).toEqual([...ofSession].sort((a, b) => a - b))
          }
        })
    )
  }

  it.effect("4 schedulers, 200 Status posts due at once across 10 sessions: each posted exactly once", () =>
    Effect.gen(function* () {
      const now = Date.parse("2026-03-01T10:00:00.000Z")
      const db = makeMemoryDatabase()
      const { stillScheduled } = yield* raceSchedulers({
        fake,
        makeClient: () => MemoryStore.layer(db),
        schedulers: 4,
        sessions: 10,
        messages: 200,
        firstAt: now - 30_000,
        dispatchAt: now,
        toStatus: true
      })
      const texts = fake.statuses.map((s) => s.body["text"])
      expect(texts).toHaveLength(200)
      expect(new Set(texts).size).toBe(200)
      expect(fake.sent).toHaveLength(0)
      expect(stillScheduled).toHaveLength(0)
    })
  )
})

import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { PollAggregate } from "../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../src/application/eventSourcing/execute.ts"
import { projectStream } from "../../src/application/eventSourcing/project.ts"
import type { PollResultsView } from "../../src/application/ports/PollResultsRepository.ts"
import { PollResultsRepository } from "../../src/application/ports/PollResultsRepository.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")

const pollView = (id: string, overrides: Partial<PollResultsView> = {}): PollResultsView => ({
  id,
  campaignId: "c1",
  votes: [
    {
      voter: "15551110001@c.us",
      lid: null,
      voterName: "Ann",
      options: ["Mon"],
      votedAt: T,
      readable: true,
      recordedAt: T + 5
    },
    { voter: "777@lid", lid: null, voterName: null, options: [], votedAt: T + 1, readable: false, recordedAt: T + 6 }
  ],
  version: 2,
  ...overrides
})

const poll = { options: ["Mon", "Tue"], multipleAnswers: true }

export const describePollResultsRepositoryContract = (name: string, harness: StoreHarness) =>
  describe(`PollResultsRepository contract: ${name}`, () => {
    it.effect("saves and gets a poll's votes as given; read back by another client; unknown id → null", () => {
      const database = harness.freshDatabase()
      return Effect.gen(function* () {
        const view = pollView("m1")
        yield* PollResultsRepository.use((r) => r.save(view)).pipe(Effect.provide(database.connect()))
        const again = yield* PollResultsRepository.use((r) => Effect.all([r.get("m1"), r.get("nope")] as const)).pipe(
          Effect.provide(database.connect())
        )
        expect(again).toEqual([view, null])
      })
    })

    it.effect("a newer version replaces the stored view; an older or equal one is kept out", () =>
      PollResultsRepository.use((repo) =>
        Effect.gen(function* () {
          yield* repo.save(pollView("m1", { version: 3 }))
          yield* repo.save(pollView("m1", { version: 2, votes: [] }))
          yield* repo.save(pollView("m1", { version: 3, votes: [] }))
          expect((yield* repo.get("m1"))?.votes).toHaveLength(2)
          const newer = pollView("m1", { version: 4, votes: [] })
          yield* repo.save(newer)
          expect(yield* repo.get("m1")).toEqual(newer)
        })
      ).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect(
      "votes are events first: the view is rebuilt from the poll's stream (catch-up after a lost projection)",
      () =>
        Effect.gen(function* () {
          const vote = (voter: string, options: ReadonlyArray<string>, votedAt: number) =>
            execute(PollAggregate)("m9", {
              type: "RecordVote",
              messageId: "m9",
              campaignId: "c9",
              vote: { voter, lid: null, voterName: null, options, votedAt, readable: true },
              poll,
              now: votedAt + 1,
              dated: true
            })
          yield* vote("1@c.us", ["Mon"], T)
          yield* vote("2@c.us", ["Tue", "Mon"], T + 1)
          yield* vote("1@c.us", ["Tue"], T + 2)
          const projected = yield* PollResultsRepository.use((r) => r.get("m9"))
          // the projection lost: a view of version 1 only, then the catch-up brings it to the stream's
          yield* PollResultsRepository.use((r) =>
            r.save({ id: "m9", campaignId: "c9", votes: projected?.votes.slice(0, 1) ?? [], version: 1 })
          )
          const rebuilt = yield* projectStream("poll-m9")
          expect(rebuilt).toBe(true)
          expect(yield* PollResultsRepository.use((r) => r.get("m9"))).toEqual(projected)
          expect(projected?.votes.map((v) => [v.voter, v.options])).toEqual([
            ["1@c.us", ["Tue"]],
            ["2@c.us", ["Mon", "Tue"]]
          ])
          expect(projected?.version).toBe(3)
        }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("an unreachable store fails with StoreUnavailable", () =>
      Effect.gen(function* () {
        yield* expectStoreUnavailable(
          PollResultsRepository.use((r) => r.get("m1")).pipe(Effect.provide(harness.unreachable()))
        )
        yield* expectStoreUnavailable(
          PollResultsRepository.use((r) => r.save(pollView("m1"))).pipe(Effect.provide(harness.unreachable()))
        )
      })
    )
  })

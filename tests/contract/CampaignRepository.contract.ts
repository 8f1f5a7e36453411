import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { CampaignView } from "../../src/application/ports/CampaignRepository.ts"
import { CampaignRepository, targetsOf } from "../../src/application/ports/CampaignRepository.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")

export const campaignView = (id: string, overrides: Partial<CampaignView> = {}): CampaignView => ({
  id,
  userId: "u1",
  sessionId: "s1",
  groupId: "120363000000000001@g.us",
  groupName: "Family",
  targets: null,
  title: `campaign ${id}`,
  titleMadeUp: false,
  status: "SCHEDULED",
  failureReason: null,
  messageIds: ["m1", "m2"],
  plan: null,
  createdAt: T,
  updatedAt: T,
  version: 1,
  counters: null,
  ...overrides
})

export const describeCampaignRepositoryContract = (name: string, harness: StoreHarness) =>
  describe(`CampaignRepository contract: ${name}`, () => {
    const withRepo = <A, E>(f: (repo: CampaignRepository["Service"]) => Effect.Effect<A, E>) =>
      CampaignRepository.use(f).pipe(Effect.provide(harness.freshDatabase().connect()))

    it.effect("saves and gets a view with every field as given; unknown id → null", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const failed = campaignView("c1", {
            status: "FAILED",
            failureReason: "missed",
            messageIds: [],
            updatedAt: T + 5,
            version: 7
          })
          const scheduled = campaignView("c2", { messageIds: ["a", "b", "c"] })
          yield* repo.save(failed)
          yield* repo.save(scheduled)
          expect(yield* repo.get("c1")).toEqual(failed)
          expect(yield* repo.get("c2")).toEqual(scheduled)
          expect(yield* repo.get("c3")).toBeNull()
          // the summary: everything but the message ids
          const { messageIds: _, ...summary } = scheduled
          expect(yield* repo.summary("c2")).toEqual(summary)
          expect(yield* repo.summary("c3")).toBeNull()
        })
      )
    )

    it.effect("keeps the newest version: an older or equal version never overwrites it", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.save(campaignView("c1", { status: "IN_PROGRESS", version: 3 }))
          yield* repo.save(campaignView("c1", { status: "SCHEDULED", version: 2 }))
          yield* repo.save(campaignView("c1", { status: "CANCELLED", version: 3 }))
          expect(yield* repo.get("c1")).toMatchObject({ status: "IN_PROGRESS", version: 3 })
          yield* repo.save(campaignView("c1", { status: "COMPLETED", version: 4 }))
          expect(yield* repo.get("c1")).toEqual(campaignView("c1", { status: "COMPLETED", version: 4 }))
        })
      )
    )

    it.effect("listBySession: only that session's campaigns, oldest first (createdAt, then id)", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          expect(yield* repo.listBySession("s1")).toEqual([])
          yield* repo.save(campaignView("c", { sessionId: "s1", createdAt: T + 2 }))
          yield* repo.save(campaignView("b", { sessionId: "s1", createdAt: T + 1, status: "COMPLETED" }))
          yield* repo.save(campaignView("x", { sessionId: "s2", createdAt: T }))
          yield* repo.save(campaignView("a", { sessionId: "s1", createdAt: T + 2 }))
          yield* repo.save(campaignView("y", { sessionId: "s10", createdAt: T }))
          const listed = yield* repo.listBySession("s1")
          expect(listed.map((c) => c.id)).toEqual(["b", "a", "c"])
          expect(listed[0]).toEqual(campaignView("b", { sessionId: "s1", createdAt: T + 1, status: "COMPLETED" }))
          expect((yield* repo.listBySession("s2")).map((c) => c.id)).toEqual(["x"])
          expect(yield* repo.listBySession("s")).toEqual([])
          // a newer version replaces the listed one
          yield* repo.save(campaignView("b", { sessionId: "s1", createdAt: T + 1, status: "CANCELLED", version: 2 }))
          expect((yield* repo.listBySession("s1")).map((c) => [c.id, c.status])).toEqual([
            ["b", "CANCELLED"],
            ["a", "SCHEDULED"],
            ["c", "SCHEDULED"]
          ])
        })
      )
    )

    it.effect("listByUser: only that user's campaigns, newest first (createdAt, then id), paged", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          expect(yield* repo.listByUser("u1", { limit: 10, offset: 0 })).toEqual([])
          yield* repo.save(campaignView("a", { userId: "u1", createdAt: T + 1 }))
          yield* repo.save(campaignView("c", { userId: "u1", createdAt: T + 2 }))
          yield* repo.save(campaignView("b", { userId: "u1", createdAt: T + 2 }))
          yield* repo.save(campaignView("x", { userId: "u2", createdAt: T + 3 }))
          yield* repo.save(campaignView("d", { userId: "u1", createdAt: T }))
          const ids = (page: { limit: number; offset: number }) =>
            repo.listByUser("u1", page).pipe(Effect.map((l) => l.map((c) => c.id)))
          expect(yield* ids({ limit: 10, offset: 0 })).toEqual(["c", "b", "a", "d"])
          expect(yield* ids({ limit: 2, offset: 0 })).toEqual(["c", "b"])
          expect(yield* ids({ limit: 2, offset: 2 })).toEqual(["a", "d"])
          expect(yield* ids({ limit: 2, offset: 4 })).toEqual([])
          // listed without its message ids
          const { messageIds: _, ...listed } = campaignView("x", { userId: "u2", createdAt: T + 3 })
          expect((yield* repo.listByUser("u2", { limit: 10, offset: 0 }))[0]).toEqual(listed)
        })
      )
    )

    it.effect("stores a campaign's several targets and reads them back; one group reads as [group]", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const targets = [
            { groupId: "a@g.us", groupName: "Club A" },
            { groupId: "b@g.us", groupName: "Club B" },
            { groupId: "c@g.us", groupName: "Club C" }
          ]
          const several = campaignView("c1", { groupId: "a@g.us", groupName: "Club A", targets })
          yield* repo.save(several)
          yield* repo.save(campaignView("c2", { createdAt: T + 1 }))
          expect(yield* repo.get("c1")).toEqual(several)
          expect((yield* repo.summary("c1"))?.targets).toEqual(targets)
          expect((yield* repo.listByUser("u1", { limit: 10, offset: 0 })).map((c) => targetsOf(c))).toEqual([
            [{ groupId: "120363000000000001@g.us", groupName: "Family" }],
            targets
          ])
          expect((yield* repo.listBySession("s1"))[0]?.targets).toEqual(targets)
          // every target is among the session's groups, in the order of their first campaign
          expect(yield* repo.groupsBySession("s1")).toEqual([
            ...targets,
            { groupId: "120363000000000001@g.us", groupName: "Family" }
          ])
        })
      )
    )

    it.effect(
      "stores the Status target's colour, font and chosen contacts, alone or among groups, and reads them back",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            const status = {
              groupId: "status@broadcast",
              groupName: "My Status",
              statusPost: {
                backgroundColor: "#ff8800",
                font: 6 as const,
                contacts: ["4915112345678@c.us", "123456789012345@lid"]
              }
            }
            const everyone = { ...status, statusPost: { backgroundColor: "#38b42f", font: 0 as const, contacts: null } }
            const alone = campaignView("c1", {
              groupId: status.groupId,
              groupName: status.groupName,
              targets: [status]
            })
            const mixed = campaignView("c2", {
              groupId: "a@g.us",
              groupName: "Club A",
              targets: [{ groupId: "a@g.us", groupName: "Club A" }, everyone],
              createdAt: T + 1
            })
            yield* repo.save(alone)
            yield* repo.save(mixed)
            expect(yield* repo.get("c1")).toEqual(alone)
            expect(yield* repo.get("c2")).toEqual(mixed)
            expect((yield* repo.summary("c1"))?.targets).toEqual([status])
            expect((yield* repo.listByUser("u1", { limit: 10, offset: 0 })).map((c) => targetsOf(c))).toEqual([
              mixed.targets,
              [status]
            ])
          })
        )
    )

    it.effect("stores a campaign's plan (zone, recurrence) and reads it back everywhere; none reads as null", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const plan = {
            timeZone: "Europe/Berlin",
            recurrence: {
              startDate: "2026-12-01",
              endDate: "2026-12-14",
              sendTime: "08:30",
              timeZone: "Europe/Berlin",
              frequency: "DAILY" as const,
              template: "Day {days_left}\n---\nSee you",
              isFreeForm: false,
              splitMarker: "---" as const
            }
          }
          const planned = campaignView("c1", { plan })
          const oneOff = campaignView("c2", { plan: { timeZone: "America/New_York" }, createdAt: T + 1 })
          yield* repo.save(planned)
          yield* repo.save(oneOff)
          yield* repo.save(campaignView("c3", { createdAt: T + 2 }))
          expect(yield* repo.get("c1")).toEqual(planned)
          expect((yield* repo.get("c2"))?.plan).toEqual({ timeZone: "America/New_York" })
          expect((yield* repo.get("c3"))?.plan).toBeNull()
          expect((yield* repo.summary("c1"))?.plan).toEqual(plan)
          expect((yield* repo.listByUser("u1", { limit: 10, offset: 0 })).map((c) => c.plan)).toEqual([
            null,
            { timeZone: "America/New_York" },
            plan
          ])
          expect((yield* repo.listBySession("s1"))[0]?.plan).toEqual(plan)
          // a changed plan (a later version) replaces the stored one
          const changed = { ...plan, recurrence: { ...plan.recurrence, sendTime: "09:15" } }
          yield* repo.save(campaignView("c1", { plan: changed, version: 2 }))
          expect((yield* repo.get("c1"))?.plan).toEqual(changed)
        })
      )
    )

    it.effect("fails with StoreUnavailable when the database cannot be reached", () =>
      Effect.gen(function* () {
        yield* expectStoreUnavailable(
          CampaignRepository.use((r) => r.save(campaignView("c1"))).pipe(Effect.provide(harness.unreachable()))
        )
        yield* expectStoreUnavailable(
          CampaignRepository.use((r) => r.get("c1")).pipe(Effect.provide(harness.unreachable()))
        )
        yield* expectStoreUnavailable(
          CampaignRepository.use((r) => r.listBySession("s1")).pipe(Effect.provide(harness.unreachable()))
        )
        yield* expectStoreUnavailable(
          CampaignRepository.use((r) => r.listByUser("u1", { limit: 1, offset: 0 })).pipe(
            Effect.provide(harness.unreachable())
          )
        )
      })
    )
  })

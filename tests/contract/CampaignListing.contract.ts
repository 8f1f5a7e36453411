import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { CampaignListFilter } from "../../src/application/ports/CampaignRepository.ts"
import { CampaignRepository } from "../../src/application/ports/CampaignRepository.ts"
import { MessageRepository } from "../../src/application/ports/MessageRepository.ts"
import { campaignView } from "./CampaignRepository.contract.ts"
import type { StoreHarness, StorePorts } from "./harness.ts"
import { messageView } from "./MessageRepository.contract.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const HOUR = 3_600_000

/**
 * campaign.list's sort, filters and search (CampaignListFilter), on every store: the same answer,
 * whatever the store, for the same campaigns and messages.
 */
export const describeCampaignListingContract = (name: string, harness: StoreHarness) =>
  describe(`CampaignRepository.listByUser with a filter: ${name}`, () => {
    const inDatabase = <A, E>(effect: Effect.Effect<A, E, StorePorts>) =>
      effect.pipe(Effect.provide(harness.freshDatabase().connect()))

    /** five campaigns of u1, one of u2; counters as the projection keeps them */
    const seed = Effect.gen(function* () {
      const campaigns = yield* CampaignRepository
      const messages = yield* MessageRepository
      const plan = [
        {
          id: "old",
          title: "Weekly Choir",
          createdAt: T,
          status: "SCHEDULED",
          group: "g1",
          texts: ["Répétition at 7"]
        },
        { id: "soon", title: "Quiz night", createdAt: T + 1, status: "SCHEDULED", group: "g2", texts: ["Bring a PEN"] },
        { id: "done", title: "Garden", createdAt: T + 2, status: "COMPLETED", group: "g1", texts: ["Seeds 50%"] },
        { id: "gone", title: "Trip", createdAt: T + 3, status: "CANCELLED", group: "g3", texts: ["Bus at 9"] },
        {
          id: "later",
          title: "Club de lecture: Noël",
          createdAt: T + 4,
          status: "SCHEDULED",
          group: "g3",
          texts: ["Chapter one"]
        }
      ] as const
      for (const c of plan) {
        const group = `${c.group}@g.us`
        yield* campaigns.save(
          campaignView(c.id, {
            title: c.title,
            createdAt: c.createdAt,
            status: c.status,
            groupId: c.id === "later" ? "g9@g.us" : group,
            // "later" sends to g9 first and g3 second
            targets:
              c.id === "later"
                ? [
                    { groupId: "g9@g.us", groupName: "Nine" },
                    { groupId: group, groupName: "Three" }
                  ]
                : null,
            messageIds: [`${c.id}-m`]
          })
        )
        const status = c.status === "COMPLETED" ? "SENT" : c.status === "CANCELLED" ? "CANCELLED" : "SCHEDULED"
        const at = c.id === "soon" ? T + HOUR : c.id === "old" ? T + 5 * HOUR : c.id === "later" ? T + 9 * HOUR : T
        yield* messages.save(
          messageView(`${c.id}-m`, { campaignId: c.id, content: c.texts[0], status, scheduledAt: at, groupId: group })
        )
        yield* campaigns.count(c.id)
      }
      // a deleted message's text is not searched
      yield* messages.save(messageView("done-x", { campaignId: "done", content: "secret word", status: "DELETED" }))
      yield* campaigns.save(campaignView("theirs", { userId: "u2", title: "Quiz night", createdAt: T + 9 }))
    })

    const listed = (filter: CampaignListFilter, page = { limit: 10, offset: 0 }) =>
      CampaignRepository.use((r) => r.listByUser("u1", page, filter)).pipe(Effect.map((l) => l.map((c) => c.id)))

    it.effect("sorts by next send: waiting ones soonest first, then the rest newest first; paged across both", () =>
      inDatabase(
        Effect.gen(function* () {
          yield* seed
          expect(yield* listed({ sort: "next" })).toEqual(["soon", "old", "later", "gone", "done"])
          expect(yield* listed({ sort: "created" })).toEqual(["later", "gone", "done", "soon", "old"])
          expect(yield* listed({ sort: "next" }, { limit: 2, offset: 2 })).toEqual(["later", "gone"])
          expect(yield* listed({ sort: "next" }, { limit: 2, offset: 4 })).toEqual(["done"])
          expect(yield* listed({ sort: "next" }, { limit: 2, offset: 0 })).toEqual(["soon", "old"])
        })
      )
    )

    it.effect("filters by status and by group (any of a campaign's targets)", () =>
      inDatabase(
        Effect.gen(function* () {
          yield* seed
          expect(yield* listed({ sort: "created", statuses: ["CANCELLED", "COMPLETED"] })).toEqual(["gone", "done"])
          expect(yield* listed({ sort: "created", groupId: "g1@g.us" })).toEqual(["done", "old"])
          expect(yield* listed({ sort: "created", groupId: "g3@g.us" })).toEqual(["later", "gone"])
          expect(yield* listed({ sort: "next", groupId: "g3@g.us", statuses: ["SCHEDULED"] })).toEqual(["later"])
          expect(yield* listed({ sort: "created", groupId: "nobody@g.us" })).toEqual([])
        })
      )
    )

    it.effect(
      "searches titles and message texts, case and accents aside, % _ * ? [ as themselves; never another user's",
      () =>
        inDatabase(
          Effect.gen(function* () {
            yield* seed
            expect(yield* listed({ sort: "created", search: "quiz" })).toEqual(["soon"])
            expect(yield* listed({ sort: "created", search: "pen" })).toEqual(["soon"])
            expect(yield* listed({ sort: "created", search: "CHAPTER" })).toEqual(["later"])
            // accents aside, either way round, in titles and texts
            expect(yield* listed({ sort: "created", search: "repetition" })).toEqual(["old"])
            expect(yield* listed({ sort: "created", search: "RÉPÈT" })).toEqual(["old"])
            expect(yield* listed({ sort: "created", search: "noel" })).toEqual(["later"])
            expect(yield* listed({ sort: "created", search: "lecture: NOËL" })).toEqual(["later"])
            expect(yield* listed({ sort: "created", search: "[*?]" })).toEqual([])
            // a cancelled campaign's texts are what it had planned: found
            expect(yield* listed({ sort: "created", search: "bus at" })).toEqual(["gone"])
            expect(yield* listed({ sort: "created", search: "50%" })).toEqual(["done"])
            expect(yield* listed({ sort: "created", search: "5%" })).toEqual([])
            expect(yield* listed({ sort: "created", search: "_" })).toEqual([])
            expect(yield* listed({ sort: "created", search: "secret" })).toEqual([])
            expect(yield* listed({ sort: "created", search: "(.*" })).toEqual([])
            expect(yield* listed({ sort: "next", search: "a", statuses: ["SCHEDULED"] })).toEqual([
              "soon",
              "old",
              "later"
            ])
          })
        )
    )
  })

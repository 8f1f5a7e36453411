import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Logger } from "effect"
import { createCampaign } from "../../../src/application/campaign/createCampaign.ts"
import { pauseCampaign } from "../../../src/application/campaign/pauseCampaign.ts"
import { resumeCampaign } from "../../../src/application/campaign/resumeCampaign.ts"
import { CampaignRepository } from "../../../src/application/ports/CampaignRepository.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"

describe("a campaign paused while its messages are being scheduled", () => {
  it.effect("holds them all: those scheduled after the pause pause themselves; resumed, all wait again", () => {
    const db = makeMemoryDatabase()
    return Effect.gen(function* () {
      const session = yield* createMessagingSession("u1", "alice")
      const at = Date.now() + 3_600_000
      const creating = yield* Effect.forkChild(
        createCampaign({
          userId: "u1",
          sessionId: session.id,
          group: { groupId: "g@g.us", groupName: "G" },
          title: "T",
          messages: Array.from({ length: 300 }, (_, i) => ({ content: `m${i}`, scheduledAt: at + i }))
        })
      )
      // wait until the campaign exists but not all of its messages do
      const campaigns = yield* CampaignRepository
      let campaign = yield* campaigns.listBySession(session.id)
      while (campaign.length === 0) {
        yield* Effect.yieldNow
        campaign = yield* campaigns.listBySession(session.id)
      }
      const id = campaign[0]!.id
      const scheduledBeforePause = (yield* (yield* MessageRepository).listByCampaign(id)).length
      yield* pauseCampaign("u1", id)
      yield* Fiber.join(creating)
      const messages = yield* (yield* MessageRepository).listByCampaign(id)
      expect(scheduledBeforePause).toBeLessThan(300)
      expect(messages).toHaveLength(300)
      expect(messages.filter((m) => m.status !== "PAUSED")).toEqual([])
      expect(yield* resumeCampaign("u1", id)).toEqual({ resumed: 300, skipped: 0 })
      const resumed = yield* (yield* MessageRepository).listByCampaign(id)
      expect(resumed.filter((m) => m.status !== "SCHEDULED")).toEqual([])
      // someone else's campaign is not found, whoever asks
      expect((yield* Effect.flip(pauseCampaign("u2", id)))._tag).toBe("CampaignNotFound")
    }).pipe(Effect.provide(Layer.mergeAll(MemoryStore.layer(db), Logger.layer([]))))
  })
})

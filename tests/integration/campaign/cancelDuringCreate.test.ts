import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Logger } from "effect"
import { cancelCampaign } from "../../../src/application/campaign/cancelCampaign.ts"
import { createCampaign } from "../../../src/application/campaign/createCampaign.ts"
import { CampaignRepository } from "../../../src/application/ports/CampaignRepository.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"

describe("a campaign cancelled while its messages are being scheduled", () => {
  it.effect("sends nothing: the messages scheduled after the cancel are cancelled too", () => {
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
      const scheduledBeforeCancel = (yield* (yield* MessageRepository).listByCampaign(id)).length
      yield* cancelCampaign("u1", id)
      yield* Fiber.join(creating)
      const messages = yield* (yield* MessageRepository).listByCampaign(id)
      expect(scheduledBeforeCancel).toBeLessThan(300)
      expect(messages).toHaveLength(300)
      expect(messages.filter((m) => m.status !== "CANCELLED")).toEqual([])
    }).pipe(Effect.provide(Layer.mergeAll(MemoryStore.layer(db), Logger.layer([]))))
  })
})

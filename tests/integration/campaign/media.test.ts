import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { cancelCampaign } from "../../../src/application/campaign/cancelCampaign.ts"
import { mediaProblemOf, mentionOnMediaProblemOf } from "../../../src/application/campaign/mediaSupport.ts"
import { planCampaign } from "../../../src/application/campaign/planCampaign.ts"
import { resendCampaignMessage } from "../../../src/application/campaign/resendCampaignMessage.ts"
import { MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../../src/application/eventSourcing/execute.ts"
import { MEDIA_GRACE_MS, MEDIA_RESEND_WINDOW_MS, sweepMedia } from "../../../src/application/media/sweepMedia.ts"
import { MAX_MEDIA_FILES_PER_USER, readOwnMedia, uploadMedia } from "../../../src/application/media/uploadMedia.ts"
import { MediaStore } from "../../../src/application/ports/MediaStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"
import { SqliteDatabase } from "../../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../../src/infrastructure/sqlite/SqliteStore.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"
import { MENTIONING_WAHA, memoryWithGateway } from "../../support/versionGateway.ts"

const MINUTE = 60_000
const base = { sessionName: "alice", groupId: "120363000000000001@g.us", groupName: "Choir" }
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47])

const upload = (ownerId = "u1", filename = "a.png") =>
  uploadMedia({ ownerId, filename, bytes: PNG, detected: "image/png" })
const stored = (id: string) => MediaStore.use((s) => s.info(id))

describe("mediaProblemOf: which gateways can send images and files", () => {
  it.each([
    [{ version: "2026.6.1", engine: "WEBJS", tier: "CORE" }, null],
    [{ version: "2026.7.1", engine: "NOWEB", tier: "CORE" }, null],
    [{ version: "2025.1.1", engine: "GOWS", tier: "PLUS" }, null],
    [{ version: "sandbox", engine: "SANDBOX", tier: "SANDBOX" }, null],
    [{ version: "latest", engine: "WEBJS", tier: "CORE" }, null],
    [{ version: "2026.5.2", engine: "WEBJS", tier: "CORE" }, /WAHA 2026\.5\.2 CORE\) cannot send images or files/]
  ] as const)("%o → %s", (gateway, expected) => {
    const problem = mediaProblemOf(gateway)
    if (expected === null) expect(problem).toBeNull()
    else expect(problem).toMatch(expected)
  })

  it("mentions on media need 2025.11.2", () => {
    expect(mentionOnMediaProblemOf({ version: "2025.11.1", engine: "NOWEB", tier: "PLUS" })).toMatch(/2025\.11\.2/)
    expect(mentionOnMediaProblemOf({ version: "2025.11.2", engine: "NOWEB", tier: "PLUS" })).toBeNull()
  })
})

describe("uploads and their retention, on the memory store", () => {
  it.effect("an upload is the owner's alone; a type Herald does not send is refused; the per-user bound holds", () =>
    Effect.gen(function* () {
      const media = yield* upload("u1", "../../etc/pass\u0000wd.png")
      expect(media).toMatchObject({
        mimetype: "image/png",
        kind: "image",
        size: 4,
        filename: "passwd.png"
      })
      expect(yield* readOwnMedia("u1", media.id)).not.toBeNull()
      expect(yield* readOwnMedia("u2", media.id)).toBeNull()
      const svg = yield* Effect.flip(
        uploadMedia({ ownerId: "u1", filename: "x.svg", bytes: PNG, detected: "image/svg+xml" })
      )
      expect(svg).toMatchObject({ _tag: "UnsupportedMediaType" })
      expect(svg.message).toMatch(/image\/svg\+xml cannot be sent; Herald accepts images \(JPEG/)
      for (let i = 1; i < MAX_MEDIA_FILES_PER_USER; i++) yield* upload("u1")
      expect(yield* Effect.flip(upload("u1"))).toMatchObject({ _tag: "MediaQuotaExceeded" })
      // another user is not held back by it
      yield* upload("u2")
    }).pipe(Effect.provide(memoryWithGateway(MENTIONING_WAHA).layer))
  )

  it.effect(
    "the sweep keeps an upload for a day, then while a message may still send it (failed included); removes it once sent or cancelled",
    () =>
      Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const unused = yield* upload()
        const toSend = yield* upload()
        const toCancel = yield* upload()
        const { id: campaign } = yield* planCampaign("u1", {
          ...base,
          messages: [
            { content: "", scheduledAt: MINUTE, media: { id: toSend.id } },
            { content: "caption", scheduledAt: 2 * MINUTE, media: { id: toSend.id } }
          ]
        })
        const { id: cancelled } = yield* planCampaign("u1", {
          ...base,
          messages: [{ content: "later", scheduledAt: 3 * MINUTE, media: { id: toCancel.id } }]
        })
        const [first, second] = yield* (yield* MessageRepository).listByCampaign(campaign)
        expect(first?.media).toEqual(toSend)

        // within the day nothing goes, used or not
        yield* TestClock.setTime(MEDIA_GRACE_MS - 1)
        expect(yield* sweepMedia()).toBe(0)

        yield* TestClock.setTime(MEDIA_GRACE_MS + 1)
        yield* cancelCampaign("u1", cancelled)
        // the first message failed: kept for a resend; the second still scheduled
        yield* execute(MessageAggregate)(first!.id, { type: "Pick", selectedAt: MINUTE, now: MINUTE, by: "s" })
        yield* execute(MessageAggregate)(first!.id, { type: "RecordSendFailure", reason: "refused", now: MINUTE })
        expect(yield* sweepMedia()).toBe(2)
        expect(yield* stored(unused.id)).toBeNull()
        expect(yield* stored(toCancel.id)).toBeNull()
        expect(yield* stored(toSend.id)).not.toBeNull()

        // a resend reuses the first message's upload
        const { id: resend } = yield* resendCampaignMessage("u1", { campaignId: campaign, messageId: first!.id })
        expect((yield* (yield* MessageRepository).get(resend))?.media).toEqual(toSend)
        // both go out, each picked in its own window
        for (const [id, at] of [
          [second!.id, 2 * MINUTE],
          [resend, MEDIA_GRACE_MS + 2]
        ] as const) {
          const picked = yield* execute(MessageAggregate)(id, { type: "Pick", selectedAt: at, now: at, by: "s" })
          expect(picked._tag).toBe("Accepted")
          yield* execute(MessageAggregate)(id, { type: "RecordSent", gatewayMessageId: null, now: at })
        }
        // the failed original may still be sent again for a week after its time
        expect(yield* sweepMedia()).toBe(0)
        expect(yield* stored(toSend.id)).not.toBeNull()
        yield* TestClock.setTime(MINUTE + MEDIA_RESEND_WINDOW_MS + 1)
        expect(yield* sweepMedia()).toBe(1)
        expect(yield* stored(toSend.id)).toBeNull()
      }).pipe(Effect.provide(memoryWithGateway(MENTIONING_WAHA).layer))
  )

  it.effect(
    "a plan taking an old upload between the sweep's look at the views and its delete keeps it: the delete sees the plan's touch",
    () => {
      const memory = memoryWithGateway(MENTIONING_WAHA)
      return Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const photo = yield* upload("u1", "team.png")
        // a day and more later, unused so far: the sweep lists it
        yield* TestClock.setTime(MEDIA_GRACE_MS + MINUTE)
        const messages = yield* MessageRepository
        const context = yield* Effect.context<Layer.Success<typeof memory.layer>>()
        let planned: string | null = null
        // the views lag the log: the sweep asks while the plan's messages are not shown yet, and
        // the plan (another request) writes them right after
        const lagging = MessageRepository.of({
          ...messages,
          needsMedia: (mediaId, resendableSince) =>
            Effect.gen(function* () {
              const needed = yield* messages.needsMedia(mediaId, resendableSince)
              if (planned === null) {
                const { id } = yield* planCampaign("u1", {
                  ...base,
                  messages: [{ content: "", scheduledAt: MEDIA_GRACE_MS + 2 * MINUTE, media: { id: photo.id } }]
                }).pipe(Effect.provideContext(context), Effect.orDie)
                planned = id
              }
              return needed
            })
        })
        expect(yield* sweepMedia().pipe(Effect.provideService(MessageRepository, lagging))).toBe(0)
        expect(planned).not.toBeNull()
        expect(yield* stored(photo.id)).toMatchObject({ id: photo.id, usedAt: MEDIA_GRACE_MS + MINUTE })
        // and the next sweeps keep it: touched within the day, then needed by the message
        expect(yield* sweepMedia()).toBe(0)
        yield* TestClock.setTime(2 * MEDIA_GRACE_MS + 2 * MINUTE)
        expect(yield* sweepMedia()).toBe(0)
        expect(yield* stored(photo.id)).not.toBeNull()
      }).pipe(Effect.provide(memory.layer))
    }
  )

  it.effect(
    "a resend once the upload is swept is refused saying so, nothing saved; a resend within the week touches the upload",
    () =>
      Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const photo = yield* upload("u1", "team.png")
        const { id: campaign } = yield* planCampaign("u1", {
          ...base,
          messages: [
            { content: "a", scheduledAt: MINUTE, media: { id: photo.id } },
            { content: "b", scheduledAt: MINUTE, media: { id: photo.id } }
          ]
        })
        const [first, second] = yield* (yield* MessageRepository).listByCampaign(campaign)
        for (const m of [first!, second!]) {
          yield* execute(MessageAggregate)(m.id, { type: "Pick", selectedAt: MINUTE, now: MINUTE, by: "s" })
          yield* execute(MessageAggregate)(m.id, { type: "RecordSendFailure", reason: "refused", now: MINUTE })
        }
        // six days on: sent again, and the upload's use is now
        yield* TestClock.setTime(MINUTE + 6 * MEDIA_GRACE_MS)
        yield* resendCampaignMessage("u1", { campaignId: campaign, messageId: second!.id }).pipe(
          Effect.flatMap(({ id }) =>
            Effect.gen(function* () {
              const at = MINUTE + 6 * MEDIA_GRACE_MS
              yield* execute(MessageAggregate)(id, { type: "Pick", selectedAt: at, now: at, by: "s" })
              yield* execute(MessageAggregate)(id, { type: "RecordSent", gatewayMessageId: null, now: at })
            })
          )
        )
        expect((yield* stored(photo.id))?.usedAt).toBe(MINUTE + 6 * MEDIA_GRACE_MS)
        // a week after the first's time and a day after that use: swept
        yield* TestClock.setTime(MINUTE + MEDIA_RESEND_WINDOW_MS + 1)
        expect(yield* sweepMedia()).toBe(1)
        const before = yield* (yield* MessageRepository).listByCampaign(campaign)
        const refused = yield* Effect.flip(resendCampaignMessage("u1", { campaignId: campaign, messageId: first!.id }))
        expect(refused).toMatchObject({
          _tag: "CampaignConflict",
          message:
            "the image team.png of this message is no longer kept (uploads go 7 days after a failed message's time): plan a new message with the file attached again"
        })
        expect(yield* (yield* MessageRepository).listByCampaign(campaign)).toEqual(before)
        expect((yield* (yield* MessageRepository).get(first!.id))?.resentAs).toBeNull()
      }).pipe(Effect.provide(memoryWithGateway(MENTIONING_WAHA).layer))
  )
})

describe("uploads at the per-user bound, on SQLite (a write waits for its group commit)", () => {
  it.effect("parallel uploads cannot each pass the bound: exactly the room left is taken", () => {
    const path = join(mkdtempSync(join(tmpdir(), "herald-media-")), "herald.db")
    return Effect.gen(function* () {
      for (let i = 0; i < MAX_MEDIA_FILES_PER_USER - 2; i++) yield* upload("u1")
      const results = yield* Effect.all(
        Array.from({ length: 6 }, () => Effect.result(upload("u1"))),
        { concurrency: "unbounded" }
      )
      expect(results.filter((r) => r._tag === "Success")).toHaveLength(2)
      expect(results.filter((r) => r._tag === "Failure")).toHaveLength(4)
      expect(yield* MediaStore.use((s) => s.usage("u1"))).toMatchObject({ count: MAX_MEDIA_FILES_PER_USER })
    }).pipe(
      Effect.provide(
        Layer.mergeAll(SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path }))), KeyedLocks.layer)
      )
    )
  })
})

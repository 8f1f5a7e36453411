import { Clock, Data, Effect } from "effect"
import type { MessageMedia } from "../../domain/message/Media.ts"
import { ACCEPTED_MEDIA_DESCRIPTION, MAX_MEDIA_BYTES, mediaFilename, mediaKindOf } from "../../domain/message/Media.ts"
import { IdempotentRunAgain } from "../idempotency/runAgain.ts"
import { Ids } from "../ports/Ids.ts"
import { MediaStore, StoredMediaSchema } from "../ports/MediaStore.ts"
import { KeyedLocks } from "../shared/KeyedLocks.ts"
import type { LimitRule } from "../shared/RequestLimits.ts"
import { RequestLimits } from "../shared/RequestLimits.ts"

/**
 * What one user may keep stored at once: 200 MB, at most 100 uploads. Uploads go when no message
 * needs them any more (sweepMedia), so this bounds one user's share of the disk, not their plans:
 * twelve 16 MB files waiting to be sent fit.
 */
export const MAX_MEDIA_BYTES_PER_USER = 200 * 1024 * 1024
export const MAX_MEDIA_FILES_PER_USER = 100

/**
 * Uploads one user may start in a minute, refused ones included: each may make the server read up
 * to 16 MB, so a refusal costs as much as a success and must count (issue 21).
 */
export const UPLOADS_PER_MINUTE: LimitRule = { limit: 20, windowMs: 60_000 }

/**
 * Counts an upload of `ownerId` before its body is read; fails with OverLimit (retryAfterMs) once
 * they have started UPLOADS_PER_MINUTE in the current minute, in this process.
 */
export const admitUpload = (ownerId: string) =>
  RequestLimits.use((limits) => limits.take(`upload:${ownerId}`, UPLOADS_PER_MINUTE))

/** The detected type is not one Herald sends: 415. */
export class UnsupportedMediaType extends Data.TaggedError("UnsupportedMediaType")<{
  readonly detected: string | null
}> {
  override get message() {
    return `${this.detected === null ? "this file's type could not be recognised" : `files of type ${this.detected} cannot be sent`}; Herald accepts ${ACCEPTED_MEDIA_DESCRIPTION}, at most 16 MB`
  }
  /** the reader's words (interfaces/web/refusalWords.ts) */
  get code() {
    return this.detected === null ? "unrecognised" : "type"
  }
  get params() {
    return this.detected === null ? {} : { value: this.detected }
  }
}

/** Over 16 MB: 413. */
export class MediaTooLarge extends Data.TaggedError("MediaTooLarge")<{}> {
  override get message() {
    return "the file is larger than 16 MB, the most WhatsApp takes"
  }
}

/** The user's stored uploads are at their bound: 413 too (the request is too large for what is left). */
export class MediaQuotaExceeded extends Data.TaggedError("MediaQuotaExceeded")<{}> {
  override get message() {
    return `you already keep ${MAX_MEDIA_FILES_PER_USER} files or ${MAX_MEDIA_BYTES_PER_USER / 1024 / 1024} MB of images and files; they are removed once their messages are sent or cancelled (unused uploads after a day): try again then, or cancel a campaign`
  }
  get params() {
    return { files: MAX_MEDIA_FILES_PER_USER, megabytes: MAX_MEDIA_BYTES_PER_USER / 1024 / 1024 }
  }
}

/** What an upload answers (a MessageMedia): kept as it is for an Idempotency-Key's retries. */
export const UploadedMediaSchema = StoredMediaSchema.pick({
  id: true,
  mimetype: true,
  filename: true,
  size: true,
  kind: true
})

/**
 * POST /api/media: stores an upload of `ownerId`, its type detected from the bytes by the caller
 * (`detected`, null when unknown). Answers what a message refers to it by.
 */
export const uploadMedia = Effect.fn("uploadMedia")(function* (input: {
  readonly ownerId: string
  readonly filename: string
  readonly bytes: Uint8Array
  readonly detected: string | null
}) {
  if (input.bytes.length > MAX_MEDIA_BYTES) return yield* new MediaTooLarge()
  const kind = mediaKindOf(input.detected)
  if (kind === null || input.detected === null) return yield* new UnsupportedMediaType({ detected: input.detected })
  const detected = input.detected
  const store = yield* MediaStore
  // the check and the put under one lock per user: parallel uploads cannot each pass the bound
  // (in this process; as planCampaign's quota)
  return yield* (yield* KeyedLocks).oneAtATime(`uploadMedia:${input.ownerId}`)(
    Effect.gen(function* () {
      const id = (yield* Ids).next()
      // The same upload run again with the same ids (an Idempotency-Key's retry after the first
      // run stopped renewing its lease, runIdempotently): what it stored whole is the answer,
      // before the quota counts it; a part of it goes first. Only a run again looks: it holds the
      // lease alone, and the first run renewed it as long as it was alive (docs/api.md).
      if (yield* IdempotentRunAgain) {
        const earlier = yield* store.info(id)
        if (earlier !== null && earlier.ownerId === input.ownerId) {
          if ((yield* store.read(id)) !== null) {
            const { mimetype, filename, size, kind } = earlier
            return { id, mimetype, filename, size, kind } satisfies MessageMedia
          }
          yield* store.delete(id)
        }
      }
      const usage = yield* store.usage(input.ownerId)
      if (usage.count >= MAX_MEDIA_FILES_PER_USER || usage.bytes + input.bytes.length > MAX_MEDIA_BYTES_PER_USER) {
        return yield* new MediaQuotaExceeded()
      }
      const createdAt = yield* Clock.currentTimeMillis
      const media: MessageMedia = {
        id,
        mimetype: detected,
        filename: mediaFilename(input.filename, detected),
        size: input.bytes.length,
        kind
      }
      yield* store.put({ ...media, ownerId: input.ownerId, createdAt, usedAt: createdAt }, input.bytes)
      return media
    })
  )
})

/** GET /api/media/:id: the bytes, to their owner only (anyone else: null, as for an unknown id). */
export const readOwnMedia = Effect.fn("readOwnMedia")(function* (ownerId: string, id: string) {
  const stored = yield* (yield* MediaStore).read(id)
  return stored === null || stored.media.ownerId !== ownerId ? null : stored
})

import type { Effect } from "effect"
import { Context } from "effect"
import { z } from "zod"
import { MEDIA_KINDS } from "../../domain/message/Media.ts"
import type { StoreUnavailable } from "./StoreErrors.ts"

/**
 * What is known of an uploaded image or file besides its bytes. The one definition of its
 * fields: every store decodes what it reads back with this schema.
 */
export const StoredMediaSchema = z.object({
  id: z.string(),
  /** the user who uploaded it: only they may read it or attach it to a message */
  ownerId: z.string(),
  /** detected from the bytes at upload */
  mimetype: z.string(),
  filename: z.string(),
  size: z.number().int(),
  kind: z.enum(MEDIA_KINDS),
  createdAt: z.number(),
  /**
   * When a message last took it on (checkPlan, a resend: `touch`), createdAt at first: the sweep
   * removes only uploads unused since its cutoff (docs/architecture.md "Images and files")
   */
  usedAt: z.number()
})
export type StoredMedia = Readonly<z.output<typeof StoredMediaSchema>>

/** Where a page of listUnusedSince ended. */
export interface MediaCursor {
  readonly usedAt: number
  readonly id: string
}

/** A user's stored media, for the per-user bound (see uploadMedia). */
export interface MediaUsage {
  readonly count: number
  readonly bytes: number
}

/**
 * The uploads messages refer to (docs/architecture.md#media): memory, SQLite (a table of
 * 256 KiB chunks) or MongoDB GridFS. Bytes are written whole or not at all as far as `read`
 * can tell: it shows an upload only once all of it is stored. `info` and `usage` may show one
 * whose put has not returned yet (SQLite writes 16 MB a megabyte at a time); nobody else knows its
 * id until then.
 */
export class MediaStore extends Context.Service<
  MediaStore,
  {
    /** Stores the bytes under `media.id` (an id not used before); `media.usedAt` as given (createdAt). */
    readonly put: (media: StoredMedia, bytes: Uint8Array) => Effect.Effect<void, StoreUnavailable>
    readonly info: (id: string) => Effect.Effect<StoredMedia | null, StoreUnavailable>
    /**
     * The upload and its bytes; null when not stored, and also when its stored bytes are not
     * whole (a chunk missing or short: corrupted by hand, or a delete cut off): such an upload
     * cannot be sent or shown, which is what "not stored" tells every caller (a send fails with
     * MediaMissing instead of retrying a store fault that no retry mends).
     */
    readonly read: (
      id: string
    ) => Effect.Effect<{ readonly media: StoredMedia; readonly bytes: Uint8Array } | null, StoreUnavailable>
    /** Removes it and its bytes; nothing happens for an id not (or no longer) stored. */
    readonly delete: (id: string) => Effect.Effect<void, StoreUnavailable>
    /**
     * Records that a message takes it on at `at`: usedAt becomes `at` unless already later.
     * Answers whether it is stored (false: gone, the caller must not refer to it).
     */
    readonly touch: (id: string, at: number) => Effect.Effect<boolean, StoreUnavailable>
    /**
     * Removes it and its bytes only if its usedAt is before `cutoff`, in one step no `touch` can
     * come between (the sweep's delete). Answers whether it removed it.
     */
    readonly deleteIfUnusedSince: (id: string, cutoff: number) => Effect.Effect<boolean, StoreUnavailable>
    /** How many uploads of this user are stored, and their bytes. */
    readonly usage: (ownerId: string) => Effect.Effect<MediaUsage, StoreUnavailable>
    /**
     * Uploads whose usedAt is before `cutoff`, least recently used first (ties by id in binary
     * order), at most `limit`, and only those after `after` in that order when given (the last of
     * the previous page): what the sweep looks at, page by page.
     */
    readonly listUnusedSince: (
      cutoff: number,
      limit: number,
      after?: MediaCursor
    ) => Effect.Effect<ReadonlyArray<StoredMedia>, StoreUnavailable>
  }
>()("herald/application/ports/MediaStore") {}

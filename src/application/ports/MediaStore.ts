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
  createdAt: z.number()
})
export type StoredMedia = Readonly<z.output<typeof StoredMediaSchema>>

/** Where a page of listCreatedBefore ended. */
export interface MediaCursor {
  readonly createdAt: number
  readonly id: string
}

/** A user's stored media, for the per-user bound (see uploadMedia). */
export interface MediaUsage {
  readonly count: number
  readonly bytes: number
}

/**
 * The uploads messages refer to (docs/architecture.md#media): memory, SQLite (a table of
 * 256 KiB chunks) or MongoDB GridFS. Bytes are written whole or not at all as far as `info`
 * and `read` can tell: a store shows an upload only once all of it is stored.
 */
export class MediaStore extends Context.Service<
  MediaStore,
  {
    /** Stores the bytes under `media.id` (an id not used before). */
    readonly put: (media: StoredMedia, bytes: Uint8Array) => Effect.Effect<void, StoreUnavailable>
    readonly info: (id: string) => Effect.Effect<StoredMedia | null, StoreUnavailable>
    readonly read: (
      id: string
    ) => Effect.Effect<{ readonly media: StoredMedia; readonly bytes: Uint8Array } | null, StoreUnavailable>
    /** Removes it and its bytes; nothing happens for an id not (or no longer) stored. */
    readonly delete: (id: string) => Effect.Effect<void, StoreUnavailable>
    /** How many uploads of this user are stored, and their bytes. */
    readonly usage: (ownerId: string) => Effect.Effect<MediaUsage, StoreUnavailable>
    /**
     * Uploads stored before `before`, oldest first (ties by id in binary order), at most `limit`,
     * and only those after `after` in that order when given (the last of the previous page): what
     * the sweep looks at, page by page.
     */
    readonly listCreatedBefore: (
      before: number,
      limit: number,
      after?: MediaCursor
    ) => Effect.Effect<ReadonlyArray<StoredMedia>, StoreUnavailable>
  }
>()("herald/application/ports/MediaStore") {}

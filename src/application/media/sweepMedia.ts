import { Clock, Effect } from "effect"
import type { MediaCursor } from "../ports/MediaStore.ts"
import { MediaStore } from "../ports/MediaStore.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"

/**
 * An upload is kept at least this long after its last use (its upload, or a message taking it
 * on: MediaStore.touch): time to plan the campaign it was uploaded for, and ample time for the
 * message views (which may lag the log) to show a new message using it.
 */
export const MEDIA_GRACE_MS = 24 * 60 * 60 * 1000

/**
 * A failed, missed or outcome-unknown message keeps its media this long after its time, for a
 * "send again"; then it goes (such a message stays failed for ever, and its upload would fill the
 * user's bound). A resend after that fails saying the file is no longer stored.
 */
export const MEDIA_RESEND_WINDOW_MS = 7 * 24 * 60 * 60 * 1000

/** Uploads read per page. */
const SWEEP_BATCH = 500

/**
 * Removes the uploads unused for MEDIA_GRACE_MS that no message needs any more: none uses them, or
 * every message using them is sent, deleted or cancelled. Failed, missed and outcome-unknown ones
 * keep theirs for MEDIA_RESEND_WINDOW_MS (the user may send them again, and a resend reuses the
 * same upload). Answers how many were removed.
 *
 * Race-free against a create, a copy or a resend without a lock: each of those touches the upload
 * (usedAt = its now) before it writes a message, and the delete is conditional on usedAt < cutoff
 * in one store step. A touch before the delete makes the delete a no-op; a touch after it finds
 * the upload gone and the use case refuses, nothing written. A message written after a touch is
 * thus covered by usedAt for MEDIA_GRACE_MS, long enough for the views (needsMedia) to show it.
 */
export const sweepMedia = Effect.fn("sweepMedia")(function* () {
  const store = yield* MediaStore
  const messages = yield* MessageRepository
  const now = yield* Clock.currentTimeMillis
  const cutoff = now - MEDIA_GRACE_MS
  let removed = 0
  // page by page, so uploads still needed at the front never hide the ones behind them
  let after: MediaCursor | undefined
  for (;;) {
    const page = yield* store.listUnusedSince(cutoff, SWEEP_BATCH, after)
    for (const media of page) {
      if (yield* messages.needsMedia(media.id, now - MEDIA_RESEND_WINDOW_MS)) continue
      if (yield* store.deleteIfUnusedSince(media.id, cutoff)) removed += 1
    }
    const last = page.at(-1)
    if (page.length < SWEEP_BATCH || last === undefined) return removed
    after = { usedAt: last.usedAt, id: last.id }
  }
})

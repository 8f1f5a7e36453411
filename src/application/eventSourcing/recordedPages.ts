import { Effect, Option, Stream } from "effect"
import type { StreamRef } from "../ports/EventStore.ts"
import { EventStore } from "../ports/EventStore.ts"
import type { StoreUnavailable } from "../ports/StoreErrors.ts"

type Page = ReadonlyArray<StreamRef>

/**
 * The events recorded at or after `since`, oldest first, one page per element (the catch-up pass
 * and the failure relay work page by page, and both are idempotent, so a page may repeat events).
 * Each page starts at the previous one's newest instant, so events sharing that instant are read
 * again; a short page ends the walk. A full page whose events all share the instant it started at
 * would not move the cursor: it is read again at twice the size, until the instant is passed, so
 * no event after it is skipped (the catch-up's checkpoint moves past what the walk covered).
 */
export const recordedPages = (since: number, pageSize: number): Stream.Stream<Page, StoreUnavailable, EventStore> =>
  Stream.paginate({ from: since, size: pageSize }, ({ from, size }) =>
    EventStore.use((store) => store.recordedSince(from, size)).pipe(
      Effect.map((page): readonly [ReadonlyArray<Page>, Option.Option<{ from: number; size: number }>] => {
        const last = page.at(-1)?.recordedAt
        if (page.length < size || last === undefined) return [[page], Option.none()]
        return [[page], Option.some(last === from ? { from, size: size * 2 } : { from: last, size: pageSize })]
      })
    )
  )

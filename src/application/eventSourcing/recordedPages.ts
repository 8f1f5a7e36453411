import { Effect, Option, Stream } from "effect"
import type { StreamRef } from "../ports/EventStore.ts"
import { EventStore } from "../ports/EventStore.ts"
import type { StoreUnavailable } from "../ports/StoreErrors.ts"

type Page = ReadonlyArray<StreamRef>

/**
 * The events recorded at or after `since`, oldest first, one page of at most `pageSize` per
 * element (the catch-up pass and the failure relay work page by page). Each page starts at the
 * previous one's newest instant; a short page ends the walk, and so does a full page whose events
 * all share the instant it started at, since its cursor would not move.
 */
export const recordedPages = (since: number, pageSize: number): Stream.Stream<Page, StoreUnavailable, EventStore> =>
  Stream.paginate(since, (from: number) =>
    EventStore.use((store) => store.recordedSince(from, pageSize)).pipe(
      Effect.map((page): readonly [ReadonlyArray<Page>, Option.Option<number>] => {
        const last = page.at(-1)?.recordedAt
        const more = page.length >= pageSize && last !== undefined && last !== from
        return [[page], more ? Option.some(last) : Option.none()]
      })
    )
  )

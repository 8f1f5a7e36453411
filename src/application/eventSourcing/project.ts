import { Effect, Stream } from "effect"
import type { StreamRef } from "../ports/EventStore.ts"
import { EventStore } from "../ports/EventStore.ts"
import type { StoreUnavailable } from "../ports/StoreErrors.ts"
import { CorruptData } from "../ports/StoreErrors.ts"
import { oneLine } from "../text/oneLine.ts"
import type { Aggregate, ProjectionStores } from "./Aggregates.ts"
import { CampaignAggregate, MessageAggregate, PollAggregate, SessionAggregate, UserAggregate } from "./Aggregates.ts"
import { decodeEvents } from "./execute.ts"
import { recordedPages } from "./recordedPages.ts"

const rebuild = <C, S extends { readonly version: number }, E extends { readonly type: string }, R>(
  aggregate: Aggregate<C, S, E, R>,
  id: string,
  knownVersion: number
): Effect.Effect<boolean, StoreUnavailable | CorruptData, EventStore | ProjectionStores> =>
  Effect.gen(function* () {
    if ((yield* aggregate.projectedVersion(id)) >= knownVersion) return false
    const store = yield* EventStore
    const state = yield* decodeEvents(aggregate, yield* store.read(aggregate.streamId(id)))
    yield* aggregate.project(state)
    return true
  })

/**
 * Brings the read model of one stream up to at least `version` (default: whatever the stream
 * holds); returns whether it had to.
 */
export const projectStream = (
  streamId: string,
  version = Number.MAX_SAFE_INTEGER
): Effect.Effect<boolean, StoreUnavailable | CorruptData, EventStore | ProjectionStores> => {
  const dash = streamId.indexOf("-")
  const id = streamId.slice(dash + 1)
  // one call per kind keeps the generic types of each aggregate
  switch (streamId.slice(0, dash)) {
    case MessageAggregate.name:
      return rebuild(MessageAggregate, id, version)
    case CampaignAggregate.name:
      return rebuild(CampaignAggregate, id, version)
    case SessionAggregate.name:
      return rebuild(SessionAggregate, id, version)
    case UserAggregate.name:
      return rebuild(UserAggregate, id, version)
    case PollAggregate.name:
      return rebuild(PollAggregate, id, version)
    default:
      return Effect.fail(new CorruptData({ message: `unknown stream ${streamId}` }))
  }
}

/** Each stream the page touches, with the newest version the page shows of it. */
const latestVersions = (page: ReadonlyArray<StreamRef>): Map<string, number> => {
  const latest = new Map<string, number>()
  for (const ref of page) latest.set(ref.streamId, Math.max(latest.get(ref.streamId) ?? 0, ref.version))
  return latest
}

/**
 * A stream whose events cannot be decoded is reported and passed over: rebuilding it would fail
 * the same way on every pass, and a failing pass never moves the checkpoint, so one bad stream
 * would make every later pass read ever more of the log. Its read model stays as it was; an
 * operator repairs the events it names.
 */
const projectOrReport = (streamId: string, version: number) =>
  projectStream(streamId, version).pipe(
    Effect.catchTag("CorruptData", (error) =>
      Effect.logError(
        `Read model of ${oneLine(streamId)} not rebuilt, its events are corrupt: ${oneLine(error.message)}`
      ).pipe(Effect.as(false))
    )
  )

/**
 * The catch-up pass: every stream with events recorded since `since` whose read model is
 * behind its last event gets rebuilt (a process that died between append and projection, a
 * database blip). Cheap when nothing is behind: one read-model lookup per touched stream.
 * Returns how many it rebuilt.
 */
export const catchUpProjections = (
  since: number,
  options: { readonly pageSize?: number } = {}
): Effect.Effect<number, StoreUnavailable | CorruptData, EventStore | ProjectionStores> =>
  recordedPages(since, options.pageSize ?? 1_000).pipe(
    Stream.mapEffect((page) =>
      Effect.forEach(latestVersions(page), ([streamId, version]) => projectOrReport(streamId, version)).pipe(
        Effect.map((rebuilt) => rebuilt.filter(Boolean).length)
      )
    ),
    Stream.runSum
  )

import { Clock, Effect, Layer } from "effect"
import type { StreamRef } from "../../application/ports/EventStore.ts"
import { EventStore } from "../../application/ports/EventStore.ts"
import { ConcurrencyConflict } from "../../application/ports/StoreErrors.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"

export const makeMemoryEventStore = (db: MemoryDatabase): EventStore["Service"] => ({
  append: (streamId, expectedVersion, events) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.flatMap(
        withDbWrite(db, () => {
          const versions = events.map((event, i) => ({ event, version: expectedVersion + 1 + i }))
          if (versions.some(({ version }) => db.events.has(`${streamId}:${version}`))) return false
          for (const { event, version } of versions) {
            db.events.set(`${streamId}:${version}`, {
              streamId,
              version,
              type: event.type,
              data: structuredClone(event),
              recordedAt: now
            })
          }
          db.streamVersions.set(streamId, expectedVersion + events.length)
          return true
        }),
        (ok) =>
          ok
            ? Effect.succeed(expectedVersion + events.length)
            : Effect.fail(new ConcurrencyConflict({ streamId, expectedVersion }))
      )
    ),
  read: (streamId) =>
    withDb(db, () => {
      const out = []
      const last = db.streamVersions.get(streamId) ?? 0
      for (let v = 1; v <= last; v++) {
        const event = db.events.get(`${streamId}:${v}`)
        if (event) out.push({ ...event, data: structuredClone(event.data) })
      }
      return out
    }),
  recordedSince: (since, limit) =>
    withDb(db, () =>
      [...db.events.values()]
        .filter((event) => event.recordedAt >= since)
        .sort((a, b) => a.recordedAt - b.recordedAt)
        .slice(0, limit)
        .map(
          (event): StreamRef => ({
            streamId: event.streamId,
            version: event.version,
            type: event.type,
            recordedAt: event.recordedAt
          })
        )
    )
})

export const MemoryEventStore = {
  layer: (db: MemoryDatabase) => Layer.succeed(EventStore, makeMemoryEventStore(db))
}

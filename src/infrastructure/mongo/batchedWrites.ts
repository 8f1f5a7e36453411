import type { Request } from "effect"
import { Deferred, Effect, RequestResolver } from "effect"
import type { NonEmptyArray } from "effect/Array"
import { MongoBulkWriteError } from "mongodb"

export interface WriteError {
  readonly index: number
  readonly code: number | undefined
  readonly message: string
}

/** The per-document errors of a failed insertMany (none for a failure of the whole command). */
export const writeErrors = (error: unknown): ReadonlyArray<WriteError> => {
  if (!(error instanceof MongoBulkWriteError)) return []
  const errors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors]
  return errors.map((e) => ({ index: e.index, code: e.code, message: e.errmsg ?? "write error" }))
}

/**
 * Whether the documents of a failed UNORDERED insertMany that have no write error of their
 * own are known to be stored: only when the server answered, with per-document errors and no
 * write concern error. A network error, a timeout or a failed command (which the driver wraps
 * with no write errors) leaves them unknown. (FerretDB v1 honours `ordered: false` and the
 * indexes for inserts; not for updates, see viewDocuments.ts.)
 */
export const othersStored = (error: unknown): boolean =>
  error instanceof MongoBulkWriteError &&
  writeErrors(error).length > 0 &&
  error.result.getWriteConcernError() === undefined

/** What became of an unordered insertMany: null if it went through, else its error and the per-document errors by index. */
export const unorderedOutcome = <A>(
  write: () => Promise<A>
): Effect.Effect<{ readonly failed: unknown; readonly errorAt: ReadonlyMap<number, WriteError> } | null> =>
  Effect.tryPromise({ try: write, catch: (error) => error }).pipe(
    Effect.as(null),
    Effect.catch((failed) => Effect.succeed({ failed, errorAt: new Map(writeErrors(failed).map((e) => [e.index, e])) }))
  )

/**
 * A resolver that writes the requests of many fibers in batches (group commit): a batch
 * starts once fewer batches than the pool has connections are in flight, so what is issued
 * meanwhile gathers into the next batch, and a lone request waits for nothing but one
 * scheduler yield. The yield alone would batch only requests issued in the same tick: the
 * scheduler's lanes, whose reads share one connection, reach their writes one round trip
 * apart and would each write alone. `write` must complete every entry and not fail.
 */
export const groupCommit = <A extends Request.Any>(
  name: string,
  connections: number,
  write: (entries: NonEmptyArray<Request.Entry<A>>) => Effect.Effect<void>
): RequestResolver.RequestResolver<A> => {
  const limit = Math.max(1, connections)
  let inFlight = 0
  let freed = Deferred.makeUnsafe<void>()
  const slot: Effect.Effect<void> = Effect.suspend(() =>
    inFlight < limit ? Effect.void : Effect.andThen(Deferred.await(freed), slot)
  )
  return RequestResolver.makeWith<A>({
    batchKey: () => name,
    delay: Effect.andThen(Effect.yieldNow, slot),
    collectWhile: () => true,
    runAll: (entries) =>
      Effect.suspend(() => {
        inFlight++
        return write(entries)
      }).pipe(
        Effect.ensuring(
          Effect.sync(() => {
            inFlight--
            Deferred.doneUnsafe(freed, Effect.void)
            freed = Deferred.makeUnsafe<void>()
          })
        )
      )
  })
}

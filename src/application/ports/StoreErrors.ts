import { Data } from "effect"

/** Another writer appended at this version first: the loser re-reads and decides again. */
export class ConcurrencyConflict extends Data.TaggedError("ConcurrencyConflict")<{
  readonly streamId: string
  readonly expectedVersion: number
}> {}

/**
 * The database could not be reached or answered with an error; the data layer's message says which.
 * `notWritten`: the adapter knows the call wrote nothing (it never reached the database, or the
 * database refused it before writing); absent, a write may have been applied (a timeout after the
 * command was sent).
 */
export class StoreUnavailable extends Data.TaggedError("StoreUnavailable")<{
  readonly message: string
  readonly notWritten?: true
}> {}

/** Stored data that does not decode: never silently skipped. */
export class CorruptData extends Data.TaggedError("CorruptData")<{
  readonly message: string
}> {}

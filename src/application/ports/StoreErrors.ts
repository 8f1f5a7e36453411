import { Data } from "effect"

/** Another writer appended at this version first: the loser re-reads and decides again. */
export class ConcurrencyConflict extends Data.TaggedError("ConcurrencyConflict")<{
  readonly streamId: string
  readonly expectedVersion: number
}> {}

/** The database could not be reached or answered with an error; the data layer's message says which. */
export class StoreUnavailable extends Data.TaggedError("StoreUnavailable")<{
  readonly message: string
}> {}

/** Stored data that does not decode: never silently skipped. */
export class CorruptData extends Data.TaggedError("CorruptData")<{
  readonly message: string
}> {}

import { Effect } from "effect"
import type { z } from "zod"
import { StoreUnavailable } from "../application/ports/StoreErrors.ts"

/** How a store names what it read back: "row in messages (id m1)", "document in users (_id u1)". */
export interface StoredPlace {
  /** "row", "document" */
  readonly noun: string
  /** the table or collection */
  readonly place: string
  /** which record, from what was read: "id m1", "_id u1" */
  readonly which: (stored: Readonly<Record<string, unknown>>) => string
  /** a field of the schema as the store names it (a column, a document field) */
  readonly field?: (name: string) => string
}

/**
 * Decodes what a store read back. The ports allow only StoreUnavailable on reads, so a record
 * that does not decode is reported as that, naming where it is, which one and what is wrong:
 * never silently skipped.
 */
export const decodeStored = <S extends z.ZodType>(
  schema: S,
  at: StoredPlace,
  stored: unknown
): Effect.Effect<z.output<S>, StoreUnavailable> => {
  const parsed = schema.safeParse(stored)
  if (parsed.success) return Effect.succeed(parsed.data)
  const field = at.field ?? ((name: string) => name)
  const which =
    typeof stored === "object" && stored !== null ? at.which(Object.fromEntries(Object.entries(stored))) : "?"
  const issues = parsed.error.issues
    .map(
      (i) =>
        `${i.path.map((p, n) => (n === 0 ? field(String(p)) : String(p))).join(".") || `(${at.noun})`}: ${i.message}`
    )
    .join("; ")
  return Effect.fail(new StoreUnavailable({ message: `corrupt ${at.noun} in ${at.place} (${which}): ${issues}` }))
}

import type { Effect } from "effect"
import { Context } from "effect"
import type { StoreUnavailable } from "./StoreErrors.ts"

/**
 * Whether the store can do its job now, for readiness checks. A read is not enough: a
 * database that went read-only (a full disk, a file system remounted read-only, a replica
 * set without a primary) still answers reads while every sign-up, plan and send fails.
 */
export class StoreHealth extends Context.Service<
  StoreHealth,
  {
    /** writes one fixed record (the same one every time: the store does not grow); fails when the write is refused */
    readonly probeWrite: () => Effect.Effect<void, StoreUnavailable>
  }
>()("herald/application/ports/StoreHealth") {}

import { Clock, Effect, Layer } from "effect"
import { StoreHealth } from "../../application/ports/StoreHealth.ts"
import { withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"

export const makeMemoryStoreHealth = (db: MemoryDatabase): StoreHealth["Service"] => ({
  probeWrite: () =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => withDbWrite(db, () => void db.probes.set("readiness", now)))
})

export const MemoryStoreHealth = {
  layer: (db: MemoryDatabase) => Layer.succeed(StoreHealth, makeMemoryStoreHealth(db))
}

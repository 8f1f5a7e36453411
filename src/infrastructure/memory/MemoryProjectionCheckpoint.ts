import { Layer } from "effect"
import { ProjectionCheckpoint } from "../../application/ports/ProjectionCheckpoint.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"

const KEY = "projections"

export const makeMemoryProjectionCheckpoint = (db: MemoryDatabase): ProjectionCheckpoint["Service"] => ({
  read: () => withDb(db, () => db.checkpoints.get(KEY) ?? 0),
  advance: (position) =>
    withDbWrite(db, () => {
      if (position > (db.checkpoints.get(KEY) ?? 0)) db.checkpoints.set(KEY, position)
    })
})

export const MemoryProjectionCheckpoint = {
  layer: (db: MemoryDatabase) => Layer.succeed(ProjectionCheckpoint, makeMemoryProjectionCheckpoint(db))
}

import { Layer } from "effect"
import { ProjectionCheckpoint } from "../../application/ports/ProjectionCheckpoint.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"

export const makeMemoryProjectionCheckpoint = (db: MemoryDatabase): ProjectionCheckpoint["Service"] => ({
  read: (name) => withDb(db, () => db.checkpoints.get(name) ?? 0),
  advance: (name, position) =>
    withDbWrite(db, () => {
      if (position > (db.checkpoints.get(name) ?? 0)) db.checkpoints.set(name, position)
    })
})

export const MemoryProjectionCheckpoint = {
  layer: (db: MemoryDatabase) => Layer.succeed(ProjectionCheckpoint, makeMemoryProjectionCheckpoint(db))
}

import { Layer } from "effect"
import { PasswordResetRepository } from "../../application/ports/PasswordResetRepository.ts"
import { withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"

export const makeMemoryPasswordResetRepository = (db: MemoryDatabase): PasswordResetRepository["Service"] => ({
  create: (reset) => withDbWrite(db, () => void db.passwordResets.set(reset.id, reset)),
  // synchronous: two takes of one id cannot interleave, so only one gets it
  take: (id) =>
    withDbWrite(db, () => {
      const reset = db.passwordResets.get(id) ?? null
      db.passwordResets.delete(id)
      return reset
    }),
  deleteAllOf: (userId) =>
    withDbWrite(db, () => {
      for (const [id, reset] of db.passwordResets) if (reset.userId === userId) db.passwordResets.delete(id)
    }),
  deleteExpired: (now) =>
    withDbWrite(db, () => {
      for (const [id, reset] of db.passwordResets) if (reset.expiresAt <= now) db.passwordResets.delete(id)
    })
})

export const MemoryPasswordResetRepository = {
  layer: (db: MemoryDatabase) => Layer.succeed(PasswordResetRepository, makeMemoryPasswordResetRepository(db))
}

import { Layer } from "effect"
import { IdempotencyStore } from "../../application/ports/IdempotencyStore.ts"
import { withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"

/** One entry per account and key: the account's length first, so no two pairs read alike. */
const slot = (account: string, key: string): string => `${account.length}:${account}:${key}`

export const makeMemoryIdempotencyStore = (db: MemoryDatabase): IdempotencyStore["Service"] => ({
  // synchronous: two claims cannot interleave, so one wins
  claim: (record, expiredAt) =>
    withDbWrite(db, () => {
      const id = slot(record.account, record.key)
      const held = db.idempotencyKeys.get(id)
      if (held !== undefined && held.createdAt > expiredAt) return { _tag: "Held", record: held } as const
      db.idempotencyKeys.set(id, record)
      return { _tag: "Claimed" } as const
    }),
  takeOver: (account, key, createdAt, seen, now) =>
    withDbWrite(db, () => {
      const id = slot(account, key)
      const held = db.idempotencyKeys.get(id)
      if (
        held?.createdAt !== createdAt ||
        held.state !== "pending" ||
        held.runAt !== seen.runAt ||
        held.aliveAt !== seen.aliveAt
      )
        return false
      db.idempotencyKeys.set(id, { ...held, runAt: now, aliveAt: now })
      return true
    }),
  renew: (account, key, createdAt, runAt, now) =>
    withDbWrite(db, () => {
      const id = slot(account, key)
      const held = db.idempotencyKeys.get(id)
      if (held?.createdAt === createdAt && held.state === "pending" && held.runAt === runAt)
        db.idempotencyKeys.set(id, { ...held, aliveAt: Math.max(held.aliveAt, now) })
    }),
  complete: (account, key, createdAt, answer) =>
    withDbWrite(db, () => {
      const id = slot(account, key)
      const held = db.idempotencyKeys.get(id)
      if (held?.createdAt === createdAt) db.idempotencyKeys.set(id, { ...held, state: "done", answer })
    }),
  release: (account, key, createdAt) =>
    withDbWrite(db, () => {
      const id = slot(account, key)
      const held = db.idempotencyKeys.get(id)
      if (held?.createdAt === createdAt && held.state === "pending" && held.runAt === createdAt)
        db.idempotencyKeys.delete(id)
    }),
  deleteExpired: (expiredAt) =>
    withDbWrite(db, () => {
      for (const [id, record] of db.idempotencyKeys) if (record.createdAt <= expiredAt) db.idempotencyKeys.delete(id)
    })
})

export const MemoryIdempotencyStore = {
  layer: (db: MemoryDatabase) => Layer.succeed(IdempotencyStore, makeMemoryIdempotencyStore(db))
}

import { Layer } from "effect"
import type { ApiKey } from "../../application/ports/ApiKeyRepository.ts"
import { ApiKeyRepository } from "../../application/ports/ApiKeyRepository.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"

/** Keyed by digest (every request looks a key up by it); by id only when revoked or touched. */
export const makeMemoryApiKeyRepository = (db: MemoryDatabase): ApiKeyRepository["Service"] => {
  const byId = (id: string): ApiKey | undefined => [...db.apiKeys.values()].find((key) => key.id === id)
  return {
    create: (key) =>
      withDbWrite(db, () => {
        const same = byId(key.id)
        if (same !== undefined) db.apiKeys.delete(same.digest)
        db.apiKeys.set(key.digest, key)
      }),
    findByDigest: (digest) => withDb(db, () => db.apiKeys.get(digest) ?? null),
    listByUser: (userId) =>
      withDb(db, () =>
        [...db.apiKeys.values()]
          .filter((key) => key.userId === userId)
          .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      ),
    revoke: (userId, id, at) =>
      withDbWrite(db, () => {
        const key = byId(id)
        if (key === undefined || key.userId !== userId) return false
        if (key.revokedAt === null) db.apiKeys.set(key.digest, { ...key, revokedAt: at })
        return true
      }),
    revokeAllOf: (userId, at) =>
      withDbWrite(db, () => {
        for (const key of [...db.apiKeys.values()])
          if (key.userId === userId && key.revokedAt === null) db.apiKeys.set(key.digest, { ...key, revokedAt: at })
      }),
    touch: (id, at, minIntervalMs) =>
      withDbWrite(db, () => {
        const key = byId(id)
        if (key !== undefined && (key.lastUsedAt === null || key.lastUsedAt <= at - minIntervalMs))
          db.apiKeys.set(key.digest, { ...key, lastUsedAt: at })
      })
  }
}

export const MemoryApiKeyRepository = {
  layer: (db: MemoryDatabase) => Layer.succeed(ApiKeyRepository, makeMemoryApiKeyRepository(db))
}

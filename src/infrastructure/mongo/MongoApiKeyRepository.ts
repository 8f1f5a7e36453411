import { Effect, Layer } from "effect"
import type { Db } from "mongodb"
import { ApiKeyRepository, ApiKeySchema } from "../../application/ports/ApiKeyRepository.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt } from "./mongoErrors.ts"
import { mongoViewStore } from "./viewDocuments.ts"

export const makeMongoApiKeyRepository = (db: Db): ApiKeyRepository["Service"] => {
  const store = mongoViewStore(db, "apiKeys", ApiKeySchema)
  const keys = store.collection
  return {
    create: store.put,
    findByDigest: (digest) => store.one({ digest }),
    listByUser: (userId) => store.list({ userId }, { sort: { createdAt: -1, _id: -1 } }),
    // the owner is part of the filter: another user's key is never changed; a second revoke keeps the first time
    revoke: (userId, id, at) =>
      Effect.gen(function* () {
        const found = yield* attempt(() => keys.countDocuments({ _id: id, userId }, { limit: 1 }))
        if (found === 0) return false
        yield* attempt(() => keys.updateOne({ _id: id, userId, revokedAt: null }, { $set: { revokedAt: at } }))
        return true
      }),
    revokeAllOf: (userId, at) =>
      attempt(() => keys.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: at } })).pipe(Effect.asVoid),
    touch: (id, at, minIntervalMs) =>
      attempt(() =>
        keys.updateOne(
          { _id: id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lte: at - minIntervalMs } }] },
          { $set: { lastUsedAt: at } }
        )
      ).pipe(Effect.asVoid)
  }
}

export const MongoApiKeyRepository = {
  layer: Layer.effect(
    ApiKeyRepository,
    MongoDatabase.useSync(({ db }) => makeMongoApiKeyRepository(db))
  )
}

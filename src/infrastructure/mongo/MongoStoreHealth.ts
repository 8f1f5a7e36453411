import { Clock, Effect, Layer } from "effect"
import type { Db } from "mongodb"
import { StoreHealth } from "../../application/ports/StoreHealth.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { DUPLICATE_KEY, serverErrorCode, toStoreUnavailable } from "./mongoErrors.ts"

interface ProbeDocument {
  readonly _id: string
  readonly probedAt: number
}

export const makeMongoStoreHealth = (db: Db): StoreHealth["Service"] => {
  const health = db.collection<ProbeDocument>("health")
  return {
    // One document, always the same _id: probing never grows the database.
    probeWrite: () =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.tryPromise({
          try: () => health.updateOne({ _id: "readiness" }, { $set: { probedAt: now } }, { upsert: true }),
          catch: (error) => error
        }).pipe(
          Effect.asVoid,
          // Two first probes racing: the loser's upsert hits the winner's insert. Only a
          // server that accepts writes checks the key, so that answer proves it too.
          Effect.catch((error) =>
            serverErrorCode(error) === DUPLICATE_KEY ? Effect.void : Effect.fail(toStoreUnavailable(error))
          )
        )
      )
  }
}

export const MongoStoreHealth = {
  layer: Layer.effect(
    StoreHealth,
    MongoDatabase.useSync(({ db }) => makeMongoStoreHealth(db))
  )
}

import { Effect, Layer } from "effect"
import { MongoDatabase } from "../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../src/infrastructure/mongo/MongoStore.ts"

/** Runs an effect against the database at `url` from the test process (a client of its own, as another process would be). */
export const withMongoStore = <A, E>(
  url: string,
  effect: Effect.Effect<A, E, Layer.Success<typeof MongoStore.layer>>
): Promise<A> =>
  Effect.runPromise(effect.pipe(Effect.provide(MongoStore.layer.pipe(Layer.provide(MongoDatabase.layer({ url }))))))

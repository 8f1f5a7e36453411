import { Effect, Layer } from "effect"
import type { Db } from "mongodb"
import { z } from "zod"
import type { CheckpointName } from "../../application/ports/ProjectionCheckpoint.ts"
import { ProjectionCheckpoint } from "../../application/ports/ProjectionCheckpoint.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, DUPLICATE_KEY, decodeDocuments, serverErrorCode, toStoreUnavailable } from "./mongoErrors.ts"

/**
 * One collection per name, its documents' `_id` the position: a sort on `_id` alone finds the
 * highest, with no index of its own. `projections` keeps the collection it always had.
 */
const COLLECTIONS: Readonly<
  Record<CheckpointName, "projectionCheckpoints" | "failureAlertCheckpoints" | "webhookCheckpoints">
> = {
  projections: "projectionCheckpoints",
  failureAlerts: "failureAlertCheckpoints",
  webhooks: "webhookCheckpoints"
}

/** A position the checkpoint was advanced to; the highest one present is the checkpoint. */
interface CheckpointDocument {
  readonly _id: number
}

const CheckpointDocumentSchema = z.object({ _id: z.number() })

/*
 * Never lowered, without relying on an atomic conditional update (FerretDB v1 runs `$max` as
 * find-then-write, so two racing advances could leave the lower one; docs/architecture.md#the-stores).
 * Each advance inserts its position as an `_id`, then deletes the positions below it. The
 * highest position is never deleted: only an advance that inserted a higher one deletes
 * anything, and only below its own. So `read` (the highest `_id`) never goes down, and the
 * collection holds one document plus those of advances still running.
 */
export const makeMongoProjectionCheckpoint = (db: Db): ProjectionCheckpoint["Service"] => {
  const collection = (name: CheckpointName) => db.collection<CheckpointDocument>(COLLECTIONS[name])
  return {
    read: (name) =>
      attempt(() => collection(name).find({}).sort({ _id: -1 }).limit(1).toArray()).pipe(
        Effect.flatMap((docs) => decodeDocuments(CheckpointDocumentSchema, COLLECTIONS[name], docs)),
        Effect.map((docs) => docs[0]?._id ?? 0)
      ),
    advance: (name, position) => {
      const checkpoints = collection(name)
      return Effect.tryPromise({ try: () => checkpoints.insertOne({ _id: position }), catch: (error) => error }).pipe(
        // another scheduler advanced to the same position: it is stored all the same
        Effect.catch((error) =>
          serverErrorCode(error) === DUPLICATE_KEY ? Effect.void : Effect.fail(toStoreUnavailable(error))
        ),
        Effect.andThen(attempt(() => checkpoints.deleteMany({ _id: { $lt: position } }))),
        Effect.asVoid
      )
    }
  }
}

export const MongoProjectionCheckpoint = {
  layer: Layer.effect(
    ProjectionCheckpoint,
    MongoDatabase.useSync(({ db }) => makeMongoProjectionCheckpoint(db))
  )
}

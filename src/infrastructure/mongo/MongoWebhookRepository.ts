import { Effect, Layer } from "effect"
import type { Db } from "mongodb"
import type { WebhookDelivery } from "../../application/ports/WebhookRepository.ts"
import {
  statusAfter,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookRepository
} from "../../application/ports/WebhookRepository.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, DUPLICATE_KEY, serverErrorCode, toStoreUnavailable } from "./mongoErrors.ts"
import { mongoViewStore } from "./viewDocuments.ts"

export const makeMongoWebhookRepository = (db: Db): WebhookRepository["Service"] => {
  const endpoints = mongoViewStore(db, "webhookEndpoints", WebhookEndpointSchema)
  const deliveries = mongoViewStore(db, "webhookDeliveries", WebhookDeliverySchema)
  return {
    createEndpoint: endpoints.put,
    hasEndpoints: () =>
      attempt(() => endpoints.collection.findOne({}, { projection: { _id: 1 } })).pipe(
        Effect.map((doc) => doc !== null)
      ),
    listEndpoints: (userId) => endpoints.list({ userId }, { sort: { createdAt: 1, _id: 1 } }),
    findEndpoint: (userId, id) => endpoints.one({ _id: id, userId }),
    // the owner is part of the filter: another user's endpoint is never touched
    deleteEndpoint: (userId, id) =>
      attempt(() => endpoints.collection.deleteOne({ _id: id, userId })).pipe(
        Effect.flatMap((result) =>
          result.deletedCount === 0
            ? Effect.succeed(false)
            : attempt(() => deliveries.collection.deleteMany({ endpointId: id })).pipe(Effect.as(true))
        )
      ),
    // exclusive by the unique _id alone, which FerretDB v1 keeps too. Its first attempt waits for
    // the endpoint's failed pending delivery's next one (the breaker): read first, so a failure
    // recorded between the read and the insert is missed (best effort, the port's doc)
    enqueue: ({ id, ...fields }) =>
      Effect.gen(function* () {
        if (fields.nextAttemptAt === null) return fields
        const [held] = yield* attempt(() =>
          deliveries.collection
            .find(
              { endpointId: fields.endpointId, status: "pending", attempts: { $gt: 0 } },
              { projection: { nextAttemptAt: 1 }, sort: { nextAttemptAt: 1 }, limit: 1 }
            )
            .toArray()
        )
        const wait = typeof held?.nextAttemptAt === "number" ? held.nextAttemptAt : 0
        return { ...fields, nextAttemptAt: Math.max(fields.nextAttemptAt, wait) }
      }).pipe(
        Effect.flatMap((held) =>
          Effect.tryPromise({ try: () => deliveries.collection.insertOne({ _id: id, ...held }), catch: (e) => e })
        ),
        Effect.as(true),
        Effect.catch((error) =>
          serverErrorCode(error) === DUPLICATE_KEY ? Effect.succeed(false) : Effect.fail(toStoreUnavailable(error))
        )
      ),
    // each candidate is taken by an update conditioned on the lease it was read with: atomic on
    // MongoDB; FerretDB v1 runs it as find-then-write, so two processes may rarely both take one.
    // Fair across endpoints: one query per endpoint taken, each skipping the endpoints busy (a
    // delivery leased now) or already taken, so a backlog of one endpoint is never read through.
    claimDue: (now, leaseUntil, limit, endpointId) =>
      Effect.gen(function* () {
        const leased = yield* attempt(() =>
          deliveries.collection
            .find(
              { status: "pending", leaseUntil: { $gt: now }, ...(endpointId === undefined ? {} : { endpointId }) },
              { projection: { endpointId: 1 } }
            )
            .toArray()
        )
        const skipped = new Set(leased.map((d) => String(d.endpointId)))
        const taken: Array<WebhookDelivery> = []
        const wanted = endpointId === undefined ? Math.max(0, limit) : 1
        for (let looked = 0; taken.length < wanted && looked < wanted * 2; looked++) {
          const [next] = yield* deliveries.list(
            {
              status: "pending",
              nextAttemptAt: { $lte: now },
              $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }],
              endpointId: endpointId === undefined ? { $nin: [...skipped] } : endpointId
            },
            { sort: { nextAttemptAt: 1, _id: 1 }, limit: 1 }
          )
          if (next === undefined || skipped.has(next.endpointId)) break
          skipped.add(next.endpointId)
          const won = yield* attempt(() =>
            deliveries.collection.updateOne(
              { _id: next.id, status: "pending", attempts: next.attempts, leaseUntil: next.leaseUntil },
              { $set: { leaseUntil } }
            )
          )
          if (won.modifiedCount === 1) taken.push({ ...next, leaseUntil })
        }
        return taken
      }),
    postponeDue: (endpointId, until, now) =>
      attempt(() =>
        deliveries.collection.updateMany(
          {
            endpointId,
            status: "pending",
            nextAttemptAt: { $lt: until },
            $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }]
          },
          { $set: { nextAttemptAt: until } }
        )
      ).pipe(Effect.map((result) => result.modifiedCount)),
    recordAttempt: (id, a) =>
      attempt(() =>
        deliveries.collection.updateOne(
          { _id: id },
          {
            $set: {
              status: statusAfter(a),
              nextAttemptAt: a.delivered ? null : a.nextAttemptAt,
              leaseUntil: null,
              lastAttemptAt: a.at,
              outcome: a.outcome,
              responseStatus: a.responseStatus
            },
            $inc: { attempts: 1 }
          }
        )
      ).pipe(Effect.asVoid),
    sweepDeliveries: (before) =>
      attempt(() =>
        deliveries.collection.deleteMany({ status: { $in: ["delivered", "failed"] }, createdAt: { $lt: before } })
      ).pipe(Effect.map((result) => result.deletedCount)),
    listDeliveries: (endpointId, limit) => deliveries.list({ endpointId }, { sort: { createdAt: -1, _id: -1 }, limit })
  }
}

export const MongoWebhookRepository = {
  layer: Layer.effect(
    WebhookRepository,
    MongoDatabase.useSync(({ db }) => makeMongoWebhookRepository(db))
  )
}

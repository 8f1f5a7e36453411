import { Effect, Layer } from "effect"
import type { Db } from "mongodb"
import { z } from "zod"
import { UserRepository } from "../../application/ports/UserRepository.ts"
import type { UserView } from "../../application/ports/UserRepository.ts"
import { USER_ROLES, USER_STATUSES } from "../../domain/user/User.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, decodeDocument, decodeDocuments } from "./mongoErrors.ts"
import { saveNewer } from "./viewDocuments.ts"
import type { ViewDocument } from "./viewDocuments.ts"

const COLLECTION = "users"

const UserDocument: z.ZodType<UserView> = z
  .object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(USER_ROLES),
    status: z.enum(USER_STATUSES),
    // views written before verification existed: those accounts were trusted as they were
    emailVerified: z.boolean().default(true),
    createdAt: z.number(),
    updatedAt: z.number(),
    version: z.number().int()
  })
  .transform(({ _id, ...view }) => ({ id: _id, ...view }))

const OLDEST_FIRST = { createdAt: 1, _id: 1 } as const

export const makeMongoUserRepository = (db: Db): UserRepository["Service"] => {
  const users = db.collection<ViewDocument>(COLLECTION)
  const one = (doc: ViewDocument | null) => (doc === null ? Effect.succeed(null) : decodeDocument(UserDocument, COLLECTION, doc))
  return {
    save: (view) => saveNewer(db, COLLECTION, view),
    get: (id) => attempt(() => users.findOne({ _id: id })).pipe(Effect.flatMap(one)),
    findByEmail: (email) => attempt(() => users.findOne({ email }, { sort: OLDEST_FIRST })).pipe(Effect.flatMap(one)),
    list: (filter) =>
      attempt(() => users.find(filter.status === undefined ? {} : { status: filter.status }).sort(OLDEST_FIRST).toArray()).pipe(
        Effect.flatMap((docs) => decodeDocuments(UserDocument, COLLECTION, docs))
      )
  }
}

export const MongoUserRepository = {
  layer: Layer.effect(UserRepository, MongoDatabase.useSync(({ db }) => makeMongoUserRepository(db)))
}

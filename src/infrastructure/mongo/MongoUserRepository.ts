import { Effect, Layer } from "effect"
import type { Db } from "mongodb"
import { UserRepository, UserViewSchema } from "../../application/ports/UserRepository.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { mongoViewStore } from "./viewDocuments.ts"

const OLDEST_FIRST = { createdAt: 1, _id: 1 } as const

export const makeMongoUserRepository = (db: Db): UserRepository["Service"] => {
  const users = mongoViewStore(db, "users", UserViewSchema)
  return {
    save: users.saveNewer,
    get: (id) => users.one({ _id: id }),
    hasAny: () => Effect.map(users.one({}), (user) => user !== null),
    findByEmail: (email) => users.one({ email }, OLDEST_FIRST),
    list: (filter) => users.list(filter.status === undefined ? {} : { status: filter.status }, { sort: OLDEST_FIRST })
  }
}

export const MongoUserRepository = {
  layer: Layer.effect(
    UserRepository,
    MongoDatabase.useSync(({ db }) => makeMongoUserRepository(db))
  )
}

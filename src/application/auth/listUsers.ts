import { Effect } from "effect"
import type { UserStatus } from "../../domain/user/User.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { publicUser } from "./PublicUser.ts"

/** Accounts for the admin, oldest first, optionally only PENDING or ACTIVE ones. */
export const listUsers = Effect.fn("listUsers")(function* (filter: { readonly status?: UserStatus }) {
  const users = yield* (yield* UserRepository).list(filter)
  return users.map(publicUser)
})

import { Context } from "effect"
import type { Effect } from "effect"
import type { UserRole, UserStatus } from "../../domain/user/User.ts"
import type { StoreUnavailable } from "./StoreErrors.ts"

/** The users read model: what lists and lookups need. No password hash: only the stream has it. */
export interface UserView {
  readonly id: string
  readonly email: string
  readonly name: string
  readonly role: UserRole
  readonly status: UserStatus
  readonly emailVerified: boolean
  readonly createdAt: number
  readonly updatedAt: number
  readonly version: number
}

export class UserRepository extends Context.Service<UserRepository, {
  /** Upsert unless the stored view already reflects this version or a later one. */
  readonly save: (view: UserView) => Effect.Effect<void, StoreUnavailable>
  readonly get: (id: string) => Effect.Effect<UserView | null, StoreUnavailable>
  /**
   * `email` already normalized. The `user-<email>` stream makes an address exclusive, so the
   * store needs no unique index; should two views share one, the oldest answers.
   */
  readonly findByEmail: (email: string) => Effect.Effect<UserView | null, StoreUnavailable>
  /** oldest first (createdAt), ties by id in binary order */
  readonly list: (filter: { readonly status?: UserStatus }) => Effect.Effect<ReadonlyArray<UserView>, StoreUnavailable>
}>()("herald/application/ports/UserRepository") {}

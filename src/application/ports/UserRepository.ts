import type { Effect } from "effect"
import { Context } from "effect"
import { z } from "zod"
import type { UserStatus } from "../../domain/user/User.ts"
import { USER_ROLES, USER_STATUSES } from "../../domain/user/User.ts"
import { StoredLanguage } from "../shared/languageSchema.ts"
import type { StoreUnavailable } from "./StoreErrors.ts"

/**
 * The users read model: what lists and lookups need. No password hash: only the stream has it.
 * Every store decodes what it reads back with this schema.
 */
export const UserViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  // views stored before verification existed: those accounts were trusted as they were
  emailVerified: z.boolean().default(true),
  // the reader's zone and locale (auth.setPreferences); views stored before them have none
  timeZone: z.string().nullable().default(null),
  locale: z.string().nullable().default(null),
  // the language the owner chose (auth.setLanguage); null: their browser's, as on views stored before it
  language: StoredLanguage.default(null),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number().int()
})
export type UserView = Readonly<z.output<typeof UserViewSchema>>

export class UserRepository extends Context.Service<
  UserRepository,
  {
    /** Upsert unless the stored view already reflects this version or a later one. */
    readonly save: (view: UserView) => Effect.Effect<void, StoreUnavailable>
    readonly get: (id: string) => Effect.Effect<UserView | null, StoreUnavailable>
    /**
     * `email` already normalized. The `user-<email>` stream makes an address exclusive, so the
     * store needs no unique index; should two views share one, the oldest answers.
     */
    readonly findByEmail: (email: string) => Effect.Effect<UserView | null, StoreUnavailable>
    /** whether any account exists at all (a fresh install has none): one read, however many there are */
    readonly hasAny: () => Effect.Effect<boolean, StoreUnavailable>
    /** oldest first (createdAt), ties by id in binary order */
    readonly list: (filter: {
      readonly status?: UserStatus
    }) => Effect.Effect<ReadonlyArray<UserView>, StoreUnavailable>
  }
>()("herald/application/ports/UserRepository") {}

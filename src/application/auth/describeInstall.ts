import { Effect } from "effect"
import { UserRepository } from "../ports/UserRepository.ts"
import { AuthSettings } from "./AuthSettings.ts"

/**
 * What the sign-in and sign-up pages may tell anyone about this install: only whether the next
 * account made becomes the administrator, i.e. the install makes its first account the admin
 * (standalone without ADMIN_EMAIL: signUp.ts) and has no account yet. Nothing else (no count, no
 * address): once any account exists, every install answers the same.
 */
export const describeInstall = Effect.fn("describeInstall")(function* () {
  const { firstAccountIsAdmin, adminEmail } = yield* AuthSettings
  const firstAccountBecomesAdmin =
    firstAccountIsAdmin && adminEmail === null && !(yield* (yield* UserRepository).hasAny())
  return { firstAccountBecomesAdmin }
})

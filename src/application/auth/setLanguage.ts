import { Clock, Effect } from "effect"
import type { AppLanguage } from "../../domain/shared/languages.ts"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { UserNotFound } from "./AuthErrors.ts"

/**
 * Keeps the language the signed-in user chose for the app and their mails (auth.setLanguage);
 * null goes back to their browser's. The same again writes nothing. `changed`: whether an event
 * was recorded.
 */
export const setLanguage = Effect.fn("setLanguage")(function* (userId: string, language: AppLanguage | null) {
  const view = yield* (yield* UserRepository).get(userId)
  if (view === null) return yield* new UserNotFound({ userId })
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(UserAggregate)(view.email, { type: "ChooseLanguage", language, now })
  if (outcome._tag === "Rejected") return yield* new UserNotFound({ userId })
  return { changed: outcome.events.length > 0 }
})

import { Clock, Effect } from "effect"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { UserNotFound } from "./AuthErrors.ts"
import type { Preferences } from "./preferences.ts"
import { checkPreferences } from "./preferences.ts"

/**
 * Keeps the signed-in user's time zone and locale (auth.setPreferences), which the mails to them
 * are written in. Checked first (InvalidPreferences, nothing changed); the same values again
 * write nothing. `changed`: whether an event was recorded.
 */
export const setPreferences = Effect.fn("setPreferences")(function* (userId: string, input: Preferences) {
  const preferences = yield* checkPreferences(input)
  const view = yield* (yield* UserRepository).get(userId)
  if (view === null) return yield* new UserNotFound({ userId })
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(UserAggregate)(view.email, { type: "SetPreferences", ...preferences, now })
  if (outcome._tag === "Rejected") return yield* new UserNotFound({ userId })
  return { changed: outcome.events.length > 0 }
})

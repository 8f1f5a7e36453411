import { Effect } from "effect"
import { AuthSessionRepository } from "../ports/AuthSessionRepository.ts"
import { tokenDigest } from "./tokens.ts"

/** Ends the session of this token (nothing to do for an unknown one). */
export const signOut = Effect.fn("signOut")(function* (token: string) {
  yield* (yield* AuthSessionRepository).delete(yield* tokenDigest(token))
})

import { Clock, Effect } from "effect"
import { UserAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { UserNotFound } from "./AuthErrors.ts"

/** Makes a PENDING account ACTIVE (approving an ACTIVE one changes nothing). */
export const approveUser = Effect.fn("approveUser")(function* (userId: string) {
  const user = yield* (yield* UserRepository).get(userId)
  if (user === null) return yield* new UserNotFound({ userId })
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(UserAggregate)(user.email, { type: "Approve", now })
  if (outcome._tag === "Rejected") return yield* new UserNotFound({ userId })
})

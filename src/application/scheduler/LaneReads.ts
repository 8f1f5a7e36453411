import { Cache, Context, Duration, Effect, Exit } from "effect"
import type { SessionView } from "../ports/SessionRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import type { StoreUnavailable } from "../ports/StoreErrors.ts"
import type { UserView } from "../ports/UserRepository.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { SchedulerSettings } from "./SchedulerSettings.ts"

/** Far more sessions and owners than one process sends for within a lead. */
const CAPACITY = 100_000

/**
 * Reads the messages of a lane share while they are at most the lead old (SchedulerSettings
 * preloadLeadMs, 5 s; docs/architecture.md#loading-ahead), so a lane slower than the lead reads
 * its session and its owner once per lead, not once per message:
 * - `session`: the session again, when the lane's own read (the pass's or the preload's) is older
 *   than the lead (processMessage.ts). Undefined when it is not active or cannot be read; that
 *   answer is not kept, the next message asks again.
 * - `ownerStatus`: the status of a session's owner (checkOwnerMaySend.ts); null for an owner that
 *   cannot be found. A failed read, and a DISABLED owner, are not kept: once the account is enabled
 *   again its next message (Send again) is sent, not refused on a read from before.
 * Built by the Dispatcher, one per scheduler process.
 */
export class LaneReads extends Context.Service<
  LaneReads,
  {
    readonly session: (sessionId: string) => Effect.Effect<SessionView | undefined>
    readonly ownerStatus: (userId: string) => Effect.Effect<UserView["status"] | null, StoreUnavailable>
  }
>()("herald/application/scheduler/LaneReads") {
  static readonly make = Effect.gen(function* () {
    const { preloadLeadMs } = yield* SchedulerSettings
    const sessions = yield* SessionRepository
    const users = yield* UserRepository
    const lead = Duration.millis(preloadLeadMs)
    const sessionReads = yield* Cache.makeWith(
      (sessionId: string) =>
        sessions.get(sessionId).pipe(
          Effect.map((session) => (session?.active ? session : undefined)),
          Effect.orElseSucceed(() => undefined)
        ),
      {
        capacity: CAPACITY,
        timeToLive: (exit) => (Exit.isSuccess(exit) && exit.value !== undefined ? lead : Duration.zero)
      }
    )
    const ownerReads = yield* Cache.makeWith(
      (userId: string) => Effect.map(users.get(userId), (user) => user?.status ?? null),
      {
        capacity: CAPACITY,
        // a refusal is read again for every message: enabled again, the owner's next send goes at once
        timeToLive: (exit) => (Exit.isSuccess(exit) && exit.value !== "DISABLED" ? lead : Duration.zero)
      }
    )
    return LaneReads.of({
      session: (sessionId) => Cache.get(sessionReads, sessionId),
      ownerStatus: (userId) => Cache.get(ownerReads, userId)
    })
  })
}

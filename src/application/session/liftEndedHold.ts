import { Clock, Duration, Effect } from "effect"
import { SessionAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import type { SessionView } from "../ports/SessionRepository.ts"
import { oneLine } from "../text/oneLine.ts"

const ASK_TIMELOCK_MS = 5_000

/** Whether a session's view says its sends are held at `now` (SessionLimited, its time not passed). */
export const heldAt = (session: SessionView, now: number): boolean =>
  session.limitedSince !== null && session.limitedUntil !== null && session.limitedUntil > now

/**
 * The check of a held session (docs/architecture.md, "When WhatsApp limits a number"): a hold whose
 * time passed is lifted (`expired`); one whose end the gateway gave is lifted early when the gateway
 * no longer shows an active time-lock (`gateway`). A hold of Herald's own wait (the gateway told no
 * end) is not lifted on the gateway's word: WAHA may show no time-lock while WhatsApp still refuses
 * (waha#2219); the next send after it is the probe. Answers whether the session is free now.
 */
export const liftEndedHold = Effect.fnUntraced(function* (session: SessionView) {
  const now = yield* Clock.currentTimeMillis
  if (session.limitedSince === null) return true
  if (!heldAt(session, now)) {
    yield* execute(SessionAggregate)(session.id, { type: "LiftLimit", by: "expired", now })
    yield* Effect.logInfo(`Session ${oneLine(session.sessionName)}: the hold on its sends ended; sending again`)
    return true
  }
  if (!session.limitedUntilKnown) return false
  const timelock = yield* (yield* GatewayPort).getSession(session.sessionName).pipe(
    Effect.map((remote) => (remote === null ? null : (remote.reachoutTimelock ?? { active: false }))),
    Effect.timeoutOrElse({ duration: Duration.millis(ASK_TIMELOCK_MS), orElse: () => Effect.succeed(null) }),
    Effect.catch(() => Effect.succeed(null))
  )
  // no answer, or still limited: held
  if (timelock === null || timelock.active) return false
  const at = yield* Clock.currentTimeMillis
  const lifted = yield* execute(SessionAggregate)(session.id, { type: "LiftLimit", by: "gateway", now: at })
  if (lifted._tag === "Accepted" && lifted.events.length > 0)
    yield* Effect.logInfo(
      `Session ${oneLine(session.sessionName)}: WhatsApp no longer limits the number; sending again`
    )
  return true
})

import { Clock, Duration, Effect } from "effect"
import { SessionAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { oneLine } from "../text/oneLine.ts"

/** How long the gateway is given to say until when the number is limited; past it the hold takes Herald's own wait. */
const ASK_TIMELOCK_MS = 5_000

/**
 * A send of this session came back "number limited" (GatewayError NumberLimited): its sends are
 * held (SessionLimited on the session's stream, so every scheduler process sees it in the view)
 * until the end of the time-lock the gateway shows (`me.reachoutTimelock`), or Herald's own wait
 * (LIMIT_HOLD_MS) when it shows none. Asking the gateway is best effort: a failure or no answer
 * in time only means the end is not known.
 * docs/architecture.md, "When WhatsApp limits a number".
 */
export const holdLimitedSession = Effect.fnUntraced(function* (sessionId: string, sessionName: string, reason: string) {
  const timelock = yield* (yield* GatewayPort).getSession(sessionName).pipe(
    Effect.map((remote) => remote?.reachoutTimelock),
    Effect.timeoutOrElse({ duration: Duration.millis(ASK_TIMELOCK_MS), orElse: () => Effect.succeed(undefined) }),
    Effect.catch(() => Effect.succeed(undefined))
  )
  const now = yield* Clock.currentTimeMillis
  const until = timelock?.active === true && timelock.until !== undefined ? timelock.until : null
  const held = yield* execute(SessionAggregate)(sessionId, { type: "RecordLimited", until, reason, now })
  if (held._tag === "Accepted" && held.events.length > 0 && held.state.limit !== null)
    yield* Effect.logWarning(
      `Session ${oneLine(sessionName)}: WhatsApp is limiting the number; its sends are held until ${new Date(held.state.limit.until).toISOString()}${until === null ? " (Herald's wait: the gateway did not say until when)" : ""}: ${oneLine(reason)}`
    )
  return held
})

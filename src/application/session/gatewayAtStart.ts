import { Data, Effect, Schedule } from "effect"
import type { GatewayServerVersion } from "../ports/GatewayPort.ts"
import { GatewayPort, NAMED_SESSIONS_UNSUPPORTED } from "../ports/GatewayPort.ts"
import { oneLine } from "../text/oneLine.ts"

/** The first WAHA whose Core edition has named sessions (every Plus feature moved into Core). */
const NAMED_SESSIONS_IN_CORE = [2026, 6, 1] as const

/**
 * Whether the gateway lets Herald create its `herald_<id>` sessions: WAHA Core before 2026.6.1
 * allows only the session `default` (OnlyDefaultSessionIsAllowed); Plus always did. undefined
 * when a Core's version cannot be read (a custom build): Herald then does not refuse.
 */
export const allowsNamedSessions = (gateway: GatewayServerVersion): boolean | undefined => {
  if (gateway.tier.toUpperCase() !== "CORE") return true
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(gateway.version)
  if (m === null) return undefined
  const parts = [Number(m[1]), Number(m[2]), Number(m[3])]
  for (let i = 0; i < parts.length; i++) {
    const [have, need] = [parts[i] ?? 0, NAMED_SESSIONS_IN_CORE[i] ?? 0]
    if (have !== need) return have > need
  }
  return true
}

export const describeGateway = (gateway: GatewayServerVersion): string =>
  `gateway: WAHA ${oneLine(gateway.version)} ${oneLine(gateway.tier)} engine ${oneLine(gateway.engine)}`

/** The gateway can never serve Herald's sessions: the process should not start. */
export class GatewayUnusable extends Data.TaggedError("GatewayUnusable")<{ readonly message: string }> {}

const unusable = (gateway: GatewayServerVersion) => `${describeGateway(gateway)}: ${NAMED_SESSIONS_UNSUPPORTED}`

/**
 * Logged when the gateway answers requests without its key (WAHA started with WAHA_NO_API_KEY=true,
 * or an older one without WAHA_API_KEY; current WAHA makes up a random key when none is set).
 * WAHA echoes each session's whole config to whoever asks GET /api/sessions, the webhook's
 * `hmac.key` (GATEWAY_WEBHOOK_SECRET) included, and takes any command from them.
 */
export const GATEWAY_WITHOUT_KEY =
  "gateway: WAHA answers requests that carry no API key: anyone who can reach it can read every session's configuration, the webhook HMAC key (GATEWAY_WEBHOOK_SECRET) included, and send messages or log sessions out. Set WAHA_API_KEY on WAHA (and unset WAHA_NO_API_KEY) and the same value as GATEWAY_API_KEY for Herald, and keep WAHA off public networks (README: Which WAHA works)"

/**
 * Says loudly when the gateway answers without a key; says nothing when it refuses (as it should)
 * or when the question gets no clear answer (unreachable, an error: the version check speaks of that).
 */
const warnIfKeyless = (gateway: GatewayPort["Service"]) =>
  gateway.acceptsRequestsWithoutKey().pipe(
    Effect.flatMap((keyless) => (keyless ? Effect.logError(GATEWAY_WITHOUT_KEY) : Effect.void)),
    Effect.ignore
  )

/** Asking again for a gateway that was down at start: soon at first, then every minute at most. */
const AGAIN = Schedule.min([Schedule.exponential("1 second"), Schedule.spaced("1 minute")])

/**
 * At the start of a process that talks to WAHA: reads GET /api/server/version and logs it.
 * A gateway that allows no named sessions fails with GatewayUnusable (the process refuses to
 * start: nothing it does could work, and the operator reads why at deploy time, not from
 * users). A gateway that is merely down or failing must not stop the process (it may come up
 * after Herald, and the scheduler records what it could not send): that is logged, and the
 * version is asked for again in the background until known, then logged, as an error if the
 * gateway turns out unusable (creation then answers users the same sentence). Once the gateway
 * answers, and before the version line, it is asked once without the API key: answering that is
 * logged as an error saying what is exposed and how to fix it (GATEWAY_WITHOUT_KEY).
 */
export const checkGatewayAtStart = Effect.gen(function* () {
  const gateway = yield* GatewayPort
  const first = yield* Effect.result(gateway.serverVersion())
  if (first._tag === "Success") {
    yield* warnIfKeyless(gateway)
    yield* Effect.logInfo(describeGateway(first.success))
    if (allowsNamedSessions(first.success) === false)
      return yield* new GatewayUnusable({ message: unusable(first.success) })
    return
  }
  const line = `gateway: could not read WAHA's version (${oneLine(first.failure.message)}); starting anyway, asking again in the background`
  yield* first.failure.reason === "Unauthorized" ? Effect.logError(line) : Effect.logWarning(line)
  yield* gateway.serverVersion().pipe(
    Effect.retry(AGAIN),
    Effect.tap(() => warnIfKeyless(gateway)),
    Effect.flatMap((found) =>
      allowsNamedSessions(found) === false ? Effect.logError(unusable(found)) : Effect.logInfo(describeGateway(found))
    ),
    Effect.ignore,
    Effect.forkDetach
  )
})

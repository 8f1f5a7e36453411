import { Effect } from "effect"
import { GatewayPort } from "../ports/GatewayPort.ts"

/** A claim waits at most this long for its id; without one it goes on as before ids existed. */
export const MESSAGE_ID_TIMEOUT_MS = 2_000

/**
 * An id for a session's next send, taken before its claim so the claim records it
 * (docs/outcome-unknown.md, "Client-chosen message ids"). `undefined` where the gateway gives none
 * (WEBJS, a WAHA before 2026.4.3: the adapter remembers that) or not in time: an id never used is
 * harmless, and the claim is then settled by the chat's history as before.
 */
export const takeMessageId = Effect.fnUntraced(function* (sessionName: string) {
  const gateway = yield* GatewayPort
  return yield* gateway.newMessageId(sessionName).pipe(
    Effect.timeoutOrElse({ duration: MESSAGE_ID_TIMEOUT_MS, orElse: () => Effect.succeed(null) }),
    Effect.catch((error) =>
      Effect.logDebug(`No message id from the gateway for session ${sessionName}: ${error.message}`).pipe(
        Effect.as(null)
      )
    ),
    Effect.map((id) => id ?? undefined)
  )
})

/**
 * takeMessageId at a preload: the id; null only where the session gives none (the gateway has
 * none, or a send ignored its id: the adapter remembers either for longer than the lead), so the
 * claim goes without one and asks nothing; undefined where the gateway did not say now (failing,
 * late, or in its backoff after that), so the claim asks again.
 */
export const takeMessageIdAhead = Effect.fnUntraced(function* (sessionName: string) {
  const gateway = yield* GatewayPort
  const id = yield* gateway.newMessageId(sessionName).pipe(
    Effect.timeoutOrElse({ duration: MESSAGE_ID_TIMEOUT_MS, orElse: () => Effect.succeed(undefined) }),
    Effect.catch(() => Effect.succeed(undefined))
  )
  if (id !== null) return id
  const why = yield* gateway.withoutIds(sessionName)
  return why === "none" || why === "ignored" ? null : undefined
})

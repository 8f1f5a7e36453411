import { Clock, Effect } from "effect"
import { SessionAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import type { GatewayError } from "../ports/GatewayPort.ts"
import { GatewayPort, NAMED_SESSIONS_UNSUPPORTED } from "../ports/GatewayPort.ts"
import { Ids } from "../ports/Ids.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { KeyedLocks } from "../shared/KeyedLocks.ts"
import { oneLine } from "../text/oneLine.ts"
import { SessionCreationFailed } from "./SessionErrors.ts"

/** Why creation failed, for the user: only what retrying cannot fix gets a hint. */
const creationFailed = (error: GatewayError) =>
  new SessionCreationFailed(
    error.reason === "NamedSessionsUnsupported"
      ? { cause: error.message, hint: NAMED_SESSIONS_UNSUPPORTED }
      : { cause: error.message }
  )

/**
 * Brings a session the gateway knows back to running: STOPPED is started; FAILED is restarted
 * (WAHA answers start of a FAILED session 422 "already started"); another call that started it
 * meanwhile is no error. Other statuses are running already.
 */
const reconnect = (gateway: GatewayPort["Service"], name: string, status: string) =>
  status === "FAILED"
    ? gateway.restartSession(name)
    : status === "STOPPED"
      ? gateway.startSession(name).pipe(
          Effect.catchIf(
            (e) => e.reason === "SessionAlreadyStarted",
            () => Effect.void
          )
        )
      : Effect.void

/** A gateway-safe unique name (^[a-zA-Z0-9_-]+$): not derived from the user's data. */
const newSessionName = (id: string) => `herald_${id.replace(/[^a-zA-Z0-9]/g, "").slice(0, 20)}`

const initiate = (userId: string) =>
  Effect.gen(function* () {
    const gateway = yield* GatewayPort
    const existing = yield* (yield* SessionRepository).findActiveByUser(userId)
    if (existing !== null) {
      yield* Effect.gen(function* () {
        const remote = yield* gateway.getSession(existing.sessionName)
        if (remote === null) {
          // created meanwhile by another process: as good as done
          yield* gateway.createSession(existing.sessionName).pipe(
            Effect.catchIf(
              (e) => e.reason === "SessionAlreadyExists",
              () => Effect.void
            )
          )
        } else yield* reconnect(gateway, existing.sessionName, remote.status)
      }).pipe(Effect.mapError(creationFailed))
      return { sessionName: existing.sessionName, id: existing.id }
    }
    const id = (yield* Ids).next()
    const sessionName = newSessionName(id)
    const now = yield* Clock.currentTimeMillis
    const outcome = yield* execute(SessionAggregate)(id, { type: "Initiate", sessionId: id, userId, sessionName, now })
    if (outcome._tag === "Rejected") return yield* new SessionCreationFailed({ cause: outcome.rejection._tag })
    const created = yield* gateway.createSession(sessionName).pipe(Effect.result)
    if (created._tag === "Failure") {
      // undo on both sides; each undo is best effort and logged, the user sees one error (the web logs its detail)
      yield* gateway.deleteSession(sessionName).pipe(Effect.ignore)
      const at = yield* Clock.currentTimeMillis
      yield* execute(SessionAggregate)(id, { type: "LogOut", now: at }).pipe(
        Effect.catch((error) => Effect.logWarning(`could not undo session ${oneLine(id)}: ${oneLine(error.message)}`))
      )
      return yield* creationFailed(created.failure)
    }
    return { sessionName, id }
  })

/**
 * user.initiateMessagingSession: reuses the caller's session (reconnect: created again
 * or started on the gateway when it is gone or stopped) or creates one on both sides. When a
 * step fails, what was made is undone on both sides and the call fails with
 * "failed to create session".
 */
export const initiateMessagingSession = (userId: string) =>
  Effect.gen(function* () {
    // one initiation per user at a time in this process, so a double click makes one session
    const locks = yield* KeyedLocks
    return yield* locks.oneAtATime(`initiateMessagingSession:${userId}`)(initiate(userId))
  })

import { Clock, Effect } from "effect"
import { leftWorking } from "../../domain/session/MessagingSession.ts"
import { AuthSettings } from "../auth/AuthSettings.ts"
import { whatsAppPageLink } from "../auth/links.ts"
import { SessionAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { Notifier } from "../ports/Notifier.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { oneLine } from "../text/oneLine.ts"

/** What the owner is told is due: the next 24 hours. */
export const DUE_SOON_MS = 24 * 60 * 60 * 1000

/** A status report from the gateway (WAHA's `session.status`). */
export interface SessionStatusReport {
  readonly sessionName: string
  readonly status: string
  /** when the gateway says it happened (ms); null: unknown, never newer than a status already recorded */
  readonly reportedAt: number | null
}

/**
 * recorded: the session's gateway status changed (and, when it left WORKING, its owner was
 * mailed); duplicate: the same status again, or a report older than the last one (a replay),
 * or one of the same instant that the gateway, asked, does not confirm: nothing written, nobody
 * mailed; unknown: no active session of that name.
 */
export type SessionStatusOutcome = "recorded" | "duplicate" | "unknown"

/**
 * The scheduled messages of a session due within `[now, now + DUE_SOON_MS]`, soonest first: the
 * day the mail lists, not every message of the session's open campaigns (a year's plan).
 */
const dueSoon = (sessionId: string, now: number) =>
  Effect.gen(function* () {
    const due = yield* (yield* MessageRepository).findScheduledInSession(sessionId, now, now + DUE_SOON_MS)
    return due.map((m) => ({ groupName: m.groupName, content: m.content, scheduledAt: m.scheduledAt }))
  })

/**
 * Two reports of one instant (StatusOrderUnknown): the gateway is asked for the session's status
 * now, and that is recorded. Null when it cannot say (unreachable, or the session is gone there):
 * what is recorded stays, and a later report or the page's own status read tells the truth.
 */
const askGateway = (sessionId: string, sessionName: string) =>
  Effect.gen(function* () {
    const remote = yield* (yield* GatewayPort)
      .getSession(sessionName)
      .pipe(
        Effect.catch((error) =>
          Effect.logWarning(
            `two status reports of session ${sessionName} at one instant, and the gateway could not be asked which stands: ${oneLine(error.message)}`
          ).pipe(Effect.as(null))
        )
      )
    if (remote === null) return null
    const now = yield* Clock.currentTimeMillis
    return yield* execute(SessionAggregate)(sessionId, { type: "RecordAskedGatewayStatus", status: remote.status, now })
  })

/**
 * Records the gateway's report on the session. The append is exclusive (one version), so of
 * two deliveries of the same report one records it and the other finds it a duplicate: the
 * owner is mailed once per departure from WORKING.
 */
export const recordSessionStatus = Effect.fn("recordSessionStatus")(function* (report: SessionStatusReport) {
  const session = yield* (yield* SessionRepository).findByName(report.sessionName)
  if (session === null) return "unknown" satisfies SessionStatusOutcome
  const now = yield* Clock.currentTimeMillis
  const reported = yield* execute(SessionAggregate)(session.id, {
    type: "RecordGatewayStatus",
    status: report.status,
    reportedAt: report.reportedAt,
    now
  })
  const outcome =
    reported._tag === "Rejected" && reported.rejection._tag === "StatusOrderUnknown"
      ? yield* askGateway(session.id, report.sessionName)
      : reported
  if (outcome === null) return "duplicate" satisfies SessionStatusOutcome
  if (outcome._tag === "Rejected") return "unknown" satisfies SessionStatusOutcome
  if (outcome.events.length === 0) return "duplicate" satisfies SessionStatusOutcome
  const left = outcome.events.map(leftWorking).find((status) => status !== null)
  if (left !== undefined && left !== null) {
    const owner = yield* (yield* UserRepository).get(outcome.state.userId)
    if (owner !== null) {
      yield* (yield* Notifier).notify({
        kind: "SessionLeftWorking",
        to: owner.email,
        reader: { timeZone: owner.timeZone, locale: owner.locale, language: owner.language },
        sessionName: outcome.state.sessionName,
        status: left,
        at: report.reportedAt ?? now,
        pageLink: whatsAppPageLink((yield* AuthSettings).appUrl),
        dueSoon: yield* dueSoon(session.id, now)
      })
    } else {
      yield* Effect.logWarning(
        `session ${session.id} left WORKING but its owner ${outcome.state.userId} has no account view: nobody mailed`
      )
    }
  }
  return "recorded" satisfies SessionStatusOutcome
})

import { Clock, Effect } from "effect"
import type { CampaignStatus } from "../../domain/campaign/Campaign.ts"
import { leftWorking } from "../../domain/session/MessagingSession.ts"
import { SessionAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { CampaignRepository } from "../ports/CampaignRepository.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { Notifier } from "../ports/Notifier.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { UserRepository } from "../ports/UserRepository.ts"

/** What the owner is told is due: the next 24 hours. */
export const DUE_SOON_MS = 24 * 60 * 60 * 1000

/** A status report from the gateway (WAHA's `session.status`). */
export interface SessionStatusReport {
  readonly sessionName: string
  readonly status: string
  /** when the gateway says it happened (ms); null: unknown, taken as now */
  readonly reportedAt: number | null
}

/**
 * recorded: the session's gateway status changed (and, when it left WORKING, its owner was
 * mailed); duplicate: the same status again, or a report older than the last one (a replay):
 * nothing written, nobody mailed; unknown: no active session of that name.
 */
export type SessionStatusOutcome = "recorded" | "duplicate" | "unknown"

/**
 * Campaigns that may still hold scheduled messages (a FAILED one keeps sending its others);
 * COMPLETED and CANCELLED ones, most of a session's history, hold none and are not read.
 */
const MAY_HAVE_SCHEDULED: ReadonlyArray<CampaignStatus> = ["DRAFT", "SCHEDULED", "IN_PROGRESS", "FAILED"]

/** The scheduled messages of a session due within `[now, now + DUE_SOON_MS]`, soonest first. */
const dueSoon = (sessionId: string, now: number) =>
  Effect.gen(function* () {
    const campaigns = yield* (yield* CampaignRepository).listBySession(sessionId, MAY_HAVE_SCHEDULED)
    const messages = yield* MessageRepository
    const lists = yield* Effect.forEach(campaigns, (campaign) => messages.listByCampaign(campaign.id))
    return lists
      .flat()
      .filter((m) => m.status === "SCHEDULED" && m.scheduledAt >= now && m.scheduledAt <= now + DUE_SOON_MS)
      .sort((a, b) => a.scheduledAt - b.scheduledAt)
      .map((m) => ({ groupName: m.groupName, content: m.content, scheduledAt: m.scheduledAt }))
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
  const outcome = yield* execute(SessionAggregate)(session.id, {
    type: "RecordGatewayStatus",
    status: report.status,
    reportedAt: report.reportedAt ?? now,
    now
  })
  if (outcome._tag === "Rejected") return "unknown" satisfies SessionStatusOutcome
  if (outcome.events.length === 0) return "duplicate" satisfies SessionStatusOutcome
  const left = outcome.events.map(leftWorking).find((status) => status !== null)
  if (left !== undefined && left !== null) {
    const owner = yield* (yield* UserRepository).get(outcome.state.userId)
    if (owner !== null) {
      yield* (yield* Notifier).notify({
        kind: "SessionLeftWorking",
        to: owner.email,
        sessionName: outcome.state.sessionName,
        status: left,
        at: report.reportedAt ?? now,
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

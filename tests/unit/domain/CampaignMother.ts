import type {
  CampaignCommand,
  CampaignEvent,
  CampaignGroup,
  CampaignState,
  CampaignStatus
} from "../../../src/domain/campaign/Campaign.ts"
import { CAMPAIGN_STATUSES, CampaignDecider } from "../../../src/domain/campaign/Campaign.ts"
import { fold } from "../../support/fold.ts"

/** Object mothers for the Campaign aggregate; states are built by folding events. */

type CommandOf<T extends CampaignCommand["type"]> = Extract<CampaignCommand, { type: T }>
type EventOf<T extends CampaignEvent["type"]> = Extract<CampaignEvent, { type: T }>
type Overrides<T> = Partial<Omit<T, "type">>

export const CampaignTimes = {
  CREATED_AT: Date.UTC(2026, 0, 1, 9, 0, 0),
  FIRST_SENT_AT: Date.UTC(2026, 0, 1, 10, 0, 6),
  LAST_SENT_AT: Date.UTC(2026, 0, 1, 11, 0, 6)
} as const

const T = CampaignTimes

export const CampaignGroupMother = {
  create: (overrides: Partial<CampaignGroup> = {}): CampaignGroup => ({
    groupId: "120363000000000001@g.us",
    groupName: "Book club",
    ...overrides
  })
}

export const CampaignCommandMother = {
  create: (overrides: Overrides<CommandOf<"Create">> = {}): CommandOf<"Create"> => ({
    type: "Create",
    campaignId: "campaign-1",
    userId: "user-1",
    sessionId: "session-1",
    group: CampaignGroupMother.create(),
    title: "January reminders",
    messageIds: ["message-1", "message-2"],
    now: T.CREATED_AT,
    ...overrides
  }),
  recordProgress: (overrides: Overrides<CommandOf<"RecordProgress">> = {}): CommandOf<"RecordProgress"> => ({
    type: "RecordProgress",
    sent: 1,
    open: 1,
    now: T.FIRST_SENT_AT,
    ...overrides
  }),
  fail: (overrides: Overrides<CommandOf<"Fail">> = {}): CommandOf<"Fail"> => ({
    type: "Fail",
    reason: "failed to send message: connect ECONNREFUSED 127.0.0.1:3000",
    messageId: "message-2",
    now: T.LAST_SENT_AT,
    ...overrides
  }),
  cancel: (overrides: Overrides<CommandOf<"Cancel">> = {}): CommandOf<"Cancel"> => ({
    type: "Cancel",
    now: T.FIRST_SENT_AT + 60_000,
    ...overrides
  })
}

export const CampaignEventMother = {
  created: (overrides: Overrides<EventOf<"CampaignCreated">> = {}): EventOf<"CampaignCreated"> => ({
    type: "CampaignCreated",
    campaignId: "campaign-1",
    userId: "user-1",
    sessionId: "session-1",
    group: CampaignGroupMother.create(),
    title: "January reminders",
    messageIds: ["message-1", "message-2"],
    at: T.CREATED_AT,
    ...overrides
  }),
  started: (at: number = T.FIRST_SENT_AT): EventOf<"CampaignStarted"> => ({ type: "CampaignStarted", at }),
  completed: (at: number = T.LAST_SENT_AT): EventOf<"CampaignCompleted"> => ({ type: "CampaignCompleted", at }),
  failed: (overrides: Overrides<EventOf<"CampaignFailed">> = {}): EventOf<"CampaignFailed"> => ({
    type: "CampaignFailed",
    at: T.FIRST_SENT_AT,
    reason: "missed",
    messageId: "message-1",
    ...overrides
  }),
  cancelled: (at: number = T.FIRST_SENT_AT): EventOf<"CampaignCancelled"> => ({ type: "CampaignCancelled", at }),
  paused: (at: number = T.FIRST_SENT_AT): EventOf<"CampaignPaused"> => ({ type: "CampaignPaused", at })
}

export const ALL_CAMPAIGN_STATUSES: ReadonlyArray<CampaignStatus> = CAMPAIGN_STATUSES

const E = CampaignEventMother

/** The shortest history that leaves a campaign in `status` (DRAFT: created without messages). */
export const campaignHistoryFor = (status: CampaignStatus | "NEW"): ReadonlyArray<CampaignEvent> => {
  const created = E.created()
  switch (status) {
    case "NEW":
      return []
    case "DRAFT":
      return [E.created({ messageIds: [] })]
    case "SCHEDULED":
      return [created]
    case "IN_PROGRESS":
      return [created, E.started()]
    case "COMPLETED":
      return [created, E.started(), E.completed()]
    case "CANCELLED":
      return [created, E.cancelled()]
    case "FAILED":
      return [created, E.failed()]
    case "PAUSED":
      return [created, E.paused()]
  }
}

export const CampaignStateMother = {
  fromEvents: (...events: ReadonlyArray<CampaignEvent>): CampaignState => fold(CampaignDecider, events),
  inStatus: (status: CampaignStatus | "NEW"): CampaignState => fold(CampaignDecider, campaignHistoryFor(status))
}

import type { inferRouterOutputs } from "@trpc/server"
import { DateTime } from "effect"
import i18next from "i18next"
import { isWithdrawnResend } from "../../domain/message/Message.ts"
import type { AppRouter } from "../web/routers/appRouter.ts"
import { instantOf } from "./campaign/planInput.ts"

// What the campaign screens show and when they ask again: pure, so it is unit-tested
// (tests/unit/browser/campaignView.test.ts) without a browser.

type Outputs = inferRouterOutputs<AppRouter>
export type CampaignDetail = Outputs["campaign"]["get"]
export type CampaignMessage = CampaignDetail["messages"][number]
export type CampaignListItem = Outputs["campaign"]["list"]["items"][number]
export type CampaignStatus = CampaignDetail["status"]
export type MessageStatus = CampaignMessage["status"]

/** Within this long of its time a message counts as "due soon": the screen follows it closely. */
export const DUE_SOON_MS = 2 * 60 * 1000
/** A message still SCHEDULED this long after its time will not be sent (the scheduler's window is 2 minutes). */
export const OVERDUE_MS = 3 * 60 * 1000
/** How often a screen asks while a send is due soon or under way. */
export const FAST_POLL_MS = 2_000
/** How often the list asks while a campaign in it is due soon or under way (it fetches every page shown). */
export const LIST_FAST_POLL_MS = 5_000
/** How often a screen asks while something is planned further ahead (a change made elsewhere shows within this). */
export const SLOW_POLL_MS = 30_000

/** Finished for good: nothing more will be sent. */
export const isFinishedStatus = (status: CampaignStatus): boolean => status === "COMPLETED" || status === "CANCELLED"

/**
 * How often campaign.get is asked again (react-query's refetchInterval): every 2 s while a message
 * is being sent or due within 2 minutes (or overdue by less than 3), every 30 s while messages are planned further ahead (or the
 * campaign is not finished), never once nothing is left to send. A FAILED campaign still sends its
 * remaining messages, so it is followed while it has any. A campaign not finished whose message was
 * due within those minutes is asked every 2 s too: its status (Completed, after a resend) shows at once.
 */
export const campaignPollInterval = (
  campaign:
    | {
        readonly status: CampaignStatus
        readonly messages: ReadonlyArray<{ readonly status: MessageStatus; readonly scheduledAt: string }>
      }
    | undefined,
  now: number
): number | false => {
  if (campaign === undefined) return false
  let planned = false
  for (const m of campaign.messages) {
    if (m.status === "PICKED") return FAST_POLL_MS
    // paused: nothing goes until resumed, but the page follows a change made elsewhere
    if (m.status === "PAUSED") planned = true
    else if (m.status === "SCHEDULED" || m.status === "NEW") {
      const at = Date.parse(m.scheduledAt)
      // overdue past the scheduler's 2-minute window: it is about to be recorded missed, or no
      // scheduler is running; either way there is nothing to follow closely
      if (at <= now + DUE_SOON_MS && at >= now - OVERDUE_MS) return FAST_POLL_MS
      planned = true
    }
  }
  if (planned) return SLOW_POLL_MS
  if (isFinishedStatus(campaign.status)) return false
  // a message just sent (a resend, due now): the campaign's own status follows it in a moment
  for (const m of campaign.messages) {
    const at = Date.parse(m.scheduledAt)
    if (m.status === "SENT" && at <= now + DUE_SOON_MS && at >= now - OVERDUE_MS) return FAST_POLL_MS
  }
  if (campaign.status === "FAILED") return false
  // not finished but nothing planned: its messages are still being created, or its last send is being recorded
  return SLOW_POLL_MS
}

/**
 * The same for campaign.list: every 5 s while a campaign shown has a message due within 2 minutes
 * or is sending, every 30 s while any is still to send, never when all are finished.
 */
export const listPollInterval = (
  items: ReadonlyArray<Pick<CampaignListItem, "status" | "nextScheduledAt" | "sentMessages" | "totalMessages">>,
  now: number
): number | false => {
  let active = false
  for (const c of items) {
    if (isFinishedStatus(c.status)) continue
    const next = c.nextScheduledAt === null ? null : Date.parse(c.nextScheduledAt)
    if (next !== null && next <= now + DUE_SOON_MS && next >= now - OVERDUE_MS) return LIST_FAST_POLL_MS
    if (c.status === "FAILED") {
      if (c.nextScheduledAt !== null) active = true
      continue
    }
    // in progress with nothing planned left: its last message is being sent
    if (c.status === "IN_PROGRESS" && c.nextScheduledAt === null) return LIST_FAST_POLL_MS
    active = true
  }
  return active ? SLOW_POLL_MS : false
}

/** A campaign can be cancelled while it may still send something. */
export const canCancel = (campaign: {
  readonly status: CampaignStatus
  readonly messages: ReadonlyArray<{ readonly status: MessageStatus }>
}): boolean =>
  !isFinishedStatus(campaign.status) &&
  (campaign.status !== "FAILED" || campaign.messages.some((m) => m.status === "SCHEDULED" || m.status === "PAUSED"))

/**
 * The messages the campaign's progress counts (as campaign.list counts them): not deleted or
 * cancelled, and not a message sent again while its resend stands (the resend takes its place).
 */
export const countedMessages = <
  M extends {
    readonly id: string
    readonly status: MessageStatus
    readonly isDeleted: boolean
    readonly resentAs: string | null
  }
>(
  messages: ReadonlyArray<M>
): Array<M> => {
  const statusOf = new Map(messages.map((m) => [m.id, m.status]))
  return messages.filter(
    (m) => !m.isDeleted && (m.resentAs === null || isWithdrawnResend(statusOf.get(m.resentAs) ?? "NEW"))
  )
}

/** Edit and delete: only a message the scheduler has not picked yet. */
export const isChangeable = (message: { readonly status: MessageStatus }): boolean =>
  message.status === "SCHEDULED" || message.status === "PAUSED"

/** A campaign can be paused while it sends at its times, resumed while paused. */
export const canPause = (status: CampaignStatus): boolean => status === "SCHEDULED" || status === "IN_PROGRESS"

/**
 * Resume: a paused campaign, or any holding paused messages whatever its status (one failed
 * while paused; a pause that raced a resume).
 */
export const canResume = (campaign: {
  readonly status: CampaignStatus
  readonly messages: ReadonlyArray<{ readonly status: MessageStatus }>
}): boolean => campaign.status === "PAUSED" || campaign.messages.some((m) => m.status === "PAUSED")

/** Messages a pause cut short left waiting: the scheduler would send them in a paused campaign. */
export const stillWaiting = (messages: ReadonlyArray<{ readonly status: MessageStatus }>): number =>
  messages.filter((m) => m.status === "SCHEDULED" || m.status === "NEW").length

/**
 * What resuming now would do to the paused messages: those whose time has come are skipped (never
 * sent late), the others go at their times. The server decides at its own clock; this is the
 * estimate the question shows.
 */
export const resumeOutlook = (
  messages: ReadonlyArray<{ readonly status: MessageStatus; readonly scheduledAt: string }>,
  now: number
): { readonly skipped: number; readonly go: number } => {
  let skipped = 0
  let go = 0
  for (const m of messages) {
    if (m.status !== "PAUSED") continue
    if (Date.parse(m.scheduledAt) > now) go++
    else skipped++
  }
  return { skipped, go }
}

export type Tone = "neutral" | "info" | "progress" | "success" | "danger" | "warning" | "muted"

type StatusWords = { readonly label: string; readonly tone: Tone }

// each status's words made once per language: a 1,000-message campaign page reads them per row
let wordsLanguage: string | undefined
const wordsMade = new Map<string, StatusWords>()
const once = (name: string, make: () => StatusWords): StatusWords => {
  if (i18next.language !== wordsLanguage) {
    wordsMade.clear()
    wordsLanguage = i18next.language
  }
  let words = wordsMade.get(name)
  if (words === undefined) {
    words = make()
    wordsMade.set(name, words)
  }
  return words
}

/** The campaign's status in words (colour is never the only sign), in the language on screen when read. */
export const campaignStatusWords: Readonly<Record<CampaignStatus, StatusWords>> = {
  get DRAFT(): StatusWords {
    return once("campaign.DRAFT", () => ({ label: i18next.t("status.campaign.draft"), tone: "neutral" }))
  },
  get SCHEDULED(): StatusWords {
    return once("campaign.SCHEDULED", () => ({ label: i18next.t("status.campaign.scheduled"), tone: "info" }))
  },
  get IN_PROGRESS(): StatusWords {
    return once("campaign.IN_PROGRESS", () => ({ label: i18next.t("status.campaign.inProgress"), tone: "progress" }))
  },
  get COMPLETED(): StatusWords {
    return once("campaign.COMPLETED", () => ({ label: i18next.t("status.campaign.completed"), tone: "success" }))
  },
  get CANCELLED(): StatusWords {
    return once("campaign.CANCELLED", () => ({ label: i18next.t("status.campaign.cancelled"), tone: "muted" }))
  },
  get FAILED(): StatusWords {
    return once("campaign.FAILED", () => ({ label: i18next.t("status.campaign.failed"), tone: "danger" }))
  },
  get PAUSED(): StatusWords {
    return once("campaign.PAUSED", () => ({ label: i18next.t("status.campaign.paused"), tone: "warning" }))
  }
}

/** The message's state in words, in the language on screen when read. */
export const messageStatusWords: Readonly<Record<MessageStatus, StatusWords>> = {
  get NEW(): StatusWords {
    return once("message.NEW", () => ({ label: i18next.t("status.message.new"), tone: "neutral" }))
  },
  get SCHEDULED(): StatusWords {
    return once("message.SCHEDULED", () => ({ label: i18next.t("status.message.scheduled"), tone: "info" }))
  },
  get PICKED(): StatusWords {
    return once("message.PICKED", () => ({ label: i18next.t("status.message.picked"), tone: "progress" }))
  },
  get SENT(): StatusWords {
    return once("message.SENT", () => ({ label: i18next.t("status.message.sent"), tone: "success" }))
  },
  get FAILED(): StatusWords {
    return once("message.FAILED", () => ({ label: i18next.t("status.message.failed"), tone: "danger" }))
  },
  get OUTCOME_UNKNOWN(): StatusWords {
    return once("message.OUTCOME_UNKNOWN", () => ({
      label: i18next.t("status.message.outcomeUnknown"),
      tone: "warning"
    }))
  },
  get MISSED(): StatusWords {
    return once("message.MISSED", () => ({ label: i18next.t("status.message.missed"), tone: "danger" }))
  },
  get DELETED(): StatusWords {
    return once("message.DELETED", () => ({ label: i18next.t("status.message.deleted"), tone: "muted" }))
  },
  get CANCELLED(): StatusWords {
    return once("message.CANCELLED", () => ({ label: i18next.t("status.message.cancelled"), tone: "muted" }))
  },
  get PAUSED(): StatusWords {
    return once("message.PAUSED", () => ({ label: i18next.t("status.message.paused"), tone: "warning" }))
  },
  get SKIPPED(): StatusWords {
    return once("message.SKIPPED", () => ({ label: i18next.t("status.message.skipped"), tone: "muted" }))
  }
}

/**
 * What a sent message's receipts say: delivered / read, and for a group how many members; for the
 * number's Status, how many people saw it (each view is a read receipt; of how many is unknown).
 */
export const deliveryWords = (
  m: Pick<CampaignMessage, "status" | "isDelivered" | "isRead" | "deliveredCount" | "readCount"> & {
    readonly groupId?: string
  }
): string | null => {
  if (m.status !== "SENT") return null
  if (m.groupId === "status@broadcast")
    return m.readCount > 0 ? i18next.t("status.message.seenBy", { n: m.readCount }) : null
  if (m.isRead)
    return m.readCount > 1 ? i18next.t("status.message.readBy", { n: m.readCount }) : i18next.t("status.message.read")
  if (m.isDelivered)
    return m.deliveredCount > 1
      ? i18next.t("status.message.deliveredTo", { n: m.deliveredCount })
      : i18next.t("status.message.delivered")
  return null
}

/** What to tell of an outcome-unknown copy, by where it went: a group (check it), or the number's Status (check it on the phone). */
export const outcomeUnknownExplanation = (groupId: string): string =>
  groupId === "status@broadcast" ? i18next.t("row.outcomeUnknownStatus") : i18next.t("row.outcomeUnknown")

/** The viewer's IANA zone, as the browser reports it. */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

/** `yyyy-mm-dd` and `hh:mm` of an instant on the wall clock of `timeZone` (the viewer's by default), for date and time inputs. */
export const localDateAndTime = (
  iso: string,
  timeZone: string = browserZone()
): { readonly date: string; readonly time: string } => {
  const p = DateTime.toParts(DateTime.makeZonedUnsafe(Date.parse(iso), { timeZone }))
  const two = (n: number) => String(n).padStart(2, "0")
  return {
    date: `${String(p.year).padStart(4, "0")}-${two(p.month)}-${two(p.day)}`,
    time: `${two(p.hour)}:${two(p.minute)}`
  }
}

/** What a date and a time input mean on the wall clock of a zone. */
export type LocalInstant =
  | { readonly _tag: "Instant"; readonly iso: string }
  /** not a date or a time the inputs give */
  | { readonly _tag: "Invalid" }
  /** a time the clocks skip that day (spring forward): it does not exist there */
  | { readonly _tag: "Gap" }

/**
 * The instant a date and time input mean in `timeZone` (the viewer's by default), converted as
 * planning converts (the domain's wallClockInstant, effect's DateTime). A time in a
 * spring-forward gap is refused rather than moved by the gap; a repeated time (autumn) is the
 * first of the two.
 */
export const instantFromLocal = (date: string, time: string, timeZone: string = browserZone()): LocalInstant => {
  const iso = instantOf(date, time, timeZone)
  if (iso === null) return { _tag: "Invalid" }
  // read back: a time in the gap comes back an hour later
  const back = localDateAndTime(iso, timeZone)
  return back.date === date && back.time === time ? { _tag: "Instant", iso } : { _tag: "Gap" }
}

/** The words for a time that does not exist on that day in `timeZone`. */
export const gapText = (timeZone: string): string => i18next.t("helpers.gap", { zone: timeZone })

import { DateTime } from "effect"
import type { CampaignPlan } from "./Campaign.ts"
import { MAX_CONTENT_LENGTH } from "./CampaignLimits.ts"
import { alreadyPassed } from "./pastTime.ts"
import type { LocalDate, Recurrence } from "./Recurrence.ts"
import {
  dayNumber,
  occurrenceTexts,
  parseDate,
  SEQUENCE_GAP_MS,
  templateParts,
  wallClockInstant
} from "./Recurrence.ts"

/**
 * Changing every future message of a repeating campaign at once (campaign.updateFutureMessages):
 * a new time of day, on each message's own date in the campaign's zone, and/or a new template,
 * rendered for each occurrence as creation renders it. Pure: the use case reads the messages and
 * applies the edits one by one through the message decider.
 *
 * A message's occurrence is its local date in the campaign's zone and its group; its place in the
 * occurrence's sequence (the template's `---` parts, a second apart) is its rank there by time.
 * A new time that the clocks skip that day is moved as creation moves it (as far after the gap as
 * it was into it); one that happens twice is the first of the two.
 */

export interface FutureMessage {
  readonly id: string
  readonly groupId: string
  readonly scheduledAt: number
  /** still to be sent: scheduled, not picked, not deleted, in the future */
  readonly open: boolean
}

export interface FutureChange {
  /** `HH:MM` on the campaign's wall clock */
  readonly sendTime?: string | undefined
  readonly template?: string | undefined
}

export interface MessageEdit {
  readonly id: string
  readonly content?: string
  readonly scheduledAt?: number
}

export type FutureChangeProblem =
  | { readonly _tag: "NotRepeating" }
  | { readonly _tag: "NothingToChange" }
  | { readonly _tag: "InvalidSendTime"; readonly value: string }
  | { readonly _tag: "EmptyTemplate" }
  | { readonly _tag: "TooLong"; readonly max: number }
  | { readonly _tag: "PartsDiffer"; readonly was: number; readonly now: number }
  | { readonly _tag: "NoFutureMessage" }
  | { readonly _tag: "InThePast"; readonly scheduledAt: number; readonly timeZone: string }

export type FutureChangeResult =
  | { readonly _tag: "Planned"; readonly edits: ReadonlyArray<MessageEdit>; readonly plan: CampaignPlan }
  | { readonly _tag: "Invalid"; readonly problem: FutureChangeProblem }

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

const localDateOf = (epochMs: number, zone: DateTime.TimeZone): LocalDate => {
  const p = DateTime.toParts(DateTime.makeZonedUnsafe(epochMs, { timeZone: zone }))
  return { year: p.year, month: p.month, day: p.day }
}

/** The edits that give every open message the new time and/or text, and the plan that then holds. */
export const planFutureChange = (
  plan: CampaignPlan | null,
  /** the header of the first message of an occurrence (the campaign's title) */
  title: string,
  messages: ReadonlyArray<FutureMessage>,
  change: FutureChange,
  now: number
): FutureChangeResult => {
  const invalid = (problem: FutureChangeProblem): FutureChangeResult => ({ _tag: "Invalid", problem })
  const recurrence = plan?.recurrence
  if (plan === null || recurrence === undefined || recurrence.frequency === "ONCE")
    return invalid({ _tag: "NotRepeating" })
  if (change.sendTime === undefined && change.template === undefined) return invalid({ _tag: "NothingToChange" })
  const time = change.sendTime === undefined ? null : TIME.exec(change.sendTime)
  if (time === null && change.sendTime !== undefined)
    return invalid({ _tag: "InvalidSendTime", value: change.sendTime })
  const marker = recurrence.splitMarker ?? "*"
  const partsBefore = templateParts(recurrence.template, marker).length
  const parts = change.template === undefined ? null : templateParts(change.template, marker)
  if (parts !== null) {
    if (parts.length === 0) return invalid({ _tag: "EmptyTemplate" })
    if (parts.length !== partsBefore) return invalid({ _tag: "PartsDiffer", was: partsBefore, now: parts.length })
  }
  const zone = DateTime.zoneMakeNamed(plan.timeZone)
  if (zone._tag === "None") return invalid({ _tag: "NotRepeating" })
  const end = parseDate(recurrence.endDate)
  // occurrences: the messages of one group on one local date, in time order
  const occurrences = new Map<string, Array<FutureMessage & { readonly date: LocalDate }>>()
  for (const m of messages) {
    const date = localDateOf(m.scheduledAt, zone.value)
    const key = `${m.groupId} ${dayNumber(date)}`
    const list = occurrences.get(key) ?? []
    list.push({ ...m, date })
    occurrences.set(key, list)
  }
  const edits: Array<MessageEdit> = []
  for (const list of occurrences.values()) {
    list.sort((a, b) => a.scheduledAt - b.scheduledAt)
    const first = list[0]
    if (first === undefined) continue
    const daysLeft = end === null ? 0 : dayNumber(end) - dayNumber(first.date)
    const texts = parts === null ? null : occurrenceTexts(parts, recurrence.isFreeForm, title, daysLeft)
    const at = time === null ? null : wallClockInstant(first.date, Number(time[1]), Number(time[2]), zone.value)
    list.forEach((m, rank) => {
      if (!m.open) return
      const content = texts?.[Math.min(rank, texts.length - 1)]
      const scheduledAt = at === null ? undefined : at + rank * SEQUENCE_GAP_MS
      edits.push({
        id: m.id,
        ...(content === undefined ? {} : { content }),
        ...(scheduledAt === undefined ? {} : { scheduledAt })
      })
    })
  }
  if (edits.length === 0) return invalid({ _tag: "NoFutureMessage" })
  if (edits.some((e) => e.content !== undefined && e.content.length > MAX_CONTENT_LENGTH))
    return invalid({ _tag: "TooLong", max: MAX_CONTENT_LENGTH })
  const past = edits
    .filter((e) => e.scheduledAt !== undefined && e.scheduledAt < now)
    .sort((a, b) => (a.scheduledAt ?? 0) - (b.scheduledAt ?? 0))[0]
  if (past?.scheduledAt !== undefined)
    return invalid({ _tag: "InThePast", scheduledAt: past.scheduledAt, timeZone: plan.timeZone })
  const changed: Recurrence = {
    ...recurrence,
    ...(change.sendTime === undefined ? {} : { sendTime: change.sendTime }),
    ...(change.template === undefined ? {} : { template: change.template })
  }
  return { _tag: "Planned", edits, plan: { ...plan, recurrence: changed } }
}

/** A problem in the organiser's words, saying what to do next. */
export const describeFutureChangeProblem = (problem: FutureChangeProblem, now: number): string => {
  switch (problem._tag) {
    case "NotRepeating":
      return "Only a repeating campaign can change every future message at once: edit its messages one by one."
    case "NothingToChange":
      return "Give a new time of day or a new text."
    case "InvalidSendTime":
      return "Give the time of day as hours and minutes (00:00 to 23:59)."
    case "EmptyTemplate":
      return "Write the text of the messages."
    case "TooLong":
      return `A message may hold at most ${problem.max} characters: shorten the text.`
    case "PartsDiffer":
      return `Each day of this campaign sends ${count(problem.was)}, but the new text makes ${count(problem.now)}: keep ${problem.was === 1 ? "no line holding only ---" : `${problem.was - 1} line${problem.was === 2 ? "" : "s"} holding only ---`}, or plan a new campaign.`
    case "NoFutureMessage":
      return "This campaign has no message left to send: nothing to change."
    case "InThePast":
      return `${alreadyPassed(problem.scheduledAt, problem.timeZone, now)} Choose a later time: the first message to change would be sent then.`
  }
}

const count = (n: number) => (n === 1 ? "1 message" : `${n} messages`)

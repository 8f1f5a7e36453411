// A campaign's plan in words, as the organiser made it ("Daily at 08:30 Berlin time, 1–14
// December"), and its times on the campaign's wall clock with the viewer's own in brackets when it
// reads differently. Pure (Intl does the zone maths and the locale's words), so it is unit-tested
// without a browser: tests/unit/browser/planWords.test.ts.

import i18next from "i18next"
import { zoneLabel as placeTime } from "../../../domain/shared/zoneNames.ts"
import { formattingLocale } from "../i18n/language.ts"
import { clockOf, formatInZone } from "./zoneFormat.ts"

export type PlanFrequency = "ONCE" | "DAILY" | "WEEKLY" | "SEMI_MONTHLY" | "MONTHLY" | "SEMI_ANNUALLY" | "ANNUALLY"

/** campaign.get's `plan`, the parts read here. */
export interface PlanShape {
  readonly timeZone: string
  readonly recurrence?:
    | {
        readonly startDate: string
        readonly endDate: string
        readonly sendTime: string
        readonly frequency: PlanFrequency
      }
    | undefined
}

/**
 * A zone as people name it: `Berlin time`, `New York time`, `UTC`; a zone of no place (Etc/GMT+5,
 * a fixed offset) by its offset, `UTC-5`. The server's sentences and mails name it the same way.
 */
export const zoneLabel = (timeZone: string): string => {
  const key = `${i18next.language} ${timeZone}`
  let label = zoneLabels.get(key)
  if (label === undefined) {
    const english = placeTime(timeZone)
    // "Berlin time" in the language on screen; "UTC" and "UTC-5" read the same everywhere
    label = english.endsWith(" time") ? i18next.t("plan.zone", { place: english.slice(0, -" time".length) }) : english
    zoneLabels.set(key, label)
  }
  return label
}
// made once per language and zone: a 1,000-message page names the zone on every row
const zoneLabels = new Map<string, string>()

// one per (locale, options); no `locale` means the language on screen's (formattingLocale), and the
// key names the locale it resolved to, so a change of language makes new formatters
const formatters = new Map<string, Intl.DateTimeFormat>()
const formatter = (locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const resolved = locale ?? formattingLocale()
  const key = JSON.stringify([resolved, options])
  let made = formatters.get(key)
  if (made === undefined) {
    made = new Intl.DateTimeFormat(resolved, options)
    formatters.set(key, made)
  }
  return made
}

/** `YYYY-MM-DD` as a UTC midnight, read back in UTC: a calendar date, no zone involved. */
const calendarDay = (date: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  return m === null ? null : new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
}

const yearIn = (epochMs: number, timeZone: string): string =>
  formatter("en-US", { timeZone, year: "numeric" }).format(new Date(epochMs))

/** `08:30` (24-hour locales), `8:30 AM` (12-hour ones): a wall-clock `HH:MM` in the locale's clock (no `locale`: the language on screen's). */
export const clockTime = (sendTime: string, locale?: string): string => {
  const m = /^(\d{2}):(\d{2})$/.exec(sendTime)
  if (m === null) return sendTime
  return formatter(locale, { timeZone: "UTC", minute: "2-digit", ...clockOf(locale) }).format(
    new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])))
  )
}

/** `1–14 December` (the year added when it is not this year's), in the locale's words. */
const dateRange = (start: Date, end: Date, locale: string | undefined, now: number): string => {
  const thisYear = String(new Date(now).getUTCFullYear())
  const withYear = String(start.getUTCFullYear()) !== thisYear || String(end.getUTCFullYear()) !== thisYear
  const format = formatter(locale, {
    timeZone: "UTC",
    day: "numeric",
    month: "long",
    ...(withYear ? { year: "numeric" } : {})
  })
  return start.getTime() === end.getTime() ? format.format(start) : format.formatRange(start, end)
}

const dayAndMonth = (date: Date, locale: string | undefined): string =>
  formatter(locale, { timeZone: "UTC", day: "numeric", month: "long" }).format(date)

/** `months` after `date`, on its day or the month's last (as the plan counts months). */
const monthsAfter = (date: Date, months: number): Date => {
  const index = date.getUTCFullYear() * 12 + date.getUTCMonth() + months
  const year = Math.floor(index / 12)
  const month = index % 12
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), last)))
}

/**
 * The plan in words: `Daily at 08:30 Berlin time, 1–14 December`, `Every Tuesday at 7:00 PM New
 * York time, 1 December – 23 February`; a one-off plan, its zone alone (`Berlin time`).
 */
export const planSentence = (plan: PlanShape, locale?: string, now: number = Date.now()): string => {
  const zone = zoneLabel(plan.timeZone)
  const r = plan.recurrence
  if (r === undefined) return zone
  const start = calendarDay(r.startDate)
  const end = calendarDay(r.endDate) ?? start
  if (start === null || end === null) return zone
  const at = i18next.t("plan.at", { time: clockTime(r.sendTime, locale), zone })
  const range = dateRange(start, end, locale, now)
  const day = start.getUTCDate()
  switch (r.frequency) {
    case "ONCE": {
      const date = formatter(locale, {
        timeZone: "UTC",
        weekday: "long",
        day: "numeric",
        month: "long",
        ...(String(start.getUTCFullYear()) === String(new Date(now).getUTCFullYear()) ? {} : { year: "numeric" })
      }).format(start)
      return i18next.t("plan.once", { date, at })
    }
    case "DAILY":
      return i18next.t("plan.daily", { at, range })
    case "WEEKLY":
      return i18next.t("plan.weekly", {
        weekday: formatter(locale, { timeZone: "UTC", weekday: "long" }).format(start),
        at,
        range
      })
    case "SEMI_MONTHLY": {
      const [a, b] = day <= 15 ? [day, day + 15] : [day - 15, day]
      return i18next.t("plan.semiMonthly", { a, b, at, range })
    }
    case "MONTHLY":
      return i18next.t("plan.monthly", { day, at, range })
    case "SEMI_ANNUALLY":
      return i18next.t("plan.semiAnnually", {
        first: dayAndMonth(start, locale),
        second: dayAndMonth(monthsAfter(start, 6), locale),
        at,
        range
      })
    case "ANNUALLY":
      return i18next.t("plan.annually", { date: dayAndMonth(start, locale), at, range })
  }
}

const WHEN: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", minute: "2-digit" }

/** `Tue 1 Dec, 08:30` in `timeZone`, the year added when it is not this year there. */
const readAt = (epochMs: number, timeZone: string, locale: string | undefined, now: number): string => {
  const year = yearIn(epochMs, timeZone) === yearIn(now, timeZone) ? {} : { year: "numeric" as const }
  return formatter(locale, { ...WHEN, ...year, ...clockOf(locale), timeZone }).format(new Date(epochMs))
}

const dateIn = (epochMs: number, timeZone: string): string =>
  formatter("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(epochMs))

/**
 * An instant as the campaign's page shows it: on the campaign's wall clock, named
 * (`Tue 1 Dec, 08:30 Berlin time`), with the viewer's reading in brackets when it differs
 * (`(07:30 your time)`, the date too when it is another day there). No campaign zone (a campaign
 * created before plans were kept): the viewer's own, as it always read.
 */
export const timeInZones = (
  iso: string,
  campaignZone: string | null,
  viewerZone: string,
  locale?: string,
  now: number = Date.now()
): string => {
  const at = Date.parse(iso)
  // as the page always showed it (ui/format.ts's formatDateTime): the viewer's date and time
  if (campaignZone === null)
    return formatter(locale, { dateStyle: "medium", timeStyle: "short", timeZone: viewerZone }).format(new Date(at))
  if (campaignZone === viewerZone) return readAt(at, viewerZone, locale, now)
  const theirs = readAt(at, campaignZone, locale, now)
  const mine = readAt(at, viewerZone, locale, now)
  const shown = `${theirs} ${zoneLabel(campaignZone)}`
  if (mine === theirs) return shown
  const sameDay = dateIn(at, campaignZone) === dateIn(at, viewerZone)
  const viewerPart = sameDay
    ? formatter(locale, { minute: "2-digit", ...clockOf(locale), timeZone: viewerZone }).format(new Date(at))
    : mine
  return i18next.t("plan.yourTime", { shown, time: viewerPart })
}

/** The zone the edit form reads and writes times in, named: the campaign's, or the viewer's own. */
export const formZoneHint = (campaignZone: string | null, viewerZone: string): string =>
  campaignZone === null
    ? i18next.t("plan.formZoneYours", { zone: viewerZone })
    : i18next.t("plan.formZoneIn", { label: zoneLabel(campaignZone), zone: campaignZone })

const messagesCount = (count: number): string => i18next.t("plan.messages", { count })

/** The question before changing every future message: how many will change. */
export const futureChangeQuestion = (open: number): string =>
  open === 1 ? i18next.t("plan.questionOne") : i18next.t("plan.questionAll", { count: open })

/** What the change did, announced once it is saved. */
export const futureChangeOutcome = (result: { readonly changed: number; readonly skipped: number }): string =>
  result.skipped === 0
    ? i18next.t("plan.changed", { count: result.changed })
    : i18next.t("plan.changedSkipped", { changed: messagesCount(result.changed), count: result.skipped })

/**
 * `Sun, Nov 29, 2026, 9:00 PM Kolkata time has already passed.`: a time the form refuses before
 * asking the server, on the campaign's wall clock in the language on screen and the viewer's clock
 * (the server words its own refusals so too: interfaces/web/refusalWords.ts).
 */
export const passedText = (epochMs: number, timeZone: string): string =>
  i18next.t("message.passed", {
    time: formatInZone(new Date(epochMs).toISOString(), timeZone),
    zone: zoneLabel(timeZone)
  })

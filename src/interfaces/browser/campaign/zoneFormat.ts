import i18next from "i18next"
// Showing a previewed message's time: in the campaign's zone and, when it reads differently,
// in the viewer's. Intl does the zone maths (the browser's own tz database); the instants and
// offsets come from the server's preview.

import { currentZoneName } from "../../../domain/shared/zoneNames.ts"
import { formattingLocale } from "../i18n/language.ts"

// today's names of zones (Asia/Calcutta → Asia/Kolkata) are shared with the server's mails
export { currentZoneName } from "../../../domain/shared/zoneNames.ts"

/** The viewer's IANA zone, as the browser reports it, by its current name. */
export const viewerZone = (): string => currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone)

/** Every zone the select offers by its current name, sorted, UTC first; `extra` (the viewer's) is kept. */
export const zoneChoices = (extra: ReadonlyArray<string> = []): Array<string> => {
  const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []
  const zones = new Set([...listed, ...extra].map(currentZoneName))
  zones.delete("UTC")
  return ["UTC", ...[...zones].sort()]
}

/** `UTC+1`, `UTC+5:30`, `UTC-3`, `UTC`: the zone's offset at `now`. */
export const zoneOffsetNow = (timeZone: string, now: Date = new Date()): string => {
  const name =
    formatter("en-US", timeZone, { timeZoneName: "longOffset" })
      .formatToParts(now)
      .find((p) => p.type === "timeZoneName")?.value ?? "GMT"
  const m = /^GMT([+-])(\d\d):(\d\d)$/.exec(name)
  if (m === null || (m[2] === "00" && m[3] === "00")) return "UTC"
  return `UTC${m[1]}${Number(m[2])}${m[3] === "00" ? "" : `:${m[3]}`}`
}

/** The zones whose name holds `query` (any case, `_` read as a space); `keep` (the chosen one) always. */
export const searchZones = (zones: ReadonlyArray<string>, query: string, keep: string): Array<string> => {
  const words = query.trim().toLowerCase().replaceAll("_", " ")
  if (words === "") return [...zones]
  return zones.filter((zone) => zone === keep || zone.toLowerCase().replaceAll("_", " ").includes(words))
}

/**
 * One Intl.DateTimeFormat per (locale, zone, options), made on first use: building one costs far
 * more than formatting with it, and a 1,000-message preview formats three times per message. No
 * `locale` means the language on screen (formattingLocale), not the browser's default, and the key
 * names the locale it resolved to, so a change of language makes new formatters.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()
const formatter = (
  locale: string | undefined,
  timeZone: string,
  options: Intl.DateTimeFormatOptions
): Intl.DateTimeFormat => {
  const resolved = locale ?? formattingLocale()
  const key = JSON.stringify([resolved, timeZone, options])
  let made = formatters.get(key)
  if (made === undefined) {
    made = new Intl.DateTimeFormat(resolved, { ...options, timeZone })
    formatters.set(key, made)
  }
  return made
}

const DATE_PARTS: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" }
const READABLE: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  minute: "2-digit"
}

/**
 * The locale's own clock, as its short time style has it (what the pages and the browser's time
 * inputs show): 12-hour `9:00 AM` (en-US) or 24-hour `09:00` (en-GB, de), never a mix. No `locale`:
 * the language on screen's (formattingLocale).
 */
export const clockOf = (locale?: string): Intl.DateTimeFormatOptions => {
  // made once per locale, as the formatters are
  const cycle = formatter(locale, "UTC", { timeStyle: "short" }).resolvedOptions().hourCycle
  return cycle === "h11" || cycle === "h12"
    ? { hour: "numeric", hourCycle: cycle }
    : { hour: "2-digit", hourCycle: "h23" }
}

/** Today's date (`YYYY-MM-DD`) on the wall calendar of `timeZone`. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => {
  const parts = formatter("en-US", timeZone, DATE_PARTS).formatToParts(now)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ""
  return `${part("year")}-${part("month")}-${part("day")}`
}

/** `Sun, 28 Mar 2027, 09:00` (en-GB), `Sun, Mar 28, 2027, 9:00 AM` (en-US) in `timeZone`: the language on screen's words and clock unless `locale` says otherwise. */
export const formatInZone = (iso: string, timeZone: string, locale?: string): string =>
  formatter(locale, timeZone, { ...READABLE, ...clockOf(locale) }).format(new Date(iso))

/**
 * How soon after the message above a message goes, in words, when it is within the minute (its
 * time reads the same: a template's sequence, rows at the same time), or null.
 */
export const soonAfter = (previous: string | undefined, iso: string): string | null => {
  if (previous === undefined) return null
  const ms = Date.parse(iso) - Date.parse(previous)
  if (!(ms > 0 && ms < 60_000)) return null
  const seconds = Math.max(1, Math.round(ms / 1000))
  return i18next.t("helpers.soonAfter", { count: seconds })
}

/** The viewer's reading of the instant, or null when it reads the same as in the campaign's zone. */
export const viewerReading = (iso: string, campaignZone: string, viewer: string, locale?: string): string | null => {
  if (viewer === campaignZone) return null
  const theirs = formatInZone(iso, viewer, locale)
  return theirs === formatInZone(iso, campaignZone, locale) ? null : theirs
}

/** The words of a daylight-saving change day (the local day the clocks change on), or null on any other day. */
export const dstNote = (m: {
  readonly dstChange: boolean
  readonly utcOffsetDayStart: string
  readonly utcOffsetDayEnd: string
}): string | null =>
  m.dstChange ? i18next.t("helpers.clocksChange", { from: m.utcOffsetDayStart, to: m.utcOffsetDayEnd }) : null

/** `UTC+02:00`, or `UTC` for +00:00. */
export const offsetLabel = (utcOffset: string): string =>
  utcOffset === "+00:00" || utcOffset === "Z" ? "UTC" : `UTC${utcOffset}`

// A time that has already passed, in the organiser's words: on the wall clock of the campaign's
// zone, named as a place ("Berlin time"), no ISO instant and no field name. Intl does the zone
// maths; an unknown zone reads in UTC.

import { zonePlaceName } from "../shared/zoneNames.ts"

export { zonePlaceName }

const formatters = new Map<string, Intl.DateTimeFormat>()
const partsIn = (epochMs: number, timeZone: string): Record<string, string> => {
  let format = formatters.get(timeZone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23"
    })
    formatters.set(timeZone, format)
  }
  return Object.fromEntries(format.formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]))
}

const knownZone = (timeZone: string): string => {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone })
    return timeZone
  } catch {
    return "UTC"
  }
}

/**
 * `Tuesday 25 November, 09:00 Berlin time`: `epochMs` on `timeZone`'s wall clock, the year added
 * when it is not the year of `now` there.
 */
export const wallClockWords = (epochMs: number, timeZone: string, now: number): string => {
  const zone = knownZone(timeZone)
  const p = partsIn(epochMs, zone)
  const year = p["year"] === partsIn(now, zone)["year"] ? "" : ` ${p["year"]}`
  return `${p["weekday"]} ${p["day"]} ${p["month"]}${year}, ${p["hour"]}:${p["minute"]} ${zonePlaceName(zone)}`
}

/** `Tuesday 25 November, 09:00 Berlin time has already passed.` */
export const alreadyPassed = (epochMs: number, timeZone: string, now: number): string =>
  `${wallClockWords(epochMs, timeZone, now)} has already passed.`

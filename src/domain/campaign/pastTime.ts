// A time that has already passed, in the organiser's words: on the wall clock of the campaign's
// zone, named as a place ("Berlin time"), no ISO instant and no field name. Intl does the zone
// maths; an unknown zone reads in UTC.

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

const UTC_NAMES = new Set(["UTC", "Etc/UTC", "Etc/GMT", "GMT", "Etc/Universal", "Etc/Zulu", "Universal", "Zulu"])

/** `UTC-5` for a zone of no place (Etc/GMT+5 is five hours behind: POSIX signs), from its offset. */
const offsetName = (timeZone: string): string => {
  let name = "GMT"
  try {
    name =
      new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
        .formatToParts(0)
        .find((p) => p.type === "timeZoneName")?.value ?? "GMT"
  } catch {
    return timeZone
  }
  const m = /^GMT([+-])(\d\d):(\d\d)$/.exec(name)
  if (m === null) return "UTC"
  return `UTC${m[1]}${Number(m[2])}${m[3] === "00" ? "" : `:${m[3]}`}`
}

/**
 * `Berlin time`, `New York time`, `UTC` for a zone's name; a zone of no place (Etc/GMT+5, a bare
 * abbreviation) by its offset, `UTC-5`.
 */
export const zonePlaceName = (timeZone: string): string => {
  if (UTC_NAMES.has(timeZone)) return "UTC"
  if (timeZone.startsWith("Etc/") || !timeZone.includes("/")) return offsetName(timeZone)
  const place = timeZone.split("/").at(-1)?.replaceAll("_", " ") ?? timeZone
  return `${place} time`
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

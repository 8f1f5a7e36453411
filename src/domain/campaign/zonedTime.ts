import { DateTime, Option } from "effect"

/** An instant as read on the wall clock of a zone, for showing a plan before it is saved. */
export interface ZonedReading {
  /** the wall-clock time there with its offset, `2027-03-28T09:00:00.000+02:00` */
  readonly localTime: string
  /** the zone's UTC offset at that instant, `+02:00` */
  readonly utcOffset: string
  /** the offset in force as that local day began (at the instant before its first), `+01:00` */
  readonly utcOffsetDayStart: string
  /** the offset in force as that local day ended (at its last instant), `+02:00` */
  readonly utcOffsetDayEnd: string
  /** the clocks change on that local calendar day: the day's start and end offsets differ */
  readonly dstChange: boolean
}

/**
 * How `epochMs` reads in `timeZone` (an IANA name), or null for an unknown zone.
 *
 * The daylight-saving mark belongs to the local calendar day on which the clocks change, whatever
 * the time of the message on that day (01:30, before the change, as much as 09:00, after it): the
 * offset just before the day's first instant is compared with the offset at its last instant.
 * The day's first instant is its wall-clock midnight, or the first time after it when midnight is
 * skipped (a zone that changes at 00:00), so a change at midnight marks the day that begins
 * with the new offset.
 */
export const readInZone = (epochMs: number, timeZone: string): ZonedReading | null =>
  zoneReader(timeZone)?.(epochMs) ?? null

/** A reader of instants in `timeZone` (the zone looked up once), or null for an unknown zone. */
export const zoneReader = (timeZone: string): ((epochMs: number) => ZonedReading) | null => {
  const zone = DateTime.zoneMakeNamed(timeZone)
  return Option.isNone(zone) ? null : (epochMs) => readIn(zone.value, epochMs)
}

const readIn = (zone: DateTime.TimeZone, epochMs: number): ZonedReading => {
  const at = DateTime.makeZonedUnsafe(epochMs, { timeZone: zone })
  const dayStart = DateTime.startOf(at, "day")
  // the next wall-clock midnight (DateTime.add counts days on the zone's calendar)
  const nextDayStart = DateTime.startOf(DateTime.add(dayStart, { days: 1 }), "day")
  const offsetJustBefore = (instant: DateTime.Zoned) => DateTime.zonedOffsetIso(DateTime.subtractDuration(instant, 1))
  const utcOffsetDayStart = offsetJustBefore(dayStart)
  const utcOffsetDayEnd = offsetJustBefore(nextDayStart)
  return {
    localTime: DateTime.formatIsoOffset(at),
    utcOffset: DateTime.zonedOffsetIso(at),
    utcOffsetDayStart,
    utcOffsetDayEnd,
    dstChange: utcOffsetDayStart !== utcOffsetDayEnd
  }
}

import { DateTime, Option } from "effect"

const DAY_MS = 86_400_000

/** An instant as read on the wall clock of a zone, for showing a plan before it is saved. */
export interface ZonedReading {
  /** the wall-clock time there with its offset, `2027-03-28T09:00:00.000+02:00` */
  readonly localTime: string
  /** the zone's UTC offset at that instant, `+02:00` */
  readonly utcOffset: string
  /** the offset 24 hours earlier; it differs on a daylight-saving change day */
  readonly utcOffsetDayBefore: string
  readonly dstChange: boolean
}

/** How `epochMs` reads in `timeZone` (an IANA name), or null for an unknown zone. */
export const readInZone = (epochMs: number, timeZone: string): ZonedReading | null => {
  const zone = DateTime.zoneMakeNamed(timeZone)
  if (Option.isNone(zone)) return null
  const at = DateTime.makeZonedUnsafe(epochMs, { timeZone: zone.value })
  const dayBefore = DateTime.makeZonedUnsafe(epochMs - DAY_MS, { timeZone: zone.value })
  const utcOffset = DateTime.zonedOffsetIso(at)
  const utcOffsetDayBefore = DateTime.zonedOffsetIso(dayBefore)
  return { localTime: DateTime.formatIsoOffset(at), utcOffset, utcOffsetDayBefore, dstChange: utcOffset !== utcOffsetDayBefore }
}

import { clockTime } from "../campaign/planWords.ts"

/** `, 09:00 ` before a place and "has already passed": how the server words a past time (domain/campaign/pastTime.ts). */
const SERVER_TIME = /, (\d\d):(\d\d) (?=[^.]*? has already passed)/g

/**
 * The server words a refused past time on a 24-hour clock ("Tuesday 1 December, 21:00 Berlin time
 * has already passed."): it does not know the reader's locale. The page says it on the reader's
 * clock, as every other time it shows ("9:00 PM" in en-US), so one page never mixes the two. No
 * `locale`: the language on screen's (formattingLocale, through clockTime).
 */
export const onViewerClock = (text: string, locale?: string): string =>
  text.replace(SERVER_TIME, (_, hours: string, minutes: string) => `, ${clockTime(`${hours}:${minutes}`, locale)} `)

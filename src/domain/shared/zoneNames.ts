// Time zones as people name them, shared by the browser app and the server's mails (pure: Intl
// only). A zone's name is canonicalised to today's spelling; a place names it ("New York time").

/**
 * Today's names of zones that some engines (ICU's canonical IDs: Chromium, Node) still list
 * under an old one: the organiser looks for Kolkata and Kyiv, not Calcutta and Kiev.
 */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Dacca": "Asia/Dhaka",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Macao": "Asia/Macau",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Thimbu": "Asia/Thimphu",
  "Asia/Ujung_Pandang": "Asia/Makassar",
  "Asia/Ulan_Bator": "Asia/Ulaanbaatar",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk"
}

/** A zone by its current name (`Asia/Calcutta` → `Asia/Kolkata`); any other name as it is. */
export const currentZoneName = (timeZone: string): string => CURRENT_NAMES[timeZone] ?? timeZone

const UTC_NAMES = new Set(["UTC", "Etc/UTC", "Etc/GMT", "GMT", "Etc/Universal", "Etc/Zulu", "Universal", "Zulu"])

/** `UTC-5` for a zone of no place (Etc/GMT+5 is five hours behind: POSIX signs), from its offset at `at`. */
const offsetName = (timeZone: string, at = 0): string => {
  let name = "GMT"
  try {
    name =
      new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
        .formatToParts(at)
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

/** `New York time` for `America/New_York`, by its current name (`Asia/Calcutta` → `Kolkata time`). */
export const zoneLabel = (timeZone: string): string => zonePlaceName(currentZoneName(timeZone))

/**
 * The zone by its canonical, current name when Intl knows it (`america/new_york` →
 * `America/New_York`, `Asia/Calcutta` → `Asia/Kolkata`), else null.
 */
export const canonicalZone = (timeZone: string): string | null => {
  try {
    return currentZoneName(new Intl.DateTimeFormat("en", { timeZone }).resolvedOptions().timeZone)
  } catch {
    return null
  }
}

/** ICU's name of `timeZone` at `at` in `locale`, in one style, or null when Intl has none. */
const icuZoneName = (
  timeZone: string,
  locale: string,
  style: "shortGeneric" | "longGeneric" | "long",
  at: number
): string | null => {
  try {
    return (
      new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style })
        .formatToParts(at)
        .find((p) => p.type === "timeZoneName")?.value ?? null
    )
  } catch {
    return null
  }
}

/** `GMT+0`, `GMT-05:00`: an offset, where ICU has no name; `CET`, `BRT`, `MEZ`: an abbreviation. */
const NOT_A_NAME = /^(GMT|UTC)([+-]\d|$)|^[A-Z]{2,5}$/

/**
 * The zone's name in `locale`'s language, for a time in a sentence of that language (the mails,
 * infrastructure/notify/readerTime.ts). English reads as the app has always named zones, by
 * place (`New York time`, zoneLabel). The others read ICU's names (Node's and the browsers'
 * CLDR), chosen for how each language names a zone:
 * - Spanish and Portuguese by place, ICU's generic location (`hora de Ciudad de México`,
 *   `Horário Nova York`), or the zone's generic name where ICU gives an abbreviation there
 *   (`CET` → `hora de Europa central`, `BRT` → `Horário Padrão de Brasília`);
 * - German by the zone's generic name (`Mitteleuropäische Zeit`, `Nordamerikanische
 *   Ostküstenzeit`), as German names zones; for a zone without one ICU falls back to a place in
 *   brackets (`Vereinigtes Königreich (Ortszeit)`), which would nest inside the mail's own: its
 *   name at that moment instead (`Mittlere Greenwich-Zeit`).
 * UTC, offsets and zones of no place read `UTC`, `UTC-5` in every language, and so does a zone ICU
 * names only by its offset at that moment (Antarctica/Troll in summer, German: `UTC+2`).
 */
export const zoneNameIn = (timeZone: string, locale: string, at: number): string => {
  const english = zoneLabel(timeZone)
  const language = locale.split("-")[0]?.toLowerCase()
  if (language === "en" || !english.endsWith(" time")) return english
  const zone = currentZoneName(timeZone)
  const named = (name: string | null): name is string => name !== null && !NOT_A_NAME.test(name)
  const place = icuZoneName(zone, locale, "shortGeneric", at)
  const generic = icuZoneName(zone, locale, "longGeneric", at)
  const specific = icuZoneName(zone, locale, "long", at)
  // where ICU has no name in the language, the offset at that moment, not the English place
  const offset = () => offsetName(zone, at)
  if (language === "de") {
    if (named(generic) && generic !== place) return generic
    return named(specific) ? specific : offset()
  }
  if (named(place)) return place
  if (named(generic)) return generic
  return named(specific) ? specific : offset()
}

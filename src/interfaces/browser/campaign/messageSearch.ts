// "Find a message" on a campaign's page: which messages a query finds, by words of the text or by
// date. Pure, so it is unit-tested (tests/unit/browser/messageSearch.test.ts). It reads the
// campaign's data, not the page: rows drawn only when on screen (content-visibility) are found too.

/** Lower case without accents: "Été" and "ete" meet. */
export const folded = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase()

/** A day a query names; year null when it names none ("1 Dec" is the 1st of December of any year). */
export interface NamedDay {
  readonly year: number | null
  /** 0–11 */
  readonly month: number
  readonly day: number
}

const monthNames = (() => {
  const names = new Map<string, number>()
  // the browser's language, and every language Herald is written in (its hints name months in them)
  for (const locale of [undefined, "en", "es", "pt-BR", "de"]) {
    for (const style of ["long", "short"] as const) {
      const format = new Intl.DateTimeFormat(locale, { month: style, timeZone: "UTC" })
      for (let month = 0; month < 12; month++) {
        const name = folded(format.format(Date.UTC(2026, month, 15))).replace(/\.$/, "")
        names.set(name, month)
        // "sept", "sep": any start of at least three letters of the name
        for (let n = 3; n < name.length; n++) if (!names.has(name.slice(0, n))) names.set(name.slice(0, n), month)
      }
    }
  }
  return names
})()

const valid = (year: number | null, month: number, day: number): NamedDay | null => {
  const check = new Date(Date.UTC(year ?? 2024, month, day))
  return month >= 0 && month < 12 && check.getUTCMonth() === month && check.getUTCDate() === day
    ? { year, month, day }
    : null
}

/**
 * The day a query names, or null: `2026-12-01`, `1 Dec`, `1 December 2026`, `Dec 1`, `December 1, 2026`
 * (month names in the viewer's language or English, whole or their first three letters or more).
 */
export const namedDay = (query: string): NamedDay | null => {
  const q = folded(query.trim()).replace(/[.,]/g, " ").replace(/\s+/g, " ").trim()
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(q)
  if (iso !== null) return valid(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]))
  const dayFirst = /^(\d{1,2}) (\p{L}+)(?: (\d{4}))?$/u.exec(q)
  if (dayFirst !== null) {
    const month = monthNames.get(dayFirst[2] ?? "")
    return month === undefined
      ? null
      : valid(dayFirst[3] === undefined ? null : Number(dayFirst[3]), month, Number(dayFirst[1]))
  }
  const monthFirst = /^(\p{L}+) (\d{1,2})(?: (\d{4}))?$/u.exec(q)
  if (monthFirst !== null) {
    const month = monthNames.get(monthFirst[1] ?? "")
    return month === undefined
      ? null
      : valid(monthFirst[3] === undefined ? null : Number(monthFirst[3]), month, Number(monthFirst[2]))
  }
  return null
}

/** Whether an instant falls on the named day, in the viewer's zone. */
const onDay = (ms: number, day: NamedDay): boolean => {
  const d = new Date(ms)
  return d.getDate() === day.day && d.getMonth() === day.month && (day.year === null || d.getFullYear() === day.year)
}

/**
 * A finder for one query: a message is found when the query names a day it goes out on, or when
 * every word of the query is in its text (or its poll's answers, or its file's name), case and
 * accents aside. An empty query finds every message.
 */
export const messageFinder = (query: string) => {
  const day = namedDay(query)
  const words = folded(query)
    .split(/\s+/)
    .filter((w) => w !== "")
  return (m: {
    readonly content: string
    readonly scheduledAt: string
    readonly poll?: { readonly options: ReadonlyArray<string> } | null | undefined
    readonly media?: { readonly filename: string } | null | undefined
  }): boolean => {
    if (words.length === 0) return true
    if (day !== null && onDay(Date.parse(m.scheduledAt), day)) return true
    const text = folded([m.content, ...(m.poll?.options ?? []), m.media?.filename ?? ""].join("\n"))
    return words.every((w) => text.includes(w))
  }
}

import Papa from "papaparse"
import { readInZone } from "../campaign/zonedTime.ts"
import type { RecordedVote } from "./PollVotes.ts"
import { voterWords } from "./PollVotes.ts"

/** `2027-03-28 09:00` on the wall clock of `timeZone` (UTC when the zone is unknown). */
const wallClock = (epochMs: number, timeZone: string): string => {
  const local = readInZone(epochMs, timeZone)?.localTime ?? new Date(epochMs).toISOString()
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`
}

const FORMULA_START = /^[=@\t\r-]|^\+(?!\d+$)/

/**
 * A poll's results as CSV, one row per voter (earliest vote first): `Voter,Number,WhatsApp id,Choices,Voted
 * at (<zone>)` (the id: the number's `<digits>@c.us`, a hidden `<id>@lid`, or "me"), the choices joined by "; ", a vote Herald could not read as "(could not be read)", a
 * voter who took every choice back as "(no choice)". RFC 4180 quoting, and a cell a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR first) starts with a quote mark; a phone number
 * (`+` and digits alone) is a number to a spreadsheet, not a formula, and stays as it is.
 */
export const pollResultsCsv = (kept: ReadonlyArray<RecordedVote>, timeZone: string): string => {
  const votes = [...kept].sort((a, b) => a.votedAt - b.votedAt || (a.voter < b.voter ? -1 : 1))
  const rows = votes.map((vote) => {
    const who = voterWords(vote)
    return [
      who.name,
      who.number ?? "",
      vote.voter,
      vote.readable ? (vote.options.length === 0 ? "(no choice)" : vote.options.join("; ")) : "(could not be read)",
      wallClock(vote.votedAt, timeZone)
    ]
  })
  const csv = Papa.unparse(
    { fields: ["Voter", "Number", "WhatsApp id", "Choices", `Voted at (${timeZone})`], data: rows },
    { escapeFormulae: FORMULA_START, newline: "\r\n" }
  )
  // every line ends with CRLF, the last too (Papa leaves it off when there are rows)
  return csv.endsWith("\r\n") ? csv : `${csv}\r\n`
}

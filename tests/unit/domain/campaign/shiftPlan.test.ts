import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { addDays, localDateOf, shiftPlan } from "../../../../src/domain/campaign/shiftPlan.ts"

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()

describe("shiftPlan: a plan moved to new dates", () => {
  it("the earliest lands on the start date; each keeps its time of day and its distance in days", () => {
    const plan = [
      { content: "b", scheduledAt: at("2027-01-12T18:30:00Z") },
      { content: "a", scheduledAt: at("2027-01-10T09:00:00Z") },
      { content: "c", scheduledAt: at("2027-01-10T09:00:01Z") }
    ]
    const shifted = shiftPlan(plan, "2027-02-01", "UTC")
    expect(shifted._tag).toBe("Shifted")
    if (shifted._tag !== "Shifted") return
    // same order as given, everything else kept
    expect(shifted.messages.map((m) => [m.content, iso(m.scheduledAt)])).toEqual([
      ["b", "2027-02-03T18:30:00.000Z"],
      ["a", "2027-02-01T09:00:00.000Z"],
      // a `*` sequence's second apart is kept
      ["c", "2027-02-01T09:00:01.000Z"]
    ])
  })

  it("across a daylight-saving change, 09:00 stays 09:00 on the wall clock (not 24 h later)", () => {
    // Berlin: +01:00 until 2027-03-28 02:00, then +02:00
    const plan = [
      { scheduledAt: at("2027-01-25T08:00:00Z") }, // Mon 09:00 +01:00
      { scheduledAt: at("2027-01-26T08:00:00Z") } // Tue 09:00 +01:00
    ]
    const shifted = shiftPlan(plan, "2027-03-27", "Europe/Berlin")
    if (shifted._tag !== "Shifted") throw new Error(JSON.stringify(shifted))
    expect(shifted.messages.map((m) => iso(m.scheduledAt))).toEqual([
      "2027-03-27T08:00:00.000Z", // 09:00 +01:00
      "2027-03-28T07:00:00.000Z" // 09:00 +02:00, 23 h later
    ])
  })

  it("a time in the spring-forward gap moves forward by the gap, as a recurrence does", () => {
    const shifted = shiftPlan([{ scheduledAt: at("2027-01-10T01:30:00Z") }], "2027-03-28", "Europe/Berlin")
    if (shifted._tag !== "Shifted") throw new Error(JSON.stringify(shifted))
    // 02:30 does not exist on 2027-03-28 in Berlin: 03:30 +02:00
    expect(iso(shifted.messages[0]!.scheduledAt)).toBe("2027-03-28T01:30:00.000Z")
  })

  it("over a month end and a leap day: calendar days, not months", () => {
    const plan = [{ scheduledAt: at("2027-05-01T10:00:00Z") }, { scheduledAt: at("2027-05-03T10:00:00Z") }]
    const shifted = shiftPlan(plan, "2028-02-28", "UTC")
    if (shifted._tag !== "Shifted") throw new Error(JSON.stringify(shifted))
    expect(shifted.messages.map((m) => iso(m.scheduledAt))).toEqual([
      "2028-02-28T10:00:00.000Z",
      "2028-03-01T10:00:00.000Z" // 2028-02-29 lies between
    ])
  })

  it("dates are read in the zone given: 23:30 in New York is the day before in UTC", () => {
    const plan = [{ scheduledAt: at("2027-06-02T03:30:00Z") }] // 2027-06-01 23:30 -04:00
    const shifted = shiftPlan(plan, "2027-07-10", "America/New_York")
    if (shifted._tag !== "Shifted") throw new Error(JSON.stringify(shifted))
    expect(iso(shifted.messages[0]!.scheduledAt)).toBe("2027-07-11T03:30:00.000Z")
  })

  it("refuses a date that does not exist and an unknown zone; an empty plan stays empty", () => {
    expect(shiftPlan([{ scheduledAt: 0 }], "2027-02-30", "UTC")).toEqual({
      _tag: "Invalid",
      problem: { _tag: "InvalidDate", value: "2027-02-30" }
    })
    expect(shiftPlan([{ scheduledAt: 0 }], "2027-02-01", "Mars/Base")).toEqual({
      _tag: "Invalid",
      problem: { _tag: "UnknownTimeZone", value: "Mars/Base" }
    })
    expect(shiftPlan([], "2027-02-01", "UTC")).toEqual({ _tag: "Shifted", messages: [] })
  })

  it("property: every message keeps its wall-clock time and day distance (Paris, any dates)", () => {
    const day = fc.integer({ min: 0, max: 3_000 })
    const minuteOfDay = fc.integer({ min: 0, max: 24 * 60 - 1 }).filter((m) => m >= 180) // clear of Paris 02:00–03:00, which DST skips or repeats
    fc.assert(
      fc.property(fc.array(fc.tuple(day, minuteOfDay), { minLength: 1, maxLength: 8 }), day, (messages, startDay) => {
        const base = at("2026-01-01T00:00:00Z")
        const plan = messages.map(([d, m]) => ({ scheduledAt: base + d * 86_400_000 + m * 60_000 }))
        const start = addDays("2030-01-01", startDay) ?? ""
        const shifted = shiftPlan(plan, start, "Europe/Paris")
        if (shifted._tag !== "Shifted") return false
        const wall = (ms: number) =>
          new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" }).format(ms)
        const dates = plan.map((m) => localDateOf(m.scheduledAt, "Europe/Paris") ?? "")
        const first = [...dates].sort()[0] ?? ""
        const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000
        return shifted.messages.every((m, i) => {
          const newDate = localDateOf(m.scheduledAt, "Europe/Paris") ?? ""
          return (
            wall(m.scheduledAt) === wall(plan[i]!.scheduledAt) && days(start, newDate) === days(first, dates[i] ?? "")
          )
        })
      })
    )
  })
})

describe("localDateOf, addDays", () => {
  it("the local date in a zone, and calendar days added", () => {
    expect(localDateOf(at("2027-06-02T03:30:00Z"), "America/New_York")).toBe("2027-06-01")
    expect(localDateOf(0, "Mars/Base")).toBeNull()
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01")
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29")
    expect(addDays("nope", 1)).toBeNull()
  })
})

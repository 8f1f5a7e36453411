import { describe, expect, it } from "vitest"
import type { Frequency, Recurrence } from "../../../../src/domain/campaign/Recurrence.ts"
import { FREQUENCIES, isFrequency, planRecurrence, withDaysLeft } from "../../../../src/domain/campaign/Recurrence.ts"

const recurrence = (overrides: Partial<Recurrence> = {}): Recurrence => ({
  startDate: "2026-03-01",
  endDate: "2026-03-01",
  sendTime: "09:00",
  timeZone: "UTC",
  frequency: "ONCE",
  template: "hello",
  isFreeForm: true,
  ...overrides
})

const plan = (overrides: Partial<Recurrence> = {}, header = "Title") => {
  const result = planRecurrence(recurrence(overrides), header)
  if (result._tag !== "Planned") throw new Error(`not planned: ${JSON.stringify(result.problem)}`)
  return result.messages
}
const times = (overrides: Partial<Recurrence>) => plan(overrides).map((m) => new Date(m.scheduledAt).toISOString())

describe("recurrence across daylight saving time", () => {
  it.each([
    // zone, the three days around the change, sendTime, expected UTC instants
    [
      "Europe/Berlin",
      "2026-03-28",
      "2026-03-30",
      "09:00",
      ["2026-03-28T08:00:00.000Z", "2026-03-29T07:00:00.000Z", "2026-03-30T07:00:00.000Z"]
    ],
    [
      "Europe/Berlin",
      "2026-10-24",
      "2026-10-26",
      "09:00",
      ["2026-10-24T07:00:00.000Z", "2026-10-25T08:00:00.000Z", "2026-10-26T08:00:00.000Z"]
    ],
    [
      "America/Chicago",
      "2026-03-07",
      "2026-03-09",
      "09:00",
      ["2026-03-07T15:00:00.000Z", "2026-03-08T14:00:00.000Z", "2026-03-09T14:00:00.000Z"]
    ],
    [
      "America/Chicago",
      "2026-10-31",
      "2026-11-02",
      "09:00",
      ["2026-10-31T14:00:00.000Z", "2026-11-01T15:00:00.000Z", "2026-11-02T15:00:00.000Z"]
    ],
    // 02:30 does not exist on the spring-forward day: sent at 03:30 local (as far past the gap as it was into it)
    [
      "Europe/Berlin",
      "2026-03-28",
      "2026-03-30",
      "02:30",
      ["2026-03-28T01:30:00.000Z", "2026-03-29T01:30:00.000Z", "2026-03-30T00:30:00.000Z"]
    ],
    [
      "America/Chicago",
      "2026-03-07",
      "2026-03-09",
      "02:30",
      ["2026-03-07T08:30:00.000Z", "2026-03-08T08:30:00.000Z", "2026-03-09T07:30:00.000Z"]
    ],
    // 02:30 happens twice on the fall-back day in Berlin (01:30 in Chicago): the first one
    [
      "Europe/Berlin",
      "2026-10-24",
      "2026-10-26",
      "02:30",
      ["2026-10-24T00:30:00.000Z", "2026-10-25T00:30:00.000Z", "2026-10-26T01:30:00.000Z"]
    ],
    [
      "America/Chicago",
      "2026-10-31",
      "2026-11-02",
      "01:30",
      ["2026-10-31T06:30:00.000Z", "2026-11-01T06:30:00.000Z", "2026-11-02T07:30:00.000Z"]
    ]
  ])("%s %s..%s at %s local", (timeZone, startDate, endDate, sendTime, expected) => {
    expect(times({ timeZone, startDate, endDate, sendTime, frequency: "DAILY" })).toEqual(expected)
  })
})

describe("recurrence dates per frequency", () => {
  it.each<[Frequency, string, string, Array<string>]>([
    ["ONCE", "2026-01-31", "2026-12-31", ["2026-01-31"]],
    ["DAILY", "2026-02-27", "2026-03-02", ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]],
    ["WEEKLY", "2026-01-01", "2026-01-29", ["2026-01-01", "2026-01-08", "2026-01-15", "2026-01-22", "2026-01-29"]],
    [
      "SEMI_MONTHLY",
      "2026-01-10",
      "2026-03-10",
      ["2026-01-10", "2026-01-25", "2026-02-10", "2026-02-25", "2026-03-10"]
    ],
    [
      "SEMI_MONTHLY",
      "2026-01-31",
      "2026-03-31",
      ["2026-01-31", "2026-02-16", "2026-02-28", "2026-03-16", "2026-03-31"]
    ],
    ["MONTHLY", "2026-01-31", "2026-05-31", ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]],
    ["SEMI_ANNUALLY", "2026-08-31", "2027-08-31", ["2026-08-31", "2027-02-28", "2027-08-31"]],
    ["ANNUALLY", "2028-02-29", "2030-03-01", ["2028-02-29", "2029-02-28", "2030-02-28"]]
  ])("%s from %s to %s", (frequency, startDate, endDate, expected) => {
    expect(times({ frequency, startDate, endDate }).map((t) => t.slice(0, 10))).toEqual(expected)
  })
})

describe("recurrence templates", () => {
  it("replaces {days_left} with the days to endDate (a 'days' after it agrees: '1 day') and puts the title header on each occurrence", () => {
    const messages = plan(
      {
        frequency: "DAILY",
        startDate: "2026-05-01",
        endDate: "2026-05-03",
        template: "{days_left} days to go ({days_left})",
        isFreeForm: false
      },
      "Launch"
    )
    expect(messages.map((m) => m.content)).toEqual([
      "*Launch*\n2 days to go (2)",
      "*Launch*\n1 day to go (1)",
      "*Launch*\n0 days to go (0)"
    ])
  })

  it("{days_left} days / day: the word follows the English plural rule; other words and a bare number are left alone", () => {
    expect(withDaysLeft("Only {days_left} days left", 1)).toBe("Only 1 day left")
    expect(withDaysLeft("Only {days_left} day left", 3)).toBe("Only 3 days left")
    expect(withDaysLeft("{days_left} days, {days_left} day.", 0)).toBe("0 days, 0 days.")
    expect(withDaysLeft("{days_left} daysy; {days_left}!", 1)).toBe("1 daysy; 1!")
    expect(withDaysLeft("in {days_left} weeks", 1)).toBe("in 1 weeks")
  })

  it("splits the template at * into messages sent in order a second apart; the header only on the first", () => {
    const messages = plan({ template: "first * second *  * third", isFreeForm: false }, "Title")
    expect(messages.map((m) => m.content)).toEqual(["*Title*\nfirst", "second", "third"])
    expect(messages.map((m) => m.scheduledAt - messages[0]!.scheduledAt)).toEqual([0, 1_000, 2_000])
  })

  it("a line holding only --- splits the template into messages a second apart; the header only on the first", () => {
    const messages = plan(
      {
        template: "first\n---\nsecond, {days_left} left\n  ---  \n\n---\nthird\nline two",
        splitMarker: "---",
        isFreeForm: false
      },
      "Title"
    )
    expect(messages.map((m) => m.content)).toEqual(["*Title*\nfirst", "second, 0 left", "third\nline two"])
    expect(messages.map((m) => m.scheduledAt - messages[0]!.scheduledAt)).toEqual([0, 1_000, 2_000])
  })

  it("with ---, WhatsApp's *bold*, _italic_ and ~strike~ stay whole in one message", () => {
    const template = "Remember: *bring your boots* and water.\n_Rain_ or ~shine~ * we go"
    expect(plan({ template, splitMarker: "---", isFreeForm: false }, "Hike").map((m) => m.content)).toEqual([
      `*Hike*\n${template}`
    ])
  })

  it.each<[string, Array<string>]>([
    // not a line of its own, or more than ---: text
    ["a --- b", ["a --- b"]],
    ["a\n----\nb", ["a\n----\nb"]],
    ["a\n--- b\nc", ["a\n--- b\nc"]],
    // a template typed with Windows line ends
    ["a\r\n---\r\nb", ["a", "b"]],
    // markers at either end add no empty message
    ["---\na\n---", ["a"]]
  ])("--- splits only on a line of its own: %j", (template, expected) => {
    expect(plan({ template, splitMarker: "---" }).map((m) => m.content)).toEqual(expected)
  })

  it("a template without a marker (written before ---) splits at * as it did: same messages, same times", () => {
    const old = { template: "Remember: *bring your boots* and water.", isFreeForm: false } as const
    const before = ["*Hike*\nRemember:", "bring your boots", "and water."]
    expect(plan(old, "Hike").map((m) => m.content)).toEqual(before)
    expect(plan({ ...old, splitMarker: "*" }, "Hike")).toEqual(plan(old, "Hike"))
    // and --- is text there
    expect(plan({ template: "a\n---\nb" }).map((m) => m.content)).toEqual(["a\n---\nb"])
  })

  it("a template of only markers is empty under either rule", () => {
    expect(planRecurrence(recurrence({ template: " * * " }), "T")).toMatchObject({
      _tag: "Invalid",
      problem: { _tag: "EmptyTemplate" }
    })
    expect(planRecurrence(recurrence({ template: "---\n \n---", splitMarker: "---" }), "T")).toMatchObject({
      _tag: "Invalid",
      problem: { _tag: "EmptyTemplate" }
    })
  })

  it("free-form campaigns carry no header", () => {
    expect(plan({ isFreeForm: true }, "Title").map((m) => m.content)).toEqual(["hello"])
  })
})

describe("invalid recurrences", () => {
  it.each<[Partial<Recurrence>, string]>([
    [{ startDate: "2026-02-30" }, "InvalidDate"],
    [{ endDate: "01/03/2026" }, "InvalidDate"],
    [{ startDate: "2026-03-02", endDate: "2026-03-01" }, "EndBeforeStart"],
    [{ sendTime: "24:00" }, "InvalidSendTime"],
    [{ sendTime: "9:00" }, "InvalidSendTime"],
    [{ timeZone: "Mars/Olympus" }, "UnknownTimeZone"],
    [{ template: " * * " }, "EmptyTemplate"]
  ])("%j → %s", (overrides, tag) => {
    expect(planRecurrence(recurrence(overrides), "T")).toMatchObject({ _tag: "Invalid", problem: { _tag: tag } })
  })

  it("a plan beyond the bound is refused without being built (8000 years of days, 2048 parts)", () => {
    const huge = recurrence({
      startDate: "2027-01-01",
      endDate: "9999-12-31",
      frequency: "DAILY",
      template: Array.from({ length: 2048 }, () => "a").join("*")
    })
    expect(planRecurrence(huge, "T", 4_000)).toEqual({
      _tag: "Invalid",
      problem: { _tag: "TooManyMessages", max: 4_000 }
    })
    expect(
      planRecurrence(recurrence({ startDate: "2027-01-01", endDate: "2027-01-10", frequency: "DAILY" }), "T", 10)._tag
    ).toBe("Planned")
    expect(
      planRecurrence(recurrence({ startDate: "2027-01-01", endDate: "2027-01-11", frequency: "DAILY" }), "T", 10)._tag
    ).toBe("Invalid")
  })
})

describe("isFrequency", () => {
  it("accepts the frequencies and nothing else", () => {
    for (const f of FREQUENCIES) expect(isFrequency(f)).toBe(true)
    for (const other of ["", "daily", "HOURLY", "DAILY "]) expect(isFrequency(other)).toBe(false)
  })
})

import "../../support/englishWords.ts"
import { describe, expect, it } from "vitest"
import type { PlanForm } from "../../../src/interfaces/browser/campaign/planInput.ts"
import {
  buildPlan,
  characterCount,
  defaultStart,
  emptyForm,
  inputKey,
  instantOf,
  newPoll,
  newRow,
  targetError
} from "../../../src/interfaces/browser/campaign/planInput.ts"

const TARGET = { groupId: "1@g.us", groupName: "Choir" }
const form = (change: Partial<PlanForm> = {}): PlanForm => ({
  ...emptyForm("Europe/Paris", "2027-03-27"),
  targets: [TARGET],
  ...change
})

describe("instantOf: a wall-clock date and time in a zone", () => {
  it("follows the zone's offset of that day (Paris, either side of the spring change)", () => {
    expect(instantOf("2027-03-27", "09:00", "Europe/Paris")).toBe("2027-03-27T08:00:00.000Z")
    expect(instantOf("2027-03-28", "09:00", "Europe/Paris")).toBe("2027-03-28T07:00:00.000Z")
    expect(instantOf("2027-10-31", "09:00", "Europe/Paris")).toBe("2027-10-31T08:00:00.000Z")
  })
  it("a time in the spring-forward gap moves forward by the gap; a repeated one is the first (as a recurrence)", () => {
    expect(instantOf("2027-03-28", "02:30", "Europe/Paris")).toBe("2027-03-28T01:30:00.000Z")
    expect(instantOf("2027-10-31", "02:30", "Europe/Paris")).toBe("2027-10-31T00:30:00.000Z")
  })
  it("unreadable dates, times or zones give null", () => {
    expect(instantOf("", "09:00", "UTC")).toBeNull()
    expect(instantOf("2027-02-30", "09:00", "UTC")).toBeNull()
    expect(instantOf("2027-02-01", "9:00", "UTC")).toBeNull()
    expect(instantOf("2027-02-01", "09:00", "Mars/Base")).toBeNull()
  })
})

describe("buildPlan: the form as campaign.create / campaign.preview input", () => {
  it("one-off rows become instants in the campaign's zone, in row order; preview also carries the zone", () => {
    const built = buildPlan(
      "s1",
      form({
        mode: "messages",
        title: "  Rehearsal ",
        rows: [
          { ...newRow("2027-03-28", "09:00"), content: "b" },
          { ...newRow("2027-03-27", "09:00"), content: "a" }
        ]
      })
    )
    expect(built).toEqual({
      ok: true,
      create: {
        sessionName: "s1",
        ...TARGET,
        title: "Rehearsal",
        messages: [
          { content: "b", scheduledAt: "2027-03-28T07:00:00.000Z" },
          { content: "a", scheduledAt: "2027-03-27T08:00:00.000Z" }
        ],
        timeZone: "Europe/Paris"
      },
      preview: expect.objectContaining({ timeZone: "Europe/Paris", title: "Rehearsal" })
    })
  })

  it("a recurrence travels as it is, in the form's zone, split at --- lines; no title is no title field; ONCE ends on its start date", () => {
    const recurrence = {
      startDate: "2027-03-27",
      endDate: "2027-04-02",
      sendTime: "09:00",
      frequency: "DAILY" as const,
      template: "{days_left} *x*\n---\ny",
      isFreeForm: true
    }
    const built = buildPlan("s1", form({ recurrence }))
    expect(built.ok && built.create).toEqual({
      sessionName: "s1",
      ...TARGET,
      // the form's templates are always of the --- rule: its * is WhatsApp's bold
      recurrence: { ...recurrence, timeZone: "Europe/Paris", splitMarker: "---" }
    })
    const once = buildPlan("s1", form({ recurrence: { ...recurrence, frequency: "ONCE" } }))
    expect(once.ok && once.create.recurrence?.endDate).toBe("2027-03-27")
  })

  it("Mention everyone ticked travels as mentionAll: true in create and preview, for either kind; unticked, not at all", () => {
    const rows = [{ ...newRow("2027-03-28", "09:00"), content: "b" }]
    const oneOff = buildPlan("s1", form({ mode: "messages", rows, mentionAll: true }))
    expect(oneOff.ok && oneOff.create.mentionAll).toBe(true)
    expect(oneOff.ok && oneOff.preview.mentionAll).toBe(true)
    const repeating = buildPlan("s1", form({ mentionAll: true }))
    expect(repeating.ok && repeating.create.mentionAll).toBe(true)
    const plain = buildPlan("s1", form({ mode: "messages", rows }))
    expect(plain.ok && "mentionAll" in plain.create).toBe(false)
    // a preview of the plan without it is not a preview of the plan with it
    expect(oneOff.ok && plain.ok && inputKey(oneOff.preview) !== inputKey(plain.preview)).toBe(true)
  })

  it("a text's own mention travels when the campaign's box is off; with the box on, a poll says it does not mention", () => {
    const rows = [
      { ...newRow("2027-03-28", "09:00"), content: "all of you", mentionAll: true },
      { ...newRow("2027-03-28", "10:00"), content: "quiet" },
      { ...newRow("2027-03-28", "11:00"), content: "Lunch?", poll: { options: ["a", "b"], multipleAnswers: false } }
    ]
    const own = buildPlan("s1", form({ mode: "messages", rows }))
    expect(own.ok && own.create.messages?.map((m) => m.mentionAll)).toEqual([true, undefined, undefined])
    const box = buildPlan("s1", form({ mode: "messages", rows, mentionAll: true }))
    expect(box.ok && box.create.mentionAll).toBe(true)
    expect(box.ok && box.create.messages?.map((m) => m.mentionAll)).toEqual([undefined, undefined, false])
  })

  it("rows at the same minute go a second apart, in the form's order", () => {
    const rows = ["first", "second", "third"].map((content) => ({ ...newRow("2027-03-28", "09:00"), content }))
    const built = buildPlan(
      "s1",
      form({ mode: "messages", rows: [...rows, { ...newRow("2027-03-28", "09:01"), content: "later" }] })
    )
    expect(built.ok && built.create.messages?.map((m) => m.scheduledAt)).toEqual([
      "2027-03-28T07:00:00.000Z",
      "2027-03-28T07:00:01.000Z",
      "2027-03-28T07:00:02.000Z",
      "2027-03-28T07:01:00.000Z"
    ])
  })

  it("a row made a poll travels with its options and multipleAnswers; a text row has no poll", () => {
    const rows = [
      {
        ...newRow("2027-03-28", "09:00"),
        content: "Lunch?",
        poll: { options: ["Pizza", "Sushi"], multipleAnswers: true }
      },
      { ...newRow("2027-03-28", "10:00"), content: "text" }
    ]
    const built = buildPlan("s1", form({ mode: "messages", rows }))
    expect(built.ok && built.create.messages?.map((m) => m.poll)).toEqual([
      { options: ["Pizza", "Sushi"], multipleAnswers: true },
      undefined
    ])
    expect(built.ok && built.create.messages?.[1] && "poll" in built.create.messages[1]).toBe(false)
    expect(built.ok && built.preview.messages?.[0]?.poll).toEqual({
      options: ["Pizza", "Sushi"],
      multipleAnswers: true
    })
    // a preview of other options is not a preview of these
    const other = buildPlan(
      "s1",
      form({
        mode: "messages",
        rows: [{ ...rows[0]!, poll: { options: ["Pizza", "Tacos"], multipleAnswers: true } }, rows[1]!]
      })
    )
    expect(built.ok && other.ok && inputKey(built.preview) !== inputKey(other.preview)).toBe(true)
    expect(newPoll()).toEqual({ options: ["", ""], multipleAnswers: false })
  })

  it("what is missing is named by the server's field paths", () => {
    const built = buildPlan("s1", form({ targets: [], mode: "messages", rows: [newRow("2027-03-27"), newRow("", "")] }))
    expect(built).toEqual({
      ok: false,
      errors: {
        groupId: "Choose a group or contact, or your Status.",
        "messages.1.scheduledAt": "Choose a date and a time."
      }
    })
    expect(buildPlan("s1", form({ mode: "messages", rows: [] }))).toEqual({
      ok: false,
      errors: { messages: "Add at least one message." }
    })
    const recurrence = buildPlan("s1", form({ recurrence: { ...form().recurrence, startDate: "", sendTime: "" } }))
    expect(recurrence.ok ? [] : Object.keys(recurrence.errors)).toEqual(["recurrence.startDate", "recurrence.sendTime"])
  })

  it("text a date or time field could not read is named at that field, and nothing is sent", () => {
    const recurrence = buildPlan(
      "s1",
      form({ recurrence: { ...form().recurrence, startDate: "31.02.2027", sendTime: "halb zehn" } })
    )
    expect(recurrence.ok ? {} : recurrence.errors).toEqual({
      "recurrence.startDate": "Herald cannot read “31.02.2027” as a date. Write it like 12/31/2026.",
      "recurrence.sendTime": "Herald cannot read “halb zehn” as a time. Write it like 9:30 PM."
    })
    const rows = buildPlan("s1", form({ mode: "messages", rows: [{ ...newRow("2027-03-27", "25:00"), content: "a" }] }))
    expect(rows.ok ? {} : rows.errors).toEqual({
      "messages.0.time": "Herald cannot read “25:00” as a time. Write it like 9:30 PM."
    })
  })

  it("the key of a preview changes with any input, not with row keys", () => {
    const a = buildPlan("s1", form())
    const b = buildPlan("s1", form({ title: "t" }))
    const c = buildPlan("s1", form())
    if (!a.ok || !b.ok || !c.ok) throw new Error("expected plans")
    expect(inputKey(a.preview)).not.toBe(inputKey(b.preview))
    expect(inputKey(a.preview)).toBe(inputKey(c.preview))
  })
})

describe("small readings", () => {
  it("several groups are sent as targets, in the order chosen; one as groupId and groupName", () => {
    const club = { groupId: "2@g.us", groupName: "Club" }
    const built = buildPlan("alice", form({ targets: [TARGET, club], mode: "messages" }))
    expect(built.ok && built.create).toMatchObject({ targets: [TARGET, club] })
    expect(built.ok && "groupId" in built.create).toBe(false)
    const one = buildPlan("alice", form({ mode: "messages" }))
    expect(one.ok && one.create).toMatchObject(TARGET)
    expect(one.ok && "targets" in one.create).toBe(false)
  })

  it("the Status goes after the groups as a target with its look and audience; alone it is the one target", () => {
    const status = {
      backgroundColor: "#ff8800",
      font: 6,
      audience: "chosen" as const,
      contacts: [{ groupId: "4915112345678@c.us", groupName: "Ann" }]
    }
    const built = buildPlan("alice", form({ mode: "messages", statusPost: status }))
    expect(built.ok && built.create.targets).toEqual([
      TARGET,
      {
        groupId: "status@broadcast",
        groupName: "My Status",
        statusPost: { backgroundColor: "#ff8800", font: 6, contacts: ["4915112345678@c.us"] }
      }
    ])
    const alone = buildPlan(
      "alice",
      form({ mode: "messages", targets: [], statusPost: { ...status, audience: "all" } })
    )
    expect(alone.ok && alone.create.targets).toEqual([
      {
        groupId: "status@broadcast",
        groupName: "My Status",
        statusPost: { backgroundColor: "#ff8800", font: 6, contacts: null }
      }
    ])
    // chosen contacts, but none chosen: said before the server is asked
    const none = buildPlan("alice", form({ mode: "messages", statusPost: { ...status, contacts: [] } }))
    expect(none.ok === false && none.errors["targets.statusPost.contacts"]).toMatch(/Choose the contacts/)
  })

  it("the picker also stands for targets and each of them", () => {
    expect(targetError({ "targets.2.groupId": "twice" })).toBe("twice")
    expect(targetError({ targets: "too many" })).toBe("too many")
  })

  it("the picker stands for groupId and groupName", () => {
    expect(targetError({ groupName: "too long" })).toBe("too long")
    expect(targetError({ groupId: "a", groupName: "b" })).toBe("a")
    expect(targetError({})).toBeUndefined()
  })
  it("character count against 4096", () => {
    expect(characterCount("hello")).toEqual({ text: "5 / 4096", over: false })
    expect(characterCount("x".repeat(4097))).toEqual({ text: "4097 / 4096", over: true })
  })
})

describe("defaultStart: a new message's date and time, the next whole hour at least 15 minutes ahead", () => {
  const at = (iso: string) => new Date(iso)
  it("rounds up to the next whole hour 15 minutes away", () => {
    expect(defaultStart("UTC", at("2026-11-25T08:40:00Z"))).toEqual({ date: "2026-11-25", time: "09:00" })
    expect(defaultStart("UTC", at("2026-11-25T08:45:00Z"))).toEqual({ date: "2026-11-25", time: "09:00" })
    expect(defaultStart("UTC", at("2026-11-25T08:45:01Z"))).toEqual({ date: "2026-11-25", time: "10:00" })
    expect(defaultStart("UTC", at("2026-11-25T08:50:00Z"))).toEqual({ date: "2026-11-25", time: "10:00" })
  })
  it("reads the zone's wall clock, and goes to the next day near midnight", () => {
    // 23:30 and 23:50 in Paris (UTC+1)
    expect(defaultStart("Europe/Paris", at("2027-01-10T22:30:00Z"))).toEqual({ date: "2027-01-11", time: "00:00" })
    expect(defaultStart("Europe/Paris", at("2027-01-10T22:50:00Z"))).toEqual({ date: "2027-01-11", time: "01:00" })
    // 08:30 in Kolkata (UTC+05:30): 09:00 there, not a whole UTC hour
    expect(defaultStart("Asia/Kolkata", at("2026-11-25T03:00:00Z"))).toEqual({ date: "2026-11-25", time: "09:00" })
    // 22:10 on 24 November in Los Angeles, where it is already the 25th in UTC
    expect(defaultStart("America/Los_Angeles", at("2026-11-25T06:10:00Z"))).toEqual({
      date: "2026-11-24",
      time: "23:00"
    })
  })
  it("across daylight-saving changes: an hour skipped, an hour repeated", () => {
    // Paris 2027-03-28 01:30 CET: 02:00 does not exist, 03:00 CEST is the next whole hour
    expect(defaultStart("Europe/Paris", at("2027-03-28T00:30:00Z"))).toEqual({ date: "2027-03-28", time: "03:00" })
    expect(defaultStart("Europe/Paris", at("2027-03-28T00:50:00Z"))).toEqual({ date: "2027-03-28", time: "04:00" })
    // Paris 2027-10-31 01:50 CEST: "02:00" is read as the first (CEST) one, 10 minutes away; 03:00 CET
    expect(defaultStart("Europe/Paris", at("2027-10-30T23:50:00Z"))).toEqual({ date: "2027-10-31", time: "03:00" })
  })
  it("is always ahead by at least 15 minutes, read back as the form reads it", () => {
    for (let minute = 0; minute < 48 * 60; minute += 7) {
      const now = new Date(Date.UTC(2027, 2, 27, 12) + minute * 60_000)
      const start = defaultStart("Europe/Paris", now)
      const back = instantOf(start.date, start.time, "Europe/Paris")
      expect(Date.parse(back ?? "") - now.getTime()).toBeGreaterThanOrEqual(15 * 60_000)
      expect(Date.parse(back ?? "") - now.getTime()).toBeLessThanOrEqual(75 * 60_000 + 60 * 60_000)
    }
  })
  it("emptyForm starts its message and its repeating plan there", () => {
    const f = emptyForm("UTC", "2026-11-25", "10:00")
    expect(f.recurrence.sendTime).toBe("10:00")
    expect(f.rows[0]?.time).toBe("10:00")
    expect(f.recurrence.startDate).toBe("2026-11-25")
  })
})

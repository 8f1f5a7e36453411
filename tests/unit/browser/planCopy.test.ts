import "../../support/englishWords.ts"
import i18next from "i18next"
import { describe, expect, it } from "vitest"
import type { CopySource } from "../../../src/interfaces/browser/campaign/planCopy.ts"
import {
  copyForm,
  defaultCopyStart,
  firstRowDate,
  shiftFromBase,
  shiftRows,
  withImportedRows
} from "../../../src/interfaces/browser/campaign/planCopy.ts"
import { newRow } from "../../../src/interfaces/browser/campaign/planInput.ts"
import es from "../../../src/interfaces/browser/i18n/locales/es.json" with { type: "json" }

const message = (content: string, scheduledAt: string, more: Partial<CopySource["messages"][number]> = {}) => ({
  content,
  scheduledAt,
  status: "SCHEDULED",
  resendOf: null,
  mentionAll: false,
  poll: null,
  media: null,
  groupId: "1@g.us",
  ...more
})

// Berlin: +01:00 in winter, +02:00 from 2027-03-28
const source: CopySource = {
  title: "Rehearsals",
  madeUpTitle: null,
  targets: [{ groupId: "1@g.us", groupName: "Choir" }],
  messages: [
    message("Second", "2027-01-12T17:30:00.000Z", { mentionAll: true }), // Tue 18:30
    message("First", "2027-01-11T08:00:00.000Z", { mentionAll: true }), // Mon 09:00
    message("Deleted", "2027-01-11T09:00:00.000Z", { status: "DELETED" }),
    message("Again", "2027-01-13T09:00:00.000Z", { resendOf: "m1" }),
    message("Vote", "2027-01-13T08:00:00.000Z", { poll: { options: ["a", "b"], multipleAnswers: true } })
  ]
}

describe("a campaign copied into the new-campaign form", () => {
  it("its messages (not deleted, not resends) as rows in time order, from the start date, each at its wall-clock time", () => {
    const form = copyForm(source, "Europe/Berlin", "2027-03-27")
    expect(form).toMatchObject({
      targets: [{ groupId: "1@g.us", groupName: "Choir" }],
      title: "Rehearsals (copy)",
      mode: "messages",
      // every text mentioned everyone
      mentionAll: true
    })
    // across the spring change (2027-03-28): still 09:00 and 18:30
    expect(form.rows?.map((r) => [r.date, r.time, r.content, r.poll])).toEqual([
      ["2027-03-27", "09:00", "First", null],
      ["2027-03-28", "18:30", "Second", null],
      ["2027-03-29", "09:00", "Vote", { options: ["a", "b"], multipleAnswers: true }]
    ])
    expect(
      copyForm({ ...source, messages: [message("x", "2027-01-11T08:00:00.000Z")] }, "UTC", "2027-02-01").mentionAll
    ).toBe(false)
  })

  it("a made-up title is made up again (left empty), a written one gets '(copy)' in the reader's words", () => {
    const targets = [
      { groupId: "1@g.us", groupName: "نادي القراءة" },
      { groupId: "2@g.us", groupName: "Band" }
    ]
    const madeUp = { first: targets[0] ?? { groupId: "", groupName: "" }, more: 1 }
    expect(
      copyForm({ ...source, title: "نادي القراءة and 1 more", madeUpTitle: madeUp, targets }, "UTC", "2027-02-01").title
    ).toBe("")
    i18next.addResourceBundle("es", "translation", es)
    void i18next.changeLanguage("es")
    try {
      expect(copyForm(source, "UTC", "2027-02-01").title).toBe("Rehearsals (copia)")
    } finally {
      void i18next.changeLanguage("en")
    }
  })

  it("several groups: each message once (its copies per group are one row), every group kept; media and each text's own mention copied", () => {
    const photo = { id: "media-1", mimetype: "image/png", filename: "team.png", size: 10, kind: "image" as const }
    const form = copyForm(
      {
        title: "Two choirs",
        madeUpTitle: null,
        targets: [
          { groupId: "1@g.us", groupName: "Choir" },
          { groupId: "2@g.us", groupName: "Band" }
        ],
        messages: [
          message("Hello", "2027-01-11T08:00:00.000Z", { mentionAll: true }),
          message("Hello", "2027-01-11T08:00:00.000Z", { mentionAll: true, groupId: "2@g.us" }),
          message("Photo", "2027-01-12T08:00:00.000Z", { media: photo }),
          message("Photo", "2027-01-12T08:00:00.000Z", { media: photo, groupId: "2@g.us" }),
          // edited for one group only: a row of its own
          message("Photo!", "2027-01-12T08:00:00.000Z", { media: photo, groupId: "2@g.us" }),
          // planned twice for a group: twice in the copy
          message("Twice", "2027-01-13T08:00:00.000Z"),
          message("Twice", "2027-01-13T08:00:00.000Z"),
          message("Twice", "2027-01-13T08:00:00.000Z", { groupId: "2@g.us" }),
          message("Twice", "2027-01-13T08:00:00.000Z", { groupId: "2@g.us" })
        ]
      },
      "UTC",
      "2027-02-01"
    )
    expect(form.targets).toHaveLength(2)
    // not every text mentioned: the campaign's box is off and the one that did keeps its own
    expect(form.mentionAll).toBe(false)
    expect(form.rows?.map((r) => [r.date, r.time, r.content, r.mentionAll, r.media?.id ?? null])).toEqual([
      ["2027-02-01", "08:00", "Hello", true, null],
      ["2027-02-02", "08:00", "Photo", false, "media-1"],
      ["2027-02-02", "08:00", "Photo!", false, "media-1"],
      ["2027-02-03", "08:00", "Twice", false, null],
      ["2027-02-03", "08:00", "Twice", false, null]
    ])
  })

  it("starts by default on the first message's weekday, after today and after the original's own first date", () => {
    // first message: Monday 2027-01-11
    expect(defaultCopyStart(source, "Europe/Berlin", "2027-02-03")).toBe("2027-02-08") // a past campaign: next Monday
    expect(defaultCopyStart(source, "Europe/Berlin", "2027-02-07")).toBe("2027-02-08") // Sunday: tomorrow is Monday
    expect(defaultCopyStart(source, "Europe/Berlin", "2027-02-08")).toBe("2027-02-15") // Monday: next week's
    expect(defaultCopyStart(source, "Europe/Berlin", "2027-01-01")).toBe("2027-01-18") // still ahead: a week later
    expect(defaultCopyStart({ ...source, messages: [] }, "UTC", "2027-01-31")).toBe("2027-02-01")
  })

  it("the 'first message on' date moves every row; unreadable rows stay; the value is read from the rows", () => {
    const rows = [
      { ...newRow("2027-03-01", "18:30"), content: "b" },
      { ...newRow("2027-02-27", "09:00"), content: "a" },
      { ...newRow("", "09:00"), content: "undated" }
    ]
    expect(firstRowDate(rows, "Europe/Berlin")).toBe("2027-02-27")
    const moved = shiftRows(rows, "2027-03-27", "Europe/Berlin")
    expect(moved.map((r) => [r.date, r.time, r.content])).toEqual([
      ["2027-03-29", "18:30", "b"], // two days after, over the change and a month end
      ["2027-03-27", "09:00", "a"],
      ["", "09:00", "undated"]
    ])
    expect(moved.map((r) => r.key)).toEqual(rows.map((r) => r.key))
    expect(firstRowDate(moved, "Europe/Berlin")).toBe("2027-03-27")
    expect(shiftRows(rows, "", "Europe/Berlin")).toBe(rows)
    expect(firstRowDate([newRow("", "")], "UTC")).toBeNull()
  })

  it("rows of an imported file are added after the form's own; an untouched empty row gives way", () => {
    const own = { ...newRow("2027-02-01", "09:00"), content: "mine" }
    const blank = newRow("2027-02-01", "09:00")
    const imported = [{ date: "2027-02-02", time: "02:30", content: "from the file" }]
    expect(withImportedRows([own, blank], imported).map((r) => [r.date, r.time, r.content])).toEqual([
      ["2027-02-01", "09:00", "mine"],
      ["2027-02-02", "02:30", "from the file"]
    ])
    expect(withImportedRows([blank], imported)).toHaveLength(1)
  })
})

describe("the copy's first-on date moves the rows from where they were, not from its last move", () => {
  it("a year typed on the way through a clock change (Berlin, 31 March 2002) leaves 02:30 at 02:30", () => {
    const rows = [{ ...newRow("2026-03-31", "02:30"), content: "a" }]
    // typed year by year: 2002's 31 March has no 02:30 (the clocks went forward), 2027's has
    const via = shiftFromBase(rows, null, "2002-03-31", "Europe/Berlin")
    expect(via.rows.map((r) => [r.date, r.time])).toEqual([["2002-03-31", "03:30"]])
    const done = shiftFromBase(via.rows, via.memo, "2027-03-31", "Europe/Berlin")
    expect(done.rows.map((r) => [r.date, r.time])).toEqual([["2027-03-31", "02:30"]])
  })

  it("rows edited since its last move are the new base", () => {
    const rows = [{ ...newRow("2026-03-30", "09:00"), content: "a" }]
    const moved = shiftFromBase(rows, null, "2026-04-06", "Europe/Berlin")
    const edited = [{ ...moved.rows[0]!, time: "10:00" }]
    expect(shiftFromBase(edited, moved.memo, "2026-04-13", "Europe/Berlin").rows.map((r) => r.time)).toEqual(["10:00"])
  })
})

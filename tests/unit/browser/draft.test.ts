import "../../support/englishWords.ts"
import { describe, expect, it } from "vitest"
import {
  DRAFT_VERSION,
  decodeDraft,
  draftKey,
  encodeDraft,
  mediaOf,
  savedAtText
} from "../../../src/interfaces/browser/campaign/draft.ts"
import type { PlanForm } from "../../../src/interfaces/browser/campaign/planInput.ts"
import { emptyForm, newPoll, newRow } from "../../../src/interfaces/browser/campaign/planInput.ts"

const IMAGE = { id: "m-1", mimetype: "image/png", filename: "team.png", size: 70, kind: "image" as const }

const form = (): PlanForm => ({
  ...emptyForm("Europe/Paris", "2027-03-27"),
  targets: [{ groupId: "1@g.us", groupName: "Choir" }],
  title: "Rehearsals",
  mode: "messages",
  rows: [
    { ...newRow("2027-03-27", "10:00"), content: "Bring music", media: IMAGE },
    { ...newRow("2027-03-28", "11:00"), content: "Which day?", poll: { ...newPoll(), options: ["Mon", "Tue"] } }
  ],
  mentionAll: true
})

/** The form without the rows' React keys, which are made again on reading. */
const withoutKeys = (f: PlanForm) => ({ ...f, rows: f.rows.map(({ key: _key, ...row }) => row) })

describe("the new-campaign draft as kept in the browser", () => {
  it("reads back what was written: every field, the rows with new keys of their own", () => {
    const kept = form()
    const read = decodeDraft(encodeDraft({ savedAt: 1_800_000_000_000, copy: true, form: kept }))
    expect(read?.savedAt).toBe(1_800_000_000_000)
    expect(read?.copy).toBe(true)
    expect(read === null ? null : withoutKeys(read.form)).toEqual(withoutKeys(kept))
    const keys = read?.form.rows.map((r) => r.key) ?? []
    expect(new Set(keys).size).toBe(2)
    for (const key of keys) expect(kept.rows.map((r) => r.key)).not.toContain(key)
  })

  it("is kept per user", () => {
    expect(draftKey("u1")).not.toBe(draftKey("u2"))
  })

  it("drops what it cannot read as this version's: nothing, bad JSON, another version, a wrong shape", () => {
    const good = JSON.parse(encodeDraft({ savedAt: 1, copy: false, form: form() }))
    expect(decodeDraft(null)).toBeNull()
    expect(decodeDraft("{not json")).toBeNull()
    expect(decodeDraft("null")).toBeNull()
    expect(decodeDraft(JSON.stringify({ ...good, version: DRAFT_VERSION - 1 }))).toBeNull()
    expect(decodeDraft(JSON.stringify({ ...good, version: DRAFT_VERSION + 1 }))).toBeNull()
    expect(decodeDraft(JSON.stringify({ ...good, form: { ...good.form, mode: "sometimes" } }))).toBeNull()
    expect(
      decodeDraft(
        JSON.stringify({
          ...good,
          form: { ...good.form, recurrence: { ...good.form.recurrence, frequency: "HOURLY" } }
        })
      )
    ).toBeNull()
    expect(decodeDraft(JSON.stringify({ ...good, form: { ...good.form, rows: [{ date: "2027-03-27" }] } }))).toBeNull()
    expect(decodeDraft(JSON.stringify({ ...good, savedAt: "yesterday" }))).toBeNull()
    expect(decodeDraft(JSON.stringify(good))).not.toBeNull()
  })

  it("lists the uploads a form refers to, once each", () => {
    const f = form()
    const twice = { ...f, rows: [...f.rows, { ...newRow("2027-03-29"), media: IMAGE }] }
    expect(mediaOf(twice)).toEqual([IMAGE])
    expect(mediaOf(emptyForm("UTC", "2027-03-27"))).toEqual([])
  })

  it("says when it was saved in the viewer's zone and clock, with the date on another day", () => {
    const at = Date.parse("2027-03-27T09:42:00Z")
    const sameDay = new Date("2027-03-27T15:00:00Z")
    expect(savedAtText(at, "Europe/Paris", "en-GB", sameDay)).toBe("10:42")
    expect(savedAtText(at, "Europe/Paris", "en-US", sameDay)).toBe("10:42 AM")
    expect(savedAtText(at, "Europe/Paris", "en-GB", new Date("2027-03-29T08:00:00Z"))).toBe("27 Mar, 10:42")
  })
})

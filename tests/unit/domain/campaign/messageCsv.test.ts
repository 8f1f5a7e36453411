import { describe, expect, it } from "vitest"
import { MAX_CONTENT_LENGTH, MAX_MESSAGES_PER_CAMPAIGN } from "../../../../src/domain/campaign/CampaignLimits.ts"
import { parseMessageCsv } from "../../../../src/domain/campaign/messageCsv.ts"

const NOW = Date.parse("2027-01-01T00:00:00Z")
const read = (csv: string, zone = "Europe/Berlin") => parseMessageCsv(csv, zone, NOW)

describe("parseMessageCsv: one-off messages from a CSV file", () => {
  it("reads date, time, text in the zone, with an optional header; times on the zone's clock", () => {
    const withHeader = read("date,time,text\n2027-02-01,09:00,Rehearsal\n2027-07-01,9:05,Summer\n")
    expect(withHeader.problems).toEqual([])
    expect(withHeader.messages).toMatchObject([
      {
        line: 2,
        content: "Rehearsal",
        scheduledAt: Date.parse("2027-02-01T08:00:00Z"),
        localTime: "2027-02-01T09:00:00.000+01:00",
        date: "2027-02-01",
        time: "09:00",
        note: null
      },
      {
        line: 3,
        content: "Summer",
        scheduledAt: Date.parse("2027-07-01T07:05:00Z"),
        localTime: "2027-07-01T09:05:00.000+02:00",
        date: "2027-07-01",
        time: "09:05",
        note: null
      }
    ])
    // no header: the first row is a message; a header in other case, with blanks, is still one
    expect(read("2027-02-01,09:00,Rehearsal").messages.map((m) => m.line)).toEqual([1])
    expect(read(" Date , TIME ,Text\r\n2027-02-01,09:00,x").messages.map((m) => m.line)).toEqual([2])
  })

  it("RFC 4180: quoted commas, doubled quotes and line breaks; later rows keep their physical line numbers", () => {
    const csv = [
      "date,time,text",
      '2027-02-01,09:00,"Hello, all: ""bring music""',
      "and water",
      'see you"',
      "",
      "2027-02-02,09:00,bad time,extra",
      "2027-02-03,10:00,Last"
    ].join("\r\n")
    const { messages, problems } = read(csv)
    expect(messages.map((m) => [m.line, m.content])).toEqual([
      [2, 'Hello, all: "bring music"\nand water\nsee you'],
      [7, "Last"]
    ])
    expect(problems).toMatchObject([
      {
        line: 6,
        message: "expected 3 columns (date,time,text), found 4: put a text that holds commas in double quotes"
      }
    ])
  })

  it("names every bad row by its line and why, and keeps the good ones", () => {
    const csv = [
      "2027-02-30,09:00,no such day", // 1
      "01/02/2027,09:00,slashed", // 2
      "2027-02-01,24:00,late", // 3
      "2027-02-01,9am,words", // 4
      "2027-02-01,09:00,   ", // 5
      `2027-02-01,09:00,${"x".repeat(MAX_CONTENT_LENGTH + 1)}`, // 6
      "2026-12-31,23:00,past", // 7: 22:00 UTC, before NOW
      "2027-02-01", // 8
      "2027-02-01,09:00,good", // 9
      "2027-02-01;09:00;semicolons", // 10
      '2027-02-01,09:00,"never closed' // 11
    ].join("\n")
    const { messages, problems } = read(csv)
    expect(messages.map((m) => m.line)).toEqual([9])
    expect(problems).toMatchObject([
      { line: 1, message: 'date "2027-02-30" is not a date as YYYY-MM-DD' },
      {
        line: 2,
        message: 'date "01/02/2027": write dates as YYYY-MM-DD (2027-03-28); day/month and month/day orders read alike'
      },
      { line: 3, message: 'time "24:00" is not a time as HH:MM (00:00 to 23:59)' },
      { line: 4, message: 'time "9am" is not a time as HH:MM (00:00 to 23:59)' },
      { line: 5, message: "the text is empty" },
      { line: 6, message: `the text is ${MAX_CONTENT_LENGTH + 1} characters long; a message holds at most 4096` },
      { line: 7, message: "2026-12-31 23:00 in Europe/Berlin is in the past" },
      { line: 8, message: "expected 3 columns (date,time,text), found 1" },
      {
        line: 10,
        message: "expected 3 columns (date,time,text), found 1: separate the columns with commas, not semicolons"
      },
      { line: 11, message: 'a quoted text is not closed: a " is missing (write a " inside a quoted text as "")' }
    ])
  })

  it("a quote closed before the end of its text is named, never read as one row swallowing the next", () => {
    const csv = [
      '2027-02-01,18:00,"Messiah" rehearsal tonight', // 1: runs on to the next quote
      '2027-02-02,18:00,"Carols at 8, bring folders"', // 2
      "2027-02-03,18:00,See you" // 3
    ].join("\n")
    const { messages, problems } = read(csv)
    expect(problems).toHaveLength(1)
    expect(problems[0]?.line).toBe(1)
    expect(problems[0]?.message).toMatch(/quoted text must end right before a comma/)
    // whatever else is read, no text holds another row
    for (const m of messages) expect(m.content).not.toMatch(/2027-02-02/)
  })

  it("a text that was not UTF-8 (replacement characters) is named: save as CSV UTF-8", () => {
    const { messages, problems } = read("2027-02-01,18:00,R\uFFFDp\uFFFDtition")
    expect(messages).toEqual([])
    expect(problems).toMatchObject([
      {
        line: 1,
        message: 'the text holds characters that could not be read: save the file as "CSV UTF-8" and import it again'
      }
    ])
  })

  it("a time skipped or repeated by a daylight-saving change is kept with a note, not refused", () => {
    const { messages, problems } = read("2027-03-28,02:30,gap\n2027-10-31,02:30,twice\n2027-03-28,09:00,after")
    expect(problems).toEqual([])
    expect(messages.map((m) => [m.localTime, m.note])).toEqual([
      ["2027-03-28T03:30:00.000+02:00", "02:30 does not exist that day (the clocks go forward): sent at 03:30"],
      ["2027-10-31T02:30:00.000+02:00", "02:30 happens twice that day (the clocks go back): sent at the first"],
      ["2027-03-28T09:00:00.000+02:00", null]
    ])
  })

  it("over MAX_MESSAGES_PER_CAMPAIGN rows: the first row too many is named and reading stops", () => {
    const rows = Array.from({ length: MAX_MESSAGES_PER_CAMPAIGN + 5 }, (_, i) => `2027-02-01,09:00,m${i}`)
    const { messages, problems } = read(["date,time,text", ...rows].join("\n"))
    expect(messages).toHaveLength(MAX_MESSAGES_PER_CAMPAIGN)
    expect(problems).toMatchObject([
      {
        line: MAX_MESSAGES_PER_CAMPAIGN + 2,
        message: `too many rows: a campaign holds at most ${MAX_MESSAGES_PER_CAMPAIGN} messages; this row and the ones after it were not read`
      }
    ])
  })

  it("blank lines and a byte-order mark are skipped; an empty file or an unknown zone is a problem of line 0", () => {
    expect(read("\uFEFFdate,time,text\n\n\n2027-02-01,09:00,x\n\n").messages.map((m) => m.line)).toEqual([4])
    expect(read("date,time,text\n")).toMatchObject({
      messages: [],
      problems: [{ line: 0, message: "the file holds no messages" }]
    })
    expect(read("2027-02-01,09:00,x", "Mars/Base").problems).toEqual([
      { line: 0, message: 'unknown time zone "Mars/Base"', code: "unknownZone", params: { zone: "Mars/Base" } }
    ])
  })
})

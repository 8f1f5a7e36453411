import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { oneLine } from "../../../src/application/text/oneLine.ts"

// what must never reach a log line or a one-line mail field: C0, DEL, C1 (with NEL), LS, PS
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u
// what a terminal, a log viewer or a mail client may take as the end of a line
const BREAKS = /[\n\r\u000b\u000c\u0085\u2028\u2029]/u

const anyText = fc.string({ unit: "binary", maxLength: 200 })
const withBreaks = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      "\n",
      "\r",
      "\r\n",
      "\u2028",
      "\u2029",
      "\u0085",
      "\u000b",
      "\u000c",
      "\u0000",
      "\u001b",
      "\u007f",
      "\t"
    ),
    fc.string({ unit: "grapheme", maxLength: 3 })
  ),
  maxLength: 40
})

describe("oneLine", () => {
  it.each([
    [
      "hi\n[2026-01-01T10:00:00.000Z] Message x processed successfully",
      "hi\\n[2026-01-01T10:00:00.000Z] Message x processed successfully"
    ],
    ["a\r\nb", "a\\r\\nb"],
    ["a\tb", "a\\tb"],
    ["line\u2028separator\u2029paragraph", "line\\u2028separator\\u2029paragraph"],
    ["next\u0085line", "next\\u0085line"],
    ["bell\u0007 esc\u001b[31m del\u007f nul\u0000", "bell\\u0007 esc\\u001b[31m del\\u007f nul\\u0000"],
    ["vt\u000b ff\u000c", "vt\\u000b ff\\u000c"]
  ])("%j → %j", (input, expected) => {
    expect(oneLine(input)).toBe(expected)
  })

  it("keeps ordinary text as it is: accents, other scripts, emoji, symbols, a backslash", () => {
    for (const text of [
      "Zoë Ångström",
      "Book club",
      "Привет, группа",
      "家族 👨‍👩‍👧‍👦 🎉",
      "50% off * today * only",
      "C:\\path\\n (typed, not a newline)",
      "\u00a0nbsp",
      ""
    ]) {
      expect(oneLine(text)).toBe(text)
    }
  })

  it("never leaves a line break or a control character, whatever the input", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, withBreaks), (text) => {
        const escaped = oneLine(text)
        expect(escaped).not.toMatch(UNSAFE)
        expect(escaped).not.toMatch(BREAKS)
        expect(escaped.split("\n")).toHaveLength(1)
      })
    )
  })

  it("leaves text without control characters unchanged, and escaping twice changes nothing more", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const printable = text.replace(new RegExp(UNSAFE.source, "gu"), "")
        expect(oneLine(printable)).toBe(printable)
        expect(oneLine(oneLine(text))).toBe(oneLine(text))
      })
    )
  })

  it("every character of the input is still there, visibly: removing the escapes gives the input back", () => {
    const unescaped = (s: string) =>
      s.replace(/\\(n|r|t|u[0-9a-f]{4})/g, (_, e: string) =>
        e === "n" ? "\n" : e === "r" ? "\r" : e === "t" ? "\t" : String.fromCharCode(Number.parseInt(e.slice(1), 16))
      )
    // inputs without a backslash, so every escape in the output is one of oneLine's own
    fc.assert(
      fc.property(
        fc.oneof(anyText, withBreaks).map((s) => s.replaceAll("\\", "")),
        (text) => {
          expect(unescaped(oneLine(text))).toBe(text)
        }
      )
    )
  })
})

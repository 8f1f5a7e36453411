import { describe, expect, it } from "vitest"
import type { TextSegment, TextStyle } from "../../../src/interfaces/browser/campaign/whatsappText.ts"
import { whatsappSegments } from "../../../src/interfaces/browser/campaign/whatsappText.ts"

const plain = (text: string): TextSegment => ({ text, styles: [] })
const styled = (text: string, ...styles: Array<TextStyle>): TextSegment => ({ text, styles })

describe("WhatsApp formatting, as the phone shows it", () => {
  it.each<[string, Array<TextSegment>]>([
    ["no markers at all", [plain("no markers at all")]],
    ["", []],
    // the text: one bold phrase, not three messages
    [
      "Remember: *bring your boots* and water.",
      [plain("Remember: "), styled("bring your boots", "bold"), plain(" and water.")]
    ],
    ["*bold*", [styled("bold", "bold")]],
    ["_italic_ and ~struck~", [styled("italic", "italic"), plain(" and "), styled("struck", "strike")]],
    // the title header of a recurrence
    ["*Spring concert*\nConcert in 6 days", [styled("Spring concert", "bold"), plain("\nConcert in 6 days")]],
    // punctuation and brackets around the markers are fine
    ['(*yes*), "_so_"!', [plain("("), styled("yes", "bold"), plain('), "'), styled("so", "italic"), plain('"!')]],
    ["*a*_b_", [styled("a", "bold"), styled("b", "italic")]],
    // combined
    [
      "*bold _and italic_ too*",
      [styled("bold ", "bold"), styled("and italic", "bold", "italic"), styled(" too", "bold")]
    ],
    ["_*both*_", [styled("both", "italic", "bold")]],
    // monospace: as typed inside, across lines too
    ["run ```npm *start*``` now", [plain("run "), styled("npm *start*", "mono"), plain(" now")]],
    ["```a\nb```", [styled("a\nb", "mono")]]
  ])("%j", (text, expected) => {
    expect(whatsappSegments(text)).toEqual(expected)
  })

  it.each([
    // markers must hug the text
    "* not bold *",
    "*not bold *",
    "* not bold*",
    "a * b * c",
    // inside a word, a marker is a character
    "2*3*4",
    "snake_case_name",
    "*bold*er",
    "un*bold*",
    "~50~kg",
    // nothing inside, or never closed
    "**",
    "*open",
    "a_b",
    "``````",
    "```open",
    // a phrase does not run over a line break
    "*one\ntwo*",
    "_first line\nsecond_"
  ])("%j stays as typed", (text) => {
    expect(whatsappSegments(text)).toEqual([plain(text)])
  })

  it("a doubled marker keeps its outer characters: **bold** is bold between two asterisks", () => {
    expect(whatsappSegments("**bold**")).toEqual([plain("*"), styled("bold", "bold"), plain("*")])
  })

  it("the text shown is the text with its markers taken out, nothing else", () => {
    const text = "Hi *all*, _bring_ ~cake~ ```code``` * and 2*3"
    expect(
      whatsappSegments(text)
        .map((s) => s.text)
        .join("")
    ).toBe("Hi all, bring cake code * and 2*3")
  })
})

// WhatsApp's own formatting of a text, as the phone shows it: pure, so it is table-tested
// without a browser (WhatsAppText.tsx draws the segments).
//
// The rules (WhatsApp Help Center "How to format your messages", and how the app reads them):
// - `*bold*`, `_italic_`, `~strike~`: the marker on both sides of a word or phrase, hugging it:
//   no space just inside a marker (`* not bold *` stays as typed), and the phrase on one line.
// - A marker inside a word is a character: `2*3*4`, `snake_case_name`, `*bold*er` stay as typed.
//   So an opening marker follows the start or a character that is not a letter or digit (a space,
//   a bracket, a quote, another marker), and a closing one is followed by the end or such a one.
// - They combine: `*bold _and italic_*`.
// - ```monospace```: three backticks on both sides, lines included; what is inside is shown as
//   typed, other markers too (monospace cancels the other formatting).
// - Anything that does not close stays as typed, markers included.

export type TextStyle = "bold" | "italic" | "strike" | "mono"

/** A run of text and the styles it is shown in (none: plain), in the order they were opened. */
export interface TextSegment {
  readonly text: string
  readonly styles: ReadonlyArray<TextStyle>
}

const INLINE: Readonly<Record<string, TextStyle>> = { "*": "bold", _: "italic", "~": "strike" }
const MONO = "```"

const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c)
const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/u.test(c)

/** The formatted span that opens at `at` and where it ends, or null: the character is text. */
const spanAt = (
  text: string,
  at: number,
  styles: ReadonlyArray<TextStyle>
): { readonly segments: Array<TextSegment>; readonly end: number } | null => {
  if (isWordChar(text[at - 1])) return null
  if (text.startsWith(MONO, at)) {
    // at least one character inside; the first closing run of three that no letter follows
    for (let close = text.indexOf(MONO, at + MONO.length + 1); close >= 0; close = text.indexOf(MONO, close + 1)) {
      if (!isWordChar(text[close + MONO.length]))
        return {
          segments: [{ text: text.slice(at + MONO.length, close), styles: [...styles, "mono"] }],
          end: close + 3
        }
    }
    return null
  }
  const marker = text[at] ?? ""
  const style = INLINE[marker]
  if (style === undefined || styles.includes(style)) return null
  const first = text[at + 1]
  if (first === undefined || isSpace(first) || first === marker) return null
  for (let close = at + 2; close < text.length; close++) {
    const c = text[close]
    if (c === "\n") return null
    if (c === marker && !isSpace(text[close - 1]) && !isWordChar(text[close + 1]))
      return { segments: segmentsOf(text.slice(at + 1, close), [...styles, style]), end: close + 1 }
  }
  return null
}

const segmentsOf = (text: string, styles: ReadonlyArray<TextStyle>): Array<TextSegment> => {
  const segments: Array<TextSegment> = []
  let plain = ""
  const flush = () => {
    if (plain !== "") segments.push({ text: plain, styles })
    plain = ""
  }
  for (let at = 0; at < text.length; ) {
    const span = spanAt(text, at, styles)
    if (span === null) {
      plain += text[at]
      at++
    } else {
      flush()
      segments.push(...span.segments)
      at = span.end
    }
  }
  flush()
  return segments
}

/** A text as WhatsApp shows it: runs of plain, bold, italic, struck and monospace text, markers removed. */
export const whatsappSegments = (text: string): Array<TextSegment> => segmentsOf(text, [])

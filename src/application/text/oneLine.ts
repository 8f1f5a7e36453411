/**
 * C0 controls (CR, LF, tab, ESC …), DEL, C1 controls (with NEL, U+0085) and the Unicode line and
 * paragraph separators: whatever a terminal, a log viewer or a mail client may take as the end of
 * a line or as a command.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/gu

const SHORT: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" }

/**
 * A user-supplied value made safe for one line of a log or a one-line mail field: each unsafe
 * character is written visibly as an escape (`\n`, `\r`, `\t`, `\u2028`, …), so a message content or a
 * group name can neither forge a line nor hide what it held. Everything else (accents, other
 * scripts, emoji, backslashes) is kept as it is, so escaping twice changes nothing more.
 */
export const oneLine = (text: string): string =>
  text.replace(UNSAFE, (c) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)

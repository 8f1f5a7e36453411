/**
 * A message may be a poll: its content is the question, these are the answers people pick from
 * (WAHA's sendPoll `poll: {name, options, multipleAnswers}`, docs/waha-features.md §3).
 */
export interface Poll {
  readonly options: ReadonlyArray<string>
  /** people may pick several options (WAHA `multipleAnswers`); false: one */
  readonly multipleAnswers: boolean
}

/**
 * WhatsApp's bounds (stated by third parties; WAHA checks nothing and what it does with 13
 * options is unknown, so Herald refuses them itself).
 */
export const MIN_POLL_OPTIONS = 2
export const MAX_POLL_OPTIONS = 12
/** WhatsApp cuts longer options; a longer one is a mistake in a scheduled poll */
export const MAX_POLL_OPTION_LENGTH = 100

/** What is wrong with a poll's options, where to fix it (`options` or `options.<i>`), or null when nothing is. */
/** What is wrong with a poll: its English words, where (`options.2`), and a stable code with its values for other languages. */
export type PollProblem = {
  readonly message: string
  readonly at: string
  readonly code: "pollOptionCount" | "pollOptionEmpty" | "pollOptionTooLong" | "pollOptionTwice"
  readonly params: Readonly<Record<string, string | number>>
} | null

export const pollProblem = (poll: Poll): PollProblem => {
  const n = poll.options.length
  if (n < MIN_POLL_OPTIONS || n > MAX_POLL_OPTIONS) {
    return {
      message: `a poll needs ${MIN_POLL_OPTIONS} to ${MAX_POLL_OPTIONS} options (this one has ${n})`,
      at: "options",
      code: "pollOptionCount",
      params: { min: MIN_POLL_OPTIONS, max: MAX_POLL_OPTIONS, count: n }
    }
  }
  const seen = new Set<string>()
  for (const [i, option] of poll.options.entries()) {
    const key = option.trim()
    if (key === "")
      return { message: "a poll's options must not be empty", at: `options.${i}`, code: "pollOptionEmpty", params: {} }
    if (option.length > MAX_POLL_OPTION_LENGTH) {
      return {
        message: `a poll's option may hold at most ${MAX_POLL_OPTION_LENGTH} characters`,
        at: `options.${i}`,
        code: "pollOptionTooLong",
        params: { max: MAX_POLL_OPTION_LENGTH }
      }
    }
    // WhatsApp would show two identical answers that cannot be told apart in the votes
    if (seen.has(key.toLowerCase()))
      return {
        message: `a poll's options must differ ("${key}" is twice)`,
        at: `options.${i}`,
        code: "pollOptionTwice",
        params: { option: key }
      }
    seen.add(key.toLowerCase())
  }
  return null
}

export const samePoll = (a: Poll | null, b: Poll | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.multipleAnswers === b.multipleAnswers &&
    a.options.length === b.options.length &&
    a.options.every((o, i) => o === b.options[i]))

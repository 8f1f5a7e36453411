/**
 * Whole sentences, each its own catalog entry, one after the other. Only whole sentences are
 * joined this way: words inside a sentence come from one entry, so each language orders them.
 */
export const sentences = (...parts: ReadonlyArray<string | null>): string =>
  parts.filter((p): p is string => p !== null && p !== "").join(" ")

/**
 * A refusal's variable parts as plain data, beside its stable code: names, counts, and instants as
 * epoch milliseconds (a key ending in `At`, with the `timeZone` it is read in). The web API words
 * them in the reader's language (interfaces/web/refusalWords.ts); nothing here is presentation.
 */
export type RefusalParams = Readonly<Record<string, string | number>>

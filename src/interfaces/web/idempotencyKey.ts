import { TRPCError } from "@trpc/server"

/** What an `Idempotency-Key` header may hold (docs/api.md#idempotency-key): 1–255 visible ASCII characters. */
export const isIdempotencyKey = (header: string): boolean => /^[\x21-\x7e]{1,255}$/.test(header)

export const IDEMPOTENCY_KEY_RULE =
  "The Idempotency-Key header must be 1 to 255 visible ASCII characters (letters, digits and punctuation, no spaces); a random UUID is a good key."

/** The `Idempotency-Key` header of a tRPC call: null when absent, else checked (BAD_REQUEST before anything runs). */
export const idempotencyKeyOf = (header: string | null): string | null => {
  if (header === null) return null
  if (!isIdempotencyKey(header)) throw new TRPCError({ code: "BAD_REQUEST", message: IDEMPOTENCY_KEY_RULE })
  return header
}

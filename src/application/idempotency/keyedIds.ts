import { createHash } from "node:crypto"

/** UUID-shaped (version 8, "custom"): 122 bits of the digest of `parts`. */
const derive = (parts: ReadonlyArray<string | number>): string => {
  const hex = createHash("sha256").update(JSON.stringify(parts)).digest("hex")
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * The ids a request with an Idempotency-Key makes (the Ids port), derived from the account, the
 * key and when the key was claimed, so that running the request again after a crash
 * (runIdempotently) makes the same ids, and its writes meet what the first run wrote instead of
 * creating it twice. `named(role)` by its role alone (the campaign: found by a run again whatever
 * its plan holds now), `next` by its order among the others (the messages).
 */
export const keyedIds = (
  account: string,
  key: string,
  claimedAt: number
): { readonly next: () => string; readonly named: (role: string) => string } => {
  let n = 0
  return {
    next: () => derive([account, key, claimedAt, n++]),
    named: (role) => derive([account, key, claimedAt, role])
  }
}

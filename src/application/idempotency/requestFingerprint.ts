import { createHash } from "node:crypto"

/** JSON with every object's keys in order: the same input reads the same however it was written. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : typeof value === "object" && value !== null
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([k, v]) => [k, canonical(v)])
        )
      : value

/**
 * What "the same request" means for an Idempotency-Key: SHA-256 (hex) of the operation's name
 * and the canonical JSON of its input as the server read it (docs/api.md#idempotency-key).
 */
export const requestFingerprint = (operation: string, input: unknown): string =>
  createHash("sha256")
    .update(operation)
    .update("\n")
    .update(JSON.stringify(canonical(input)) ?? "null")
    .digest("hex")

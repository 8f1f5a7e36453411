import { createHmac } from "node:crypto"
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding"
import { Effect } from "effect"
import { AuthSettings } from "./AuthSettings.ts"

/** A new secret token: 160 random bits, base32 (the Oslo session recipe). */
export const generateToken = (): string => {
  const bytes = new Uint8Array(20)
  crypto.getRandomValues(bytes)
  return encodeBase32LowerCaseNoPadding(bytes)
}

/**
 * What is stored for a token (session cookie, reset or verification link): HMAC-SHA256 keyed by
 * AUTH_SECRET, in hex. The token itself only ever lives in the cookie or link; a copy of the
 * database alone cannot check a guess, and a new AUTH_SECRET makes every stored digest
 * unmatchable (everyone signed out, every link dead). See docs/security.md.
 * Node's own HMAC (also in Deno): every signed-in request computes one, and the script version
 * took five times as long (~0.1 ms) and allocated ~10 KB each time.
 */
export const keyedDigest = (key: string, token: string): string =>
  createHmac("sha256", key).update(token, "utf8").digest("hex")

/** `keyedDigest` with the process's AUTH_SECRET. */
export const tokenDigest = (token: string) =>
  Effect.map(AuthSettings, (settings) => keyedDigest(settings.tokenKey, token))

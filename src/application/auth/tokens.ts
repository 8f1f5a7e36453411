import { hmac } from "@oslojs/crypto/hmac"
import { SHA256 } from "@oslojs/crypto/sha2"
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding"
import { Effect } from "effect"
import { AuthSettings } from "./AuthSettings.ts"

/** A new secret token: 160 random bits, base32 (the Oslo session recipe). */
export const generateToken = (): string => {
  const bytes = new Uint8Array(20)
  crypto.getRandomValues(bytes)
  return encodeBase32LowerCaseNoPadding(bytes)
}

const encoder = new TextEncoder()

/**
 * What is stored for a token (session cookie, reset or verification link): HMAC-SHA256 keyed by
 * AUTH_SECRET, in hex. The token itself only ever lives in the cookie or link; a copy of the
 * database alone cannot check a guess, and a new AUTH_SECRET makes every stored digest
 * unmatchable (everyone signed out, every link dead). See docs/security.md.
 */
export const keyedDigest = (key: string, token: string): string =>
  encodeHexLowerCase(hmac(SHA256, encoder.encode(key), encoder.encode(token)))

/** `keyedDigest` with the process's AUTH_SECRET. */
export const tokenDigest = (token: string) =>
  Effect.map(AuthSettings, (settings) => keyedDigest(settings.tokenKey, token))

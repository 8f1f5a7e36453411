import { sha256 } from "@oslojs/crypto/sha2"
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding"

/** A new secret token: 160 random bits, base32 (the Oslo session recipe). */
export const generateToken = (): string => {
  const bytes = new Uint8Array(20)
  crypto.getRandomValues(bytes)
  return encodeBase32LowerCaseNoPadding(bytes)
}

/** What is stored for a token: its SHA-256 in hex. The token itself only ever lives in the cookie or link. */
export const hashToken = (token: string): string => encodeHexLowerCase(sha256(new TextEncoder().encode(token)))

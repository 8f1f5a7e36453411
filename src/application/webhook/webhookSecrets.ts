import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto"
import { encodeBase64urlNoPadding } from "@oslojs/encoding"

/**
 * An endpoint's signing secret: `whsec_` and 32 random bytes, base64url. Shown once, at create;
 * stored only sealed (below), never logged nor listed (docs/security.md#outgoing-webhooks).
 */
export const generateWebhookSecret = (): string => `whsec_${encodeBase64urlNoPadding(randomBytes(32))}`

/** The sealing key: HKDF-SHA256 of AUTH_SECRET, apart from every other use of it by its `info`. */
const keyOf = (authSecret: string): Buffer =>
  Buffer.from(hkdfSync("sha256", authSecret, "herald", "herald webhook endpoint secrets v1", 32))

const VERSION = "v2"
/** GCM's full tag: a shorter one given back (Node accepts 4 to 16 bytes) is refused, not trusted. */
const TAG_BYTES = 16

/**
 * The secret as stored: AES-256-GCM under the key derived from AUTH_SECRET, a fresh 12-byte IV
 * each time, the endpoint's id bound as associated data (a sealed secret copied onto another
 * endpoint's row does not open), as `v2.<iv>.<tag>.<ciphertext>` in base64url. The signature needs
 * the secret itself, so it cannot be a digest like an API key; a copy of the database alone does
 * not reveal it.
 */
export const sealWebhookSecret = (authSecret: string, endpointId: string, secret: string): string => {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", keyOf(authSecret), iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(Buffer.from(endpointId, "utf8"))
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".")
}

/** The secret again, or null when it was sealed under another AUTH_SECRET, for another endpoint, or altered. */
export const openWebhookSecret = (authSecret: string, endpointId: string, stored: string): string | null => {
  const [version, iv, tag, sealed, ...rest] = stored.split(".")
  if (version !== VERSION || iv === undefined || tag === undefined || sealed === undefined || rest.length > 0)
    return null
  const authTag = Buffer.from(tag, "base64url")
  if (authTag.length !== TAG_BYTES) return null
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(authSecret), Buffer.from(iv, "base64url"), {
      authTagLength: TAG_BYTES
    })
    decipher.setAAD(Buffer.from(endpointId, "utf8"))
    decipher.setAuthTag(authTag)
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8")
  } catch {
    return null
  }
}

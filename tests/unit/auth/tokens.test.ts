import { describe, expect, it } from "vitest"
import { keyedDigest } from "../../../src/application/auth/tokens.ts"

describe("keyedDigest", () => {
  it("is HMAC-SHA256 in lowercase hex (RFC 4231, test case 2), so digests stored before stay valid", () => {
    expect(keyedDigest("Jefe", "what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    )
  })

  it("reads key and token as UTF-8, as the digests already stored were made", () => {
    expect(keyedDigest("clé", "jeton-é")).toBe("11cf2bf004bcb9c7a72eb881f55717a48d033e2115750390bc495c7af301cd42")
  })
})

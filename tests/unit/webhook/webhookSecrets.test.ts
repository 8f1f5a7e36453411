import { describe, expect, it } from "vitest"
import { openWebhookSecret, sealWebhookSecret } from "../../../src/application/webhook/webhookSecrets.ts"

const KEY = "k".repeat(40)

describe("an endpoint's sealed signing secret", () => {
  it("opens under the same key for the same endpoint", () => {
    expect(openWebhookSecret(KEY, "w1", sealWebhookSecret(KEY, "w1", "whsec_abc"))).toBe("whsec_abc")
  })

  it("does not open with a shortened tag (GCM would accept 4 bytes), for another endpoint, or under another key", () => {
    const sealed = sealWebhookSecret(KEY, "w1", "whsec_abc")
    const [version, iv, tag, ciphertext] = sealed.split(".")
    const shortTag = Buffer.from(tag ?? "", "base64url")
      .subarray(0, 4)
      .toString("base64url")
    expect(openWebhookSecret(KEY, "w1", [version, iv, shortTag, ciphertext].join("."))).toBeNull()
    expect(openWebhookSecret(KEY, "w2", sealed)).toBeNull()
    expect(openWebhookSecret("m".repeat(40), "w1", sealed)).toBeNull()
  })
})

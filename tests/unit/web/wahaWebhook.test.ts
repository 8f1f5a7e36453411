import { describe, expect, it } from "vitest"
import { unverifiedBodies, wahaSignatureCheck } from "../../../src/interfaces/web/wahaWebhook.ts"

const encode = (s: string) => new TextEncoder().encode(s)

describe("wahaSignatureCheck", () => {
  // WAHA's own example (docs "Events" → "HMAC authentication")
  const body = '{"event":"message","session":"default","engine":"WEBJS"}'
  const key = "my-secret-key"
  const signature =
    "208f8a55dde9e05519e898b10b89bf0d0b3b0fdf11fdbf09b6b90476301b98d8097c462b2b17a6ce93b6b47a136cf2e78a33a63f6752c2c1631777076153fa89"
  const valid = wahaSignatureCheck(key)

  it("accepts WAHA's documented example, in either hex case", async () => {
    expect(await valid(encode(body), signature)).toBe(true)
    expect(await valid(encode(body), signature.toUpperCase())).toBe(true)
  })

  it("refuses another key, another body, a truncated or non-hex signature", async () => {
    expect(await wahaSignatureCheck("my-secret-kez")(encode(body), signature)).toBe(false)
    expect(await valid(encode(body.replace("WEBJS", "NOWEB")), signature)).toBe(false)
    expect(await valid(encode(body), signature.slice(0, 64))).toBe(false)
    expect(await valid(encode(body), `${signature.slice(0, 127)}g`)).toBe(false)
    expect(await valid(encode(body), "")).toBe(false)
  })
})

describe("unverifiedBodies", () => {
  it("holds at most perClient places per client and overall in all; each place given back frees one", () => {
    const bodies = unverifiedBodies(2, 3)
    expect([bodies.enter("a"), bodies.enter("a"), bodies.enter("a")]).toEqual([true, true, false])
    expect([bodies.enter("b"), bodies.enter("c")]).toEqual([true, false])
    bodies.leave("a")
    expect([bodies.enter("b"), bodies.enter("c")]).toEqual([true, false])
    bodies.leave("b")
    bodies.leave("b")
    expect([bodies.enter("c"), bodies.enter("c"), bodies.enter("c")]).toEqual([true, true, false])
  })
})

import { afterEach, describe, expect, it } from "vitest"
import { codeOf } from "../../support/webClient.ts"
import type { TestWeb } from "../../support/webHarness.ts"
import { startTestWeb } from "../../support/webHarness.ts"

const started: Array<TestWeb> = []
afterEach(async () => {
  for (const web of started.splice(0)) await web.close()
})

const start = async (trustProxy: number) => {
  // one failed attempt per address: the client's own allowance is what runs out below
  const web = await startTestWeb({ kind: "memory" }, { maxFailedSignIns: 1 }, { trustProxy })
  started.push(web)
  return web
}

let addresses = 0
/** A failed sign-in for a fresh address, with the X-Forwarded-For a proxy in front would send. */
const failedSignIn = (web: TestWeb, forwardedFor: string | null): Promise<string> =>
  codeOf(
    web
      .client(forwardedFor === null ? {} : { headers: { "x-forwarded-for": forwardedFor } })
      .api.auth.signIn.mutate({ email: `nobody${addresses++}@example.com`, password: "not the password" })
  )

/** Fails sign-ins (each for another address) as `forwardedFor(i)` until the client is throttled; how many it took. */
const exhaust = async (web: TestWeb, forwardedFor: (i: number) => string | null): Promise<number> => {
  for (let i = 0; i < 1_000; i++) {
    const code = await failedSignIn(web, forwardedFor(i))
    if (code === "TOO_MANY_REQUESTS") return i
    expect(code).toBe("UNAUTHORIZED")
  }
  throw new Error("the client was never throttled")
}

describe("the client the sign-in throttle counts (TRUST_PROXY)", () => {
  it("TRUST_PROXY=1: clients behind the proxy are throttled separately, and a forged prefix does not escape", async () => {
    const web = await start(1)
    expect(await exhaust(web, () => "203.0.113.1")).toBeGreaterThan(1)
    // another client behind the same proxy still has its allowance
    expect(await failedSignIn(web, "203.0.113.2")).toBe("UNAUTHORIZED")
    // the throttled client prepends addresses of its own: the proxy's entry is still the last
    expect(await failedSignIn(web, "198.51.100.7, 203.0.113.1")).toBe("TOO_MANY_REQUESTS")
    expect(await failedSignIn(web, "198.51.100.8,203.0.113.1")).toBe("TOO_MANY_REQUESTS")
    // a request that did not come through the proxy is counted by its socket, not by what it claims
    expect(await failedSignIn(web, null)).toBe("UNAUTHORIZED")
  })

  it("TRUST_PROXY=0: X-Forwarded-For changes nothing: the socket is the client", async () => {
    const web = await start(0)
    expect(await exhaust(web, (i) => `198.51.100.${i % 250}`)).toBeGreaterThan(1)
    expect(await failedSignIn(web, "203.0.113.99")).toBe("TOO_MANY_REQUESTS")
    expect(await failedSignIn(web, null)).toBe("TOO_MANY_REQUESTS")
  })
})

describe("nobody can lock an account they do not own (issue 9.3)", () => {
  const signIn = (web: TestWeb, forwardedFor: string, password: string) =>
    codeOf(
      web
        .client({ headers: { "x-forwarded-for": forwardedFor } })
        .api.auth.signIn.mutate({ email: "boss@example.com", password })
    )

  it("a batch of wrong passwords from one client refuses that client only; the owner, from another client, signs in", async () => {
    const web = await startTestWeb({ kind: "memory" }, { requireApproval: false }, { trustProxy: 1 })
    started.push(web)
    await web
      .client()
      .api.auth.signUp.mutate({ email: "boss@example.com", password: "the right password", name: "Boss" })
    const codes: Array<string> = []
    for (let i = 0; i < 10; i++) codes.push(await signIn(web, "203.0.113.66", `wrong ${i}`))
    expect(codes).toEqual([...Array(5).fill("UNAUTHORIZED"), ...Array(5).fill("TOO_MANY_REQUESTS")])
    // the attacker is refused even with the right password; the owner is not
    expect(await signIn(web, "203.0.113.66", "the right password")).toBe("TOO_MANY_REQUESTS")
    expect(await signIn(web, "192.0.2.10", "the right password")).toBe("OK")
  })
})

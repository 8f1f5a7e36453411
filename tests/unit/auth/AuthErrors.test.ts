import { describe, expect, it } from "vitest"
import { TooManySignInAttempts } from "../../../src/application/auth/AuthErrors.ts"

describe("TooManySignInAttempts", () => {
  it("says the wait in whole minutes, singular for one", () => {
    expect(new TooManySignInAttempts({ retryAfterMs: 30_000 }).message).toBe(
      "too many failed sign-ins; try again in 1 minute"
    )
    expect(new TooManySignInAttempts({ retryAfterMs: 60_001, tries: "linkTries" }).message).toBe(
      "too many failed tries of this link; try again in 2 minutes"
    )
  })
})

import { describe, expect, it } from "vitest"
import { reachoutTimelockOf } from "../../../src/infrastructure/gateway/WahaGateway.ts"

const NOW = Date.parse("2026-03-01T10:00:00.000Z")
const END = Date.parse("2026-03-01T15:00:00.000Z")

/** me.reachoutTimelock (WAHA 2026.7.2 on) is read leniently: its exact shape was not documented where we looked. */
describe("reachoutTimelockOf", () => {
  it("reads WhatsApp's names (isActive, timeEnforcementEnds) as ISO text or seconds or milliseconds", () => {
    expect(reachoutTimelockOf({ isActive: true, timeEnforcementEnds: "2026-03-01T15:00:00.000Z" }, NOW)).toEqual({
      active: true,
      until: END
    })
    expect(reachoutTimelockOf({ isActive: true, timeEnforcementEnds: END / 1000 }, NOW)).toEqual({
      active: true,
      until: END
    })
    expect(reachoutTimelockOf({ until: END }, NOW)).toEqual({ active: true, until: END })
  })

  it("an end already past without isActive is not active; isActive false says none", () => {
    expect(reachoutTimelockOf({ timeEnforcementEnds: NOW - 1 }, NOW)).toEqual({ active: false, until: NOW - 1 })
    expect(reachoutTimelockOf({ isActive: false }, NOW)).toEqual({ active: false })
  })

  it("null, absent or not an object: none shown", () => {
    expect(reachoutTimelockOf(null, NOW)).toBeUndefined()
    expect(reachoutTimelockOf(undefined, NOW)).toBeUndefined()
    expect(reachoutTimelockOf("yes", NOW)).toBeUndefined()
  })
})

import { Effect } from "effect"
import type { GatewayServerVersion } from "../ports/GatewayPort.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { oneLine } from "../text/oneLine.ts"
import { InvalidCampaign } from "./CampaignErrors.ts"
import { gatewayRefusal } from "./gatewayRefusal.ts"

/**
 * WAHA mentions everyone with `mentions: ["all"]` since 2025.11.1 on these engines (changelog
 * 2025.11.1, waha#1377). WPP is not listed there and is unverified; VENOM is gone. SANDBOX is
 * Herald's own simulated gateway (standalone), which accepts it.
 */
const MENTION_ALL_ENGINES: ReadonlyArray<string> = ["WEBJS", "NOWEB", "GOWS", "SANDBOX"]
const MENTION_ALL_SINCE = [2025, 11, 1] as const

export const olderThan = (version: string, since: ReadonlyArray<number>): boolean => {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version)
  // a version that cannot be read (a custom build) is not refused for it: the engine still decides
  if (m === null) return false
  const parts = [Number(m[1]), Number(m[2]), Number(m[3])]
  for (let i = 0; i < parts.length; i++) {
    const [have, need] = [parts[i] ?? 0, since[i] ?? 0]
    if (have !== need) return have < need
  }
  return false
}

/**
 * Why this gateway cannot mention everyone, in the user's terms, or null when it can. The engine
 * is the server's (GET /api/server/version): WAHA runs every session of a process on one engine.
 */
export const mentionAllProblem = (gateway: GatewayServerVersion): string | null => {
  const engine = gateway.engine.toUpperCase()
  if (!MENTION_ALL_ENGINES.includes(engine)) {
    const named = engine === "" || engine === "UNKNOWN" ? "an engine it does not name" : oneLine(gateway.engine)
    return `this WhatsApp session's engine (${named}) cannot mention everyone; send without "mention everyone", or ask the operator for a WAHA engine that can (WEBJS, NOWEB or GOWS)`
  }
  if (olderThan(gateway.version, MENTION_ALL_SINCE)) {
    return `the messaging gateway (WAHA ${oneLine(gateway.version)}) cannot mention everyone: that needs WAHA 2025.11.1 or later; send without "mention everyone", or ask the operator to upgrade`
  }
  return null
}

/**
 * Refuses a plan that mentions everyone where the gateway cannot (InvalidCampaign on `field`,
 * BAD_REQUEST), before anything is saved: never a silent plain send. Asks the gateway each time
 * (an operator may change its engine); a gateway that does not answer fails the request with its
 * GatewayError, and nothing is saved either.
 */
export const requireMentionAll = Effect.fn("requireMentionAll")(function* (field: string) {
  const gateway = yield* (yield* GatewayPort).serverVersion()
  const problem = mentionAllProblem(gateway)
  if (problem !== null) {
    const known = MENTION_ALL_ENGINES.includes(gateway.engine.toUpperCase())
    const refusal = gatewayRefusal("mentionAll", gateway, known ? MENTION_ALL_SINCE : undefined)
    return yield* new InvalidCampaign({ message: problem, ...refusal, field })
  }
})

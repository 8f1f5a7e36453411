import { Effect } from "effect"
import type { GatewayServerVersion } from "../ports/GatewayPort.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { oneLine } from "../text/oneLine.ts"
import { InvalidCampaign } from "./CampaignErrors.ts"
import { gatewayRefusal } from "./gatewayRefusal.ts"
import { olderThan } from "./mentionSupport.ts"

/**
 * The WAHA version each engine sends polls from (docs/waha-features.md §3, §5): NOWEB since 2023
 * (every version Herald meets), GOWS since 2025.5.5, WEBJS since 2025.12.2 (before, "not
 * implemented"). WPP is listed in WAHA's feature table without a version and is unverified; VENOM
 * is gone. SANDBOX is Herald's own simulated gateway (standalone), which accepts polls.
 */
const POLL_SINCE: Readonly<Record<string, ReadonlyArray<number>>> = {
  NOWEB: [0, 0, 0],
  GOWS: [2025, 5, 5],
  WEBJS: [2025, 12, 2],
  SANDBOX: [0, 0, 0]
}

/**
 * Why this gateway cannot send polls, in the user's terms, or null when it can. The engine is the
 * server's (GET /api/server/version): WAHA runs every session of a process on one engine.
 */
export const pollProblemOf = (gateway: GatewayServerVersion): string | null => {
  const engine = gateway.engine.toUpperCase()
  const since = POLL_SINCE[engine]
  if (since === undefined) {
    const named = engine === "" || engine === "UNKNOWN" ? "an engine it does not name" : oneLine(gateway.engine)
    return `this WhatsApp session's engine (${named}) cannot send polls; send a text instead, or ask the operator for a WAHA engine that can (NOWEB, GOWS 2025.5.5 or later, WEBJS 2025.12.2 or later)`
  }
  if (olderThan(gateway.version, since)) {
    return `the messaging gateway (WAHA ${oneLine(gateway.version)} on ${engine}) cannot send polls: that needs WAHA ${since.join(".")} or later; send a text instead, or ask the operator to upgrade`
  }
  return null
}

/**
 * Refuses a poll where the gateway cannot send one (InvalidCampaign on `field`, BAD_REQUEST),
 * before anything is saved, as requireMentionAll does for mentions; asked each time (an operator
 * may change the engine), a gateway that does not answer fails the request and nothing is saved.
 */
export const requirePolls = Effect.fn("requirePolls")(function* (field: string) {
  const gateway = yield* (yield* GatewayPort).serverVersion()
  const problem = pollProblemOf(gateway)
  if (problem !== null) {
    const refusal = gatewayRefusal("polls", gateway, POLL_SINCE[gateway.engine.toUpperCase()])
    return yield* new InvalidCampaign({ message: problem, ...refusal, field })
  }
})

import type { GatewayServerVersion } from "../ports/GatewayPort.ts"
import type { RefusalParams } from "../refusal.ts"
import { oneLine } from "../text/oneLine.ts"

/** What a plan may ask of the gateway that its engine or version may not offer. */
export const GATEWAY_FEATURES = [
  "polls",
  "mentionAll",
  "media",
  "mentionOnMedia",
  "channels",
  "channelPolls",
  "status",
  "statusChosen",
  "statusAll"
] as const
export type GatewayFeature = (typeof GATEWAY_FEATURES)[number]

/** InvalidCampaign's code and values for a gateway that cannot do `feature` (the reader's words: interfaces/web/refusalWords.ts). */
export interface GatewayRefusal {
  readonly code: "engineCannot" | "engineUnnamed" | "versionTooOld" | "mediaVersionTooOld"
  readonly params: RefusalParams
}

/**
 * `since`: the version the gateway's engine offers `feature` from, which it is older than; none:
 * its engine does not offer it at all. Called where the English problem was found, by the same table.
 */
export const gatewayRefusal = (
  feature: GatewayFeature,
  gateway: GatewayServerVersion,
  since: ReadonlyArray<number> | undefined
): GatewayRefusal => {
  if (since !== undefined) {
    // before the free image had media, WAHA Plus had it: the sentence says so, and to send a text instead
    const code = feature === "media" ? "mediaVersionTooOld" : "versionTooOld"
    return { code, params: { feature, version: oneLine(gateway.version), since: since.join(".") } }
  }
  const engine = oneLine(gateway.engine)
  return engine === "" || engine.toUpperCase() === "UNKNOWN"
    ? { code: "engineUnnamed", params: { feature } }
    : { code: "engineCannot", params: { feature, engine } }
}

import { Effect } from "effect"
import type { GatewayServerVersion } from "../ports/GatewayPort.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { oneLine } from "../text/oneLine.ts"
import { InvalidCampaign } from "./CampaignErrors.ts"
import { gatewayRefusal } from "./gatewayRefusal.ts"
import { olderThan } from "./mentionSupport.ts"

/** sendImage / sendFile are in WAHA's free image since 2026.6.1; before, only in Plus (docs/waha-features.md §2, §5). */
const MEDIA_IN_CORE_SINCE = [2026, 6, 1] as const
/** `mentions` on sendImage / sendFile since 2025.11.2 (changelog; §5's table) */
const MENTION_ON_MEDIA_SINCE = [2025, 11, 2] as const

/**
 * Why this gateway cannot send images and files, in the user's terms, or null when it can. The
 * version decides (§5: what `tier` reports from 2026.6.1 on is unclear); before 2026.6.1 a tier of
 * PLUS still can. SANDBOX is Herald's own simulated gateway (standalone), which accepts media.
 */
export const mediaProblemOf = (gateway: GatewayServerVersion): string | null => {
  if (gateway.engine.toUpperCase() === "SANDBOX") return null
  if (!olderThan(gateway.version, MEDIA_IN_CORE_SINCE)) return null
  if (gateway.tier.toUpperCase() === "PLUS") return null
  return `the messaging gateway (WAHA ${oneLine(gateway.version)} ${oneLine(gateway.tier)}) cannot send images or files: that needs WAHA 2026.6.1 or later (or WAHA Plus); send a text instead, or ask the operator to upgrade`
}

/** Why this gateway cannot mention everyone on an image or file, or null when it can (mentionSupport.ts checks the engine). */
export const mentionOnMediaProblemOf = (gateway: GatewayServerVersion): string | null =>
  olderThan(gateway.version, MENTION_ON_MEDIA_SINCE)
    ? `the messaging gateway (WAHA ${oneLine(gateway.version)}) cannot mention everyone on an image or file: that needs WAHA 2025.11.2 or later; turn "mention everyone" off for it, or ask the operator to upgrade`
    : null

/**
 * Refuses images and files where the gateway cannot send them (InvalidCampaign on `field`,
 * BAD_REQUEST), before anything is saved, as requirePolls does for polls; `mentionField`, when
 * given, names a message with media that mentions everyone, refused on a gateway too old for it.
 */
export const requireMedia = Effect.fn("requireMedia")(function* (field: string, mentionField?: string) {
  const gateway = yield* (yield* GatewayPort).serverVersion()
  const problem = mediaProblemOf(gateway)
  if (problem !== null)
    return yield* new InvalidCampaign({
      message: problem,
      ...gatewayRefusal("media", gateway, MEDIA_IN_CORE_SINCE),
      field
    })
  if (mentionField === undefined) return
  const mention = mentionOnMediaProblemOf(gateway)
  if (mention !== null)
    return yield* new InvalidCampaign({
      message: mention,
      ...gatewayRefusal("mentionOnMedia", gateway, MENTION_ON_MEDIA_SINCE),
      field: mentionField
    })
})

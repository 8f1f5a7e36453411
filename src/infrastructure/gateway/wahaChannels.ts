import { z } from "zod"
import type { ChannelRole, GatewayChannel } from "../../application/ports/GatewayPort.ts"

/**
 * How WAHA lists a session's channels (GET /api/{session}/channels, docs/reach.md "Listing the
 * channels a number can post to"): an array of `Channel` {id `…@newsletter`, name, invite,
 * preview, picture, role, description, verified, subscribersCount} on every engine, `role` one of
 * OWNER, ADMIN, SUBSCRIBER, GUEST. NOWEB and GOWS list every channel the number follows (GUEST
 * among them), WEBJS leaves GUEST out and answers `subscribersCount: null`; `preview`, `picture`
 * and `subscribersCount` may be null anywhere. Read leniently: an unknown role is GUEST.
 */
const ROLES = ["OWNER", "ADMIN", "SUBSCRIBER", "GUEST"] as const satisfies ReadonlyArray<ChannelRole>

const ChannelItem = z.object({
  id: z.string(),
  name: z.string().nullish(),
  role: z
    .string()
    .nullish()
    .transform((role): ChannelRole => ROLES.find((known) => known === role?.toUpperCase()) ?? "GUEST"),
  verified: z.boolean().nullish(),
  subscribersCount: z.number().nullish()
})

export const ChannelsBody = z.array(ChannelItem)

const NEWSLETTER = "@newsletter"

/** The channels of a listing, those with a `…@newsletter` id only, in the gateway's order. */
export const readChannels = (body: z.infer<typeof ChannelsBody>): ReadonlyArray<GatewayChannel> =>
  body
    .filter((c) => c.id.endsWith(NEWSLETTER) && c.id.length > NEWSLETTER.length)
    .map((c) => ({
      channelId: c.id,
      name: c.name ?? "",
      role: c.role,
      verified: c.verified === true,
      subscribers: c.subscribersCount ?? null
    }))

import { Effect } from "effect"
import { channelProblemOf, postableChannels } from "../campaign/channelSupport.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { findOwnedSession } from "./findOwnedSession.ts"
import { GatewayDirectory } from "./GatewayDirectory.ts"
import type { DirectoryPageInput } from "./pageOf.ts"
import { pageOf } from "./pageOf.ts"

/**
 * user.getMessagingChannels: the WhatsApp Channels this session's number may post to (OWNER or
 * ADMIN; channels it only follows are left out), an offset page, optionally only names containing
 * `search` (any case), as user.getMessagingGroups lists groups. Where the gateway's engine or
 * version cannot post to channels (channelSupport.ts), none are listed and `problem` says why in
 * the organiser's words, as planning would refuse them.
 */
export const getMessagingChannels = Effect.fn("getMessagingChannels")(function* (
  userId: string,
  input: DirectoryPageInput
) {
  const session = yield* findOwnedSession(userId, input.sessionName)
  const problem = channelProblemOf(yield* (yield* GatewayPort).serverVersion())
  if (problem !== null) return { items: [], problem }
  const channels = postableChannels(yield* (yield* GatewayDirectory).channels(session.sessionName))
  const needle = input.search?.trim().toLowerCase() ?? ""
  const matching = needle === "" ? channels : channels.filter((c) => c.name.toLowerCase().includes(needle))
  return pageOf(
    matching.map((c) => ({
      channelId: c.channelId,
      name: c.name,
      role: c.role,
      verified: c.verified,
      subscribers: c.subscribers
    })),
    input.cursor,
    input.limit
  )
})

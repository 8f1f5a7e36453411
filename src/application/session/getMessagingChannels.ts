import { Effect } from "effect"
import { channelProblemOf, postableChannels } from "../campaign/channelSupport.ts"
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
  const directory = yield* GatewayDirectory
  // the version is kept for the directory's minute, as the list is: a page or a search asks neither again
  const problem = channelProblemOf(yield* directory.serverVersion())
  if (problem !== null) return { items: [], problem }
  const channels = postableChannels(yield* directory.channels(session.sessionName))
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

import { Effect } from "effect"
import { findOwnedSession } from "./findOwnedSession.ts"
import { GatewayDirectory } from "./GatewayDirectory.ts"
import type { DirectoryPageInput } from "./pageOf.ts"
import { pageOf } from "./pageOf.ts"

/** user.getMessagingGroups: an offset page, optionally only names containing `search` (any case). */
export const getMessagingGroups = Effect.fn("getMessagingGroups")(function* (
  userId: string,
  input: DirectoryPageInput
) {
  const session = yield* findOwnedSession(userId, input.sessionName)
  const groups = yield* (yield* GatewayDirectory).groups(session.sessionName)
  const needle = input.search?.trim().toLowerCase() ?? ""
  const matching = needle === "" ? groups : groups.filter((g) => g.groupName.toLowerCase().includes(needle))
  return pageOf(
    matching.map((g) => ({ groupId: g.groupId, groupName: g.groupName })),
    input.cursor,
    input.limit
  )
})

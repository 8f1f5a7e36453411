import { Effect } from "effect"
import { findOwnedSession } from "./findOwnedSession.ts"
import { GatewayDirectory } from "./GatewayDirectory.ts"
import type { DirectoryPageInput } from "./pageOf.ts"
import { pageOf } from "./pageOf.ts"

/** user.getMessagingContacts: an offset page, optionally only names or numbers containing `search`. */
export const getMessagingContacts = Effect.fn("getMessagingContacts")(function* (
  userId: string,
  input: DirectoryPageInput
) {
  const session = yield* findOwnedSession(userId, input.sessionName)
  const contacts = yield* (yield* GatewayDirectory).contacts(session.sessionName)
  const needle = input.search?.trim().toLowerCase() ?? ""
  const digits = needle.replace(/\D/g, "")
  const matching =
    needle === ""
      ? contacts
      : contacts.filter(
          (c) => c.groupName.toLowerCase().includes(needle) || (digits !== "" && c.number.includes(digits))
        )
  return pageOf(
    matching.map((c) => ({ groupId: c.groupId, groupName: c.groupName, number: c.number, isContact: true as const })),
    input.cursor,
    input.limit
  )
})

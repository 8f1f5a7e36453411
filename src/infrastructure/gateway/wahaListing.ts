import { z } from "zod"
import type { GatewayContact, GatewayGroup } from "../../application/ports/GatewayPort.ts"
import { WahaId } from "./wahaId.ts"

/**
 * How WAHA lists groups, contacts and lids, engine by engine (read in WAHA's source, devlikeapro/waha):
 *
 * GET /api/{session}/groups
 * - WEBJS: an array of whatsapp-web.js GroupChat objects: `id` {server, user, _serialized}, `name`,
 *   `groupMetadata.subject`, participants under `groupMetadata.participants`.
 * - NOWEB: an object keyed by group id of Baileys GroupMetadata: `id` (string), `subject`, `participants`.
 * - GOWS: an array of whatsmeow GroupInfo objects dumped as they are: `JID`, `Name`, `Topic`, `Participants`.
 * Paging (`limit`, `offset`, `sortBy=id|subject`, `sortOrder`) since 2024.12.3, `exclude=participants`
 * since 2025.2.7; before, the whole list comes back whatever the query says. Without `sortBy` the engine's
 * order stands (WEBJS: recent activity), so pages drift when the list changes between calls.
 *
 * GET /api/contacts/all?session=
 * - WEBJS: whatsapp-web.js Contact with `id` serialized, `number`, `name`, `pushname`, `shortName`,
 *   `isMe`, `isGroup`, `isWAContact`, `isMyContact`, `isBlocked`.
 * - NOWEB (needs its store enabled): Baileys Contact: `id` as `…@c.us` or `…@lid`, `name`, `pushname`; no number.
 * - GOWS: `{id, name, pushname}` only, `id` as `…@c.us` or `…@lid`, "" for an unknown name.
 * Paging (`limit`, `offset`, `sortBy=id|name`, `sortOrder`) since 2024.10.9.
 *
 * GET /api/{session}/lids?limit&offset (since 2025.5.4): `[{lid: "…@lid", pn: "…@c.us" | null}]`, in lid order.
 */

/** One group of any engine; unknown keys (participants among them) are not kept. */
const GroupItem = z.object({
  // WEBJS, NOWEB
  id: WahaId.optional(),
  subject: z.string().nullish(),
  name: z.string().nullish(),
  groupMetadata: z.object({ subject: z.string().nullish() }).nullish(),
  // GOWS (whatsmeow)
  JID: z.string().optional(),
  Name: z.string().nullish()
})
type GroupItem = z.infer<typeof GroupItem>

/** WEBJS and GOWS answer an array, NOWEB an object keyed by group id. */
export const GroupsBody = z.union([z.array(GroupItem), z.record(z.string(), GroupItem)])

export type GroupsRead =
  | { readonly ok: true; readonly groups: ReadonlyArray<GatewayGroup> }
  | { readonly ok: false; readonly problem: string }

export const readGroups = (body: z.infer<typeof GroupsBody>): GroupsRead => {
  const entries: ReadonlyArray<readonly [string | undefined, GroupItem]> = Array.isArray(body)
    ? body.map((g) => [undefined, g] as const)
    : Object.entries(body)
  const groups: Array<GatewayGroup> = []
  for (const [key, g] of entries) {
    const groupId = g.id ?? g.JID ?? key
    if (groupId === undefined || groupId === "") return { ok: false, problem: "group without id" }
    groups.push({ groupId, groupName: g.subject || g.Name || g.name || g.groupMetadata?.subject || "" })
  }
  return { ok: true, groups }
}

const ContactItem = z.object({
  id: WahaId,
  number: z.string().nullish(),
  name: z.string().nullish(),
  pushname: z.string().nullish(),
  shortName: z.string().nullish(),
  verifiedName: z.string().nullish(),
  isGroup: z.boolean().nullish(),
  isBlocked: z.boolean().nullish(),
  isMe: z.boolean().nullish(),
  isWAContact: z.boolean().nullish()
})
export const ContactsBody = z.array(ContactItem)

export const LidsBody = z.array(z.object({ lid: z.string(), pn: z.string().nullish() }))

const C_US = "@c.us"
const LID = "@lid"

/** A contact the gateway lists by `@lid`, waiting for the phone number its lid maps to. */
export interface LidContact {
  readonly lid: string
  readonly name: string
}

export interface ContactsRead {
  /** in the gateway's order; a `LidContact` where the gateway listed an `@lid` entry */
  readonly entries: ReadonlyArray<GatewayContact | LidContact>
  /** the id of every entry served, kept or not */
  readonly served: ReadonlyArray<string>
}

const nameOf = (c: z.infer<typeof ContactItem>): string => c.name || c.pushname || c.shortName || c.verifiedName || ""

/**
 * Which entries are contacts: `@c.us` ids that are not groups, not blocked, not me, WhatsApp contacts with a
 * number; `@lid` entries that pass the same flags are set aside to be mapped.
 */
export const readContacts = (body: z.infer<typeof ContactsBody>): ContactsRead => {
  const entries: Array<GatewayContact | LidContact> = []
  const served: Array<string> = []
  for (const c of body) {
    const id = c.id
    served.push(id)
    if (c.isGroup === true || c.isBlocked === true || c.isMe === true || c.isWAContact === false) continue
    if (id.endsWith(LID)) {
      if (id.length > LID.length) entries.push({ lid: id, name: nameOf(c) })
      continue
    }
    if (!id.endsWith(C_US)) continue
    const number = c.number || id.slice(0, -C_US.length).replace(/\D/g, "")
    if (number === "") continue
    entries.push({ groupId: id, groupName: nameOf(c) || number, number, isContact: true })
  }
  return { entries, served }
}

export const isLidContact = (entry: GatewayContact | LidContact): entry is LidContact => "lid" in entry

/** The contact a lid maps to, or undefined when the lid table has no `@c.us` number for it. */
export const mappedContact = (entry: LidContact, pn: string | null | undefined): GatewayContact | undefined => {
  if (pn === null || pn === undefined || !pn.endsWith(C_US)) return undefined
  const number = pn.slice(0, -C_US.length).replace(/\D/g, "")
  if (number === "") return undefined
  return { groupId: `${number}${C_US}`, groupName: entry.name || number, number, isContact: true }
}

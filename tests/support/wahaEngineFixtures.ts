/**
 * What WAHA's three engines answer to GET /api/{session}/groups and GET /api/contacts/all, built from
 * one neutral description, so a suite can run against every engine. The shapes follow WAHA's own
 * source (devlikeapro/waha):
 * - WEBJS groups: whatsapp-web.js GroupChat objects, an array (session.webjs.core.ts getGroups);
 *   participants under groupMetadata.participants.
 * - NOWEB groups: Baileys GroupMetadata, an object keyed by group id "for backward compatibility"
 *   (session.noweb.core.ts getGroups: keyBy(groups, 'id')).
 * - GOWS groups: whatsmeow GroupInfo dumped as is, {JID, Name, Topic, Participants, …}, an array
 *   (session.gows.core.ts getGroups; types.group.ts GroupInfoFull).
 * - WEBJS contacts: whatsapp-web.js Contact with id serialized (number, isMe, isGroup, isWAContact, …).
 * - NOWEB contacts: Baileys Contact, id in @c.us or @lid form, `notify` renamed `pushname`, no number.
 * - GOWS contacts: {id, name, pushname} only (toWAContact), id in @c.us or @lid form, "" for unknown names.
 */

export type WahaEngine = "WEBJS" | "NOWEB" | "GOWS"
export const ENGINES: ReadonlyArray<WahaEngine> = ["WEBJS", "NOWEB", "GOWS"]

export interface GroupSpec {
  readonly id: string
  readonly subject: string
  /** `<digits>@c.us` or `<digits>@lid` */
  readonly participants?: ReadonlyArray<string>
}

export interface ContactSpec {
  /** `<digits>@c.us`, `<digits>@lid` or `<digits>@g.us` */
  readonly id: string
  readonly name?: string
  readonly pushname?: string
  /** only engines that report them (WEBJS) carry these flags */
  readonly isMe?: boolean
  readonly isBlocked?: boolean
  readonly isWAContact?: boolean
}

const serialized = (id: string) => {
  const [user = "", server = ""] = id.split("@")
  return { server, user, _serialized: id }
}

const webjsGroup = (g: GroupSpec) => ({
  groupMetadata: {
    id: serialized(g.id),
    creation: 1_700_000_000,
    owner: serialized("15550009999@c.us"),
    subject: g.subject,
    subjectTime: 1_700_000_000,
    desc: "",
    restrict: false,
    announce: false,
    size: (g.participants ?? []).length,
    participants: (g.participants ?? []).map((p) => ({ id: serialized(p), isAdmin: false, isSuperAdmin: false })),
    pendingParticipants: [],
    pastParticipants: [],
    membershipApprovalRequests: []
  },
  id: serialized(g.id),
  name: g.subject,
  isGroup: true,
  isReadOnly: false,
  unreadCount: 0,
  timestamp: 1_700_000_000,
  archived: false,
  pinned: false,
  isMuted: false,
  muteExpiration: 0,
  lastMessage: null
})

const nowebGroup = (g: GroupSpec) => ({
  id: g.id,
  addressingMode: "lid",
  subject: g.subject,
  subjectOwner: "15550009999@s.whatsapp.net",
  subjectTime: 1_700_000_000,
  size: (g.participants ?? []).length,
  creation: 1_700_000_000,
  owner: "15550009999@s.whatsapp.net",
  desc: "",
  restrict: false,
  announce: false,
  isCommunity: false,
  isCommunityAnnounce: false,
  joinApprovalMode: false,
  memberAddMode: false,
  participants: (g.participants ?? []).map((p) => ({ id: p, admin: null }))
})

const gowsGroup = (g: GroupSpec) => ({
  JID: g.id,
  OwnerJID: "15550009999@s.whatsapp.net",
  Name: g.subject,
  NameSetAt: "2023-11-14T22:13:20Z",
  NameSetBy: "15550009999@s.whatsapp.net",
  Topic: "",
  TopicID: "",
  TopicSetAt: "0001-01-01T00:00:00Z",
  TopicSetBy: "",
  TopicDeleted: false,
  IsLocked: false,
  IsAnnounce: false,
  AnnounceVersionID: "",
  IsEphemeral: false,
  DisappearingTimer: 0,
  IsIncognito: false,
  IsParent: false,
  DefaultMembershipApprovalMode: "",
  LinkedParentJID: "",
  IsDefaultSubGroup: false,
  IsJoinApprovalRequired: false,
  GroupCreated: "2023-11-14T22:13:20Z",
  ParticipantVersionID: "1700000000000000",
  Participants: (g.participants ?? []).map((p) => ({
    JID: p.replace("@c.us", "@s.whatsapp.net"),
    PhoneNumber: p.endsWith("@c.us") ? p.replace("@c.us", "@s.whatsapp.net") : "",
    LID: p.endsWith("@lid") ? p : "",
    IsAdmin: false,
    IsSuperAdmin: false,
    DisplayName: "",
    Error: 0,
    AddRequest: null
  })),
  MemberAddMode: "admin_add"
})

/** The body of GET /api/{session}/groups for these groups, as `engine` answers it. */
export const engineGroups = (
  engine: WahaEngine,
  groups: ReadonlyArray<GroupSpec>
): ReadonlyArray<unknown> | Record<string, unknown> => {
  switch (engine) {
    case "WEBJS":
      return groups.map(webjsGroup)
    case "NOWEB":
      return Object.fromEntries(groups.map((g) => [g.id, nowebGroup(g)]))
    case "GOWS":
      return groups.map(gowsGroup)
  }
}

const digits = (id: string) => id.split("@")[0] ?? ""

const webjsContact = (c: ContactSpec) => ({
  id: c.id,
  number: digits(c.id),
  isBusiness: false,
  isEnterprise: false,
  labels: [],
  name: c.name,
  pushname: c.pushname,
  sectionHeader: null,
  shortName: c.name?.split(" ")[0],
  statusMute: false,
  type: "in",
  isMe: c.isMe ?? false,
  isUser: !c.id.endsWith("@g.us"),
  isGroup: c.id.endsWith("@g.us"),
  isWAContact: c.isWAContact ?? true,
  isMyContact: c.name !== undefined,
  isBlocked: c.isBlocked ?? false
})

// Baileys leaves out what it does not know; WAHA renames `notify` to `pushname`
const nowebContact = (c: ContactSpec) => ({
  id: c.id,
  ...(c.name === undefined ? {} : { name: c.name }),
  ...(c.pushname === undefined ? {} : { pushname: c.pushname })
})

// Go strings: "" when unknown
const gowsContact = (c: ContactSpec) => ({ id: c.id, name: c.name ?? "", pushname: c.pushname ?? "" })

/** The body of GET /api/contacts/all for these contacts, as `engine` answers it. */
export const engineContacts = (engine: WahaEngine, contacts: ReadonlyArray<ContactSpec>): ReadonlyArray<unknown> => {
  switch (engine) {
    case "WEBJS":
      return contacts.map(webjsContact)
    case "NOWEB":
      return contacts.map(nowebContact)
    case "GOWS":
      return contacts.map(gowsContact)
  }
}

/**
 * The number's Status as a campaign target (issue 25 item 2, docs/reach.md "2. Status"): the
 * target whose id is WhatsApp's `status@broadcast`. Each planned message gets its own Status copy,
 * claimed, sent once and reported like a group's; a text Status is drawn on a background colour
 * in a font, an image Status carries its caption. Who sees it: the chosen contacts, or (none
 * chosen) everyone the phone's Status privacy allows.
 */

/** WhatsApp's chat id of the Status (WAHA's `Jid.BROADCAST`). */
export const STATUS_TARGET_ID = "status@broadcast"
/** What the Status target is called where a group's name would stand. */
export const STATUS_TARGET_NAME = "My Status"

/**
 * WhatsApp's `ExtendedTextMessage.FontType` numbers that current clients name (Baileys' proto:
 * SYSTEM 0, SYSTEM_TEXT 1, FB_SCRIPT 2, SYSTEM_BOLD 6, MORNINGBREEZE_REGULAR 7, CALISTOGA_REGULAR 8,
 * EXO2_EXTRABOLD 9, COURIERPRIME_BOLD 10); what each engine draws for each was not checked.
 */
export const STATUS_FONTS = [0, 1, 2, 6, 7, 8, 9, 10] as const
export type StatusFont = (typeof STATUS_FONTS)[number]

/** WAHA's default `backgroundColor` (TextStatus in its OpenAPI). */
export const DEFAULT_STATUS_BACKGROUND = "#38b42f"

/**
 * How many chosen contacts one Status may go to: Herald's bound (one NOWEB chunk of 5,000 is
 * its own; GOWS batches 500 at a time since 2026.5.1, so 2,000 is four batches).
 */
export const MAX_STATUS_CONTACTS = 2_000

/**
 * How the campaign's Status posts look and who sees them, on the Status target: one colour and
 * font for every text Status of the campaign (an image Status has its caption and no colour).
 * `contacts` null: all contacts (WAHA's `contacts` left out).
 */
export interface StatusPost {
  /** `#rrggbb` */
  readonly backgroundColor: string
  readonly font: StatusFont
  /** `<digits>@c.us` or `<digits>@lid`, none twice; null: all contacts */
  readonly contacts: ReadonlyArray<string> | null
}

export const defaultStatusPost: StatusPost = { backgroundColor: DEFAULT_STATUS_BACKGROUND, font: 0, contacts: null }

export const isStatusFont = (n: number): n is StatusFont => STATUS_FONTS.some((f) => f === n)

const COLOUR = /^#[0-9a-fA-F]{6}$/
const CONTACT = /^\d{5,20}@(c\.us|lid)$/

/** What is wrong with a Status's settings and where (`backgroundColor`, `font`, `contacts` or `contacts.<i>`), or null. */
/** What is wrong with a Status's settings: its English words, where, and a stable code with its values for other languages. */
export interface StatusPostProblem {
  readonly message: string
  readonly at: string
  readonly code:
    | "statusColour"
    | "statusFont"
    | "statusNoContacts"
    | "statusTooManyContacts"
    | "statusNotContact"
    | "statusContactTwice"
  readonly params: Readonly<Record<string, string | number>>
}

export const statusPostProblem = (post: StatusPost): StatusPostProblem | null => {
  if (!COLOUR.test(post.backgroundColor)) {
    return {
      message: "a Status's background colour is written #rrggbb, e.g. #38b42f",
      at: "backgroundColor",
      code: "statusColour",
      params: {}
    }
  }
  if (!isStatusFont(post.font)) {
    return {
      message: `a Status's font is one of ${STATUS_FONTS.join(", ")}`,
      at: "font",
      code: "statusFont",
      params: { fonts: STATUS_FONTS.join(", ") }
    }
  }
  if (post.contacts === null) return null
  if (post.contacts.length === 0) {
    return {
      message: "choose at least one contact to see the Status, or let all your contacts see it",
      at: "contacts",
      code: "statusNoContacts",
      params: {}
    }
  }
  if (post.contacts.length > MAX_STATUS_CONTACTS) {
    return {
      message: `a Status may go to at most ${MAX_STATUS_CONTACTS.toLocaleString("en-US")} chosen contacts (this one has ${post.contacts.length.toLocaleString("en-US")}); let all your contacts see it instead`,
      at: "contacts",
      code: "statusTooManyContacts",
      params: { max: MAX_STATUS_CONTACTS, count: post.contacts.length }
    }
  }
  const seen = new Set<string>()
  for (const [i, contact] of post.contacts.entries()) {
    if (!CONTACT.test(contact)) {
      return {
        message: "this is not a WhatsApp contact: pick contacts from your list",
        at: `contacts.${i}`,
        code: "statusNotContact",
        params: {}
      }
    }
    if (seen.has(contact))
      return { message: "this contact is chosen twice", at: `contacts.${i}`, code: "statusContactTwice", params: {} }
    seen.add(contact)
  }
  return null
}

/** Sane bounds on a plan (docs/api.md#campaigns); beyond them campaign.create is BAD_REQUEST. */
export const MAX_MESSAGES_PER_CAMPAIGN = 1_000
/** WhatsApp takes far longer texts, but a scheduled group message longer than this is a mistake. */
export const MAX_CONTENT_LENGTH = 4_096
export const MAX_TITLE_LENGTH = 200
/** Groups one campaign may send to (campaign.create `targets`); each gets its own copy of every message. */
export const MAX_TARGETS_PER_CAMPAIGN = 50

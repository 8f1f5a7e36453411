import type { Effect } from "effect"
import type { getCampaign } from "../../../application/campaign/getCampaign.ts"
import type { getPollResults } from "../../../application/campaign/getPollResults.ts"
import type { listCampaigns } from "../../../application/campaign/listCampaigns.ts"
import type { listUpcomingMessages } from "../../../application/campaign/listUpcomingMessages.ts"
import type { previewCampaign } from "../../../application/campaign/previewCampaign.ts"
import type { readMessageCsv } from "../../../application/campaign/readMessageCsv.ts"
import type { MessageView } from "../../../application/ports/MessageRepository.ts"
import type { getMessagingSession } from "../../../application/session/getMessagingSession.ts"
import type { FailureKind } from "../../../domain/message/failureKind.ts"
import { failureKindOf } from "../../../domain/message/failureKind.ts"
import type { RecordedVote } from "../../../domain/poll/PollVotes.ts"
import { voterWords } from "../../../domain/poll/PollVotes.ts"
import type { ErrorReader } from "../refusalWords.ts"
import { sentence } from "../refusalWords.ts"

/**
 * What the routers send: use cases return instants as epoch ms and name fields for the
 * application; these shape them as the web contract has them (docs/architecture.md#the-web-contract):
 * instants as ISO-8601 strings in UTC, field names as clients know them.
 */

const iso = (ms: number): string => new Date(ms).toISOString()
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms))

/** what a use case gives when it succeeds */
type Output<F extends (...args: never) => Effect.Effect<unknown, unknown, unknown>> = Effect.Success<ReturnType<F>>

/**
 * A failure's kind (domain/message/failureKind.ts) beside its stored reason: what the browser and
 * clients show in plain words; the reason stays for operators. Nothing when there is no failure.
 */
const failureOf = (
  failureReason: string | undefined | null,
  status?: string
): { readonly failureReason?: string; readonly failureKind?: FailureKind } =>
  failureReason === null || failureReason === undefined
    ? {}
    : { failureReason, failureKind: failureKindOf(failureReason, status) }

/** campaign.list: each item's next send as ISO, and a failed one's kind of failure. */
export const toWireCampaignPage = (page: Output<typeof listCampaigns>) => ({
  ...page,
  items: page.items.map(({ failureReason, ...item }) => ({
    ...item,
    nextScheduledAt: isoOrNull(item.nextScheduledAt),
    ...failureOf(failureReason)
  }))
})

/** campaign.upcoming's page: instants as ISO, the cursor of the next page as `<epoch ms>:<id>`. */
export const toWireUpcomingPage = ({ items, next }: Output<typeof listUpcomingMessages>) => ({
  items: items.map((item) => ({ ...item, scheduledAt: iso(item.scheduledAt) })),
  ...(next === undefined ? {} : { nextCursor: `${next.scheduledAt}:${next.id}` })
})

/** campaign.get's message: its instants as ISO, whether delivered and read, the failure reason only when there is one. */
const toWireCampaignMessage = (m: MessageView) => ({
  id: m.id,
  content: m.content,
  scheduledAt: iso(m.scheduledAt),
  // the group this copy goes to (a campaign of several groups has one copy per group)
  groupId: m.groupId,
  groupName: m.groupName,
  status: m.status,
  isSent: m.isSent,
  isPicked: m.isPicked,
  isDeleted: m.isDeleted,
  sentAt: isoOrNull(m.sentAt),
  // delivery receipts from the gateway's webhook: when first delivered / read, and for a group how many members
  isDelivered: m.deliveredAt !== null,
  deliveredAt: isoOrNull(m.deliveredAt),
  isRead: m.readAt !== null,
  readAt: isoOrNull(m.readAt),
  deliveredCount: m.deliveredCount,
  readCount: m.readCount,
  // "send again": the message this one sends again, and the latest one sending it again (null: none)
  resendOf: m.resendOf,
  resentAs: m.resentAs,
  // sent with WAHA's mentions: ["all"] (every member of the group)
  mentionAll: m.mentionAll,
  // a poll ({options, multipleAnswers}; content is its question), null for a text
  poll: m.poll,
  // an image or file ({id, mimetype, filename, size, kind}; content is its caption), null for none;
  // its bytes at GET /api/media/<id>
  media: m.media,
  // why it was not sent: as stored, and its kind (what the browser says in plain words)
  ...failureOf(m.failureReason, m.status)
})

/** campaign.get: the campaign with its messages shaped for the wire. */
export const toWireCampaign = ({ failureReason, ...campaign }: Output<typeof getCampaign>) => ({
  ...campaign,
  ...failureOf(failureReason),
  messages: campaign.messages.map(toWireCampaignMessage)
})

/** campaign.preview: each message's time as ISO (its zoned reading as it is). */
export const toWirePreview = (preview: Output<typeof previewCampaign>) => ({
  ...preview,
  messages: preview.messages.map((m) => ({ ...m, scheduledAt: iso(m.scheduledAt) }))
})

/**
 * campaign.importCsv: each good row's time as ISO (its zoned reading as it is); each problem in the
 * reader's words when they asked (refusalWords.ts), else its English, without its code.
 */
export const toWireCsvReading = (reading: Output<typeof readMessageCsv>, reader: ErrorReader | null) => ({
  messages: reading.messages.map(({ noteCode, noteParams, ...m }) => ({
    ...m,
    scheduledAt: iso(m.scheduledAt),
    note: noteCode === null || reader === null ? m.note : (sentence(reader, `csv.${noteCode}`, noteParams) ?? m.note)
  })),
  problems: reading.problems.map((p) => ({
    line: p.line,
    message: (reader === null ? null : sentence(reader, `csv.${p.code}`, p.params)) ?? p.message
  }))
})

/** user.getMessagingSession's session: instants as ISO, its groups under `MessagingGroups`. */
export const toWireMessagingSession = (session: NonNullable<Output<typeof getMessagingSession>>) => ({
  id: session.id,
  sessionName: session.sessionName,
  phoneNumber: session.phoneNumber,
  gatewayStatus: session.gatewayStatus,
  gatewayStatusAt: isoOrNull(session.gatewayStatusAt),
  userId: session.userId,
  createdAt: iso(session.createdAt),
  updatedAt: iso(session.updatedAt),
  MessagingGroups: session.groups
})

const toWireVoter = (vote: RecordedVote) => {
  const { name, number } = voterWords(vote)
  return { voter: vote.voter, name, number, votedAt: iso(vote.votedAt) }
}

export const toWirePollResults = (results: Output<typeof getPollResults>) => ({
  messageId: results.messageId,
  question: results.question,
  multipleAnswers: results.multipleAnswers,
  sentAt: isoOrNull(results.sentAt),
  sessionName: results.sessionName,
  options: results.tally.options.map((o) => ({
    option: o.option,
    count: o.voters.length,
    voters: o.voters.map(toWireVoter)
  })),
  unreadable: results.tally.unreadable.map(toWireVoter),
  voters: results.tally.voters
})

import { Clock, Effect } from "effect"
import { gatewayMessageKey } from "../../domain/message/Message.ts"
import type { PollVote } from "../../domain/poll/PollVotes.ts"
import { PollAggregate } from "../eventSourcing/Aggregates.ts"
import { CONTENDED, execute } from "../eventSourcing/execute.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"

/** A vote on a poll as the gateway reported it (WAHA's `poll.vote` / `poll.vote.failed`). */
export interface PollVoteReport {
  /** the gateway's name of the session the poll was sent from */
  readonly sessionName: string
  /** the gateway's id of the poll message (`poll.id`), in any of its serialized forms */
  readonly pollMessageId: string
  readonly vote: PollVote
  /** false: the report gave no time of its own (`vote.votedAt` is when Herald heard of it) */
  readonly dated: boolean
}

/**
 * recorded: the vote is kept (the voter's earlier one replaced); duplicate: no new vote (a replay,
 * an older vote arriving late, an undated one holding the voter's current choice; at most the
 * voter's name or other id is learnt from it); unknown: no poll of Herald's has that id in that session
 * (a poll sent from the phone or by another tool); ignored: not one of Herald's polls in a state
 * that takes votes, or a vote that does not fit the poll (`reason` says which).
 */
export type PollVoteOutcome =
  | { readonly result: "recorded" | "duplicate" | "unknown" }
  | { readonly result: "ignored"; readonly reason: string }

/** `120363…@g.us` for `true_120363…@g.us_ABCDEF`; null when the id names no chat. */
const chatOf = (gatewayMessageId: string): string | null => {
  const [fromMe, chat] = gatewayMessageId.split("_")
  return (fromMe === "true" || fromMe === "false") && chat !== undefined && chat !== "" ? chat : null
}

/** A one-to-one chat: a contact's number or hidden id. */
const isContact = (chat: string): boolean => /@(c\.us|s\.whatsapp\.net|lid)$/.test(chat)

/**
 * Whether the chat a vote names can be the poll's. The session and the message's key already
 * identify Herald's poll; the chat is compared only where it means something: a group or a
 * channel. In a one-to-one chat NOWEB names the poll from the voter's side
 * (`false_<the organiser's own number>_<key>`, where GOWS mends the key and NOWEB does not), and
 * a contact may be named by their hidden id (`@lid`) in one and by their number in the other.
 */
const chatFits = (voteChat: string, pollChat: string): boolean => {
  if (isContact(voteChat) && isContact(pollChat)) return true
  const norm = (chat: string) => chat.replace(/@s\.whatsapp\.net$/, "@c.us")
  return norm(voteChat) === norm(pollChat)
}

/**
 * Records a vote against the poll message it answers: only a poll Herald sent in that session
 * (chatFits); a voter's newer vote replaces the earlier (PollVotesDecider).
 */
export const recordPollVote = Effect.fn("recordPollVote")(function* (report: PollVoteReport) {
  const session = yield* (yield* SessionRepository).findByName(report.sessionName)
  if (session === null) return { result: "unknown" } satisfies PollVoteOutcome
  const message = yield* (yield* MessageRepository).findByGatewayMessage(
    session.id,
    gatewayMessageKey(report.pollMessageId)
  )
  if (message === null) return { result: "unknown" } satisfies PollVoteOutcome
  if (message.poll === null) return { result: "ignored", reason: "not a poll" } satisfies PollVoteOutcome
  if (!message.isSent) return { result: "ignored", reason: "poll not sent" } satisfies PollVoteOutcome
  const chat = chatOf(report.pollMessageId)
  if (chat !== null && !chatFits(chat, message.groupId))
    return { result: "ignored", reason: "another chat" } satisfies PollVoteOutcome
  const now = yield* Clock.currentTimeMillis
  // the results view's version: the stream is read up to it, not searched past it (execute)
  const knownVersion = yield* PollAggregate.projectedVersion(message.id)
  const outcome = yield* execute(PollAggregate)(
    message.id,
    {
      type: "RecordVote",
      messageId: message.id,
      campaignId: message.campaignId,
      vote: report.vote,
      poll: message.poll,
      now,
      dated: report.dated
    },
    { ...(knownVersion > 0 ? { knownVersion } : {}), conflictSchedule: CONTENDED }
  )
  if (outcome._tag === "Rejected")
    return {
      result: "ignored",
      reason: outcome.rejection._tag === "UnknownOption" ? "unknown option" : "too many options"
    } satisfies PollVoteOutcome
  // a name or another id learnt on the same vote again (PollVoterNamed) is no new vote
  return {
    result: outcome.events.some((e) => e.type === "PollVoteRecorded") ? "recorded" : "duplicate"
  } satisfies PollVoteOutcome
})

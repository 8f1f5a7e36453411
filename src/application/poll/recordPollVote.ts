import { Clock, Effect } from "effect"
import { gatewayMessageKey } from "../../domain/message/Message.ts"
import type { PollVote } from "../../domain/poll/PollVotes.ts"
import { PollAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"

/** A vote on a poll as the gateway reported it (WAHA's `poll.vote` / `poll.vote.failed`). */
export interface PollVoteReport {
  /** the gateway's name of the session the poll was sent from */
  readonly sessionName: string
  /** the gateway's id of the poll message (`poll.id`), in any of its serialized forms */
  readonly pollMessageId: string
  readonly vote: PollVote
}

/**
 * recorded: the vote is kept (the voter's earlier one replaced); duplicate: it changes nothing (a
 * replay, an older vote arriving late); unknown: no poll of Herald's has that id in that session
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

const sameChat = (a: string, b: string): boolean => {
  const norm = (chat: string) => chat.replace(/@s\.whatsapp\.net$/, "@c.us")
  // a contact may be named by its hidden id (`@lid`) in one and by its number in the other
  if (a.endsWith("@lid") || b.endsWith("@lid")) return true
  return norm(a) === norm(b)
}

/**
 * Records a vote against the poll message it answers: only a poll Herald sent in that session,
 * to the chat the vote names; a voter's newer vote replaces the earlier (PollVotesDecider).
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
  if (chat !== null && !sameChat(chat, message.groupId))
    return { result: "ignored", reason: "another chat" } satisfies PollVoteOutcome
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(PollAggregate)(message.id, {
    type: "RecordVote",
    messageId: message.id,
    campaignId: message.campaignId,
    vote: report.vote,
    poll: message.poll,
    now
  })
  if (outcome._tag === "Rejected")
    return {
      result: "ignored",
      reason: outcome.rejection._tag === "UnknownOption" ? "unknown option" : "too many options"
    } satisfies PollVoteOutcome
  return { result: outcome.events.length === 0 ? "duplicate" : "recorded" } satisfies PollVoteOutcome
})

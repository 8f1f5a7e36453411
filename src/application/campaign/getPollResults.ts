import { Effect } from "effect"
import type { PollTally, RecordedVote } from "../../domain/poll/PollVotes.ts"
import { tallyPoll } from "../../domain/poll/PollVotes.ts"
import { PollResultsRepository } from "../ports/PollResultsRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { CampaignMessageNotFound } from "./CampaignErrors.ts"
import { ownedMessage } from "./ownedMessage.ts"

export interface PollResults {
  readonly messageId: string
  readonly question: string
  readonly multipleAnswers: boolean
  /** when the poll was sent, ms; null before */
  readonly sentAt: number | null
  /** the campaign's own WhatsApp connection, whose webhook brings the votes; null once it is gone */
  readonly sessionName: string | null
  readonly tally: PollTally
  /** every vote kept, one per voter (a voter who took every choice back too) */
  readonly votes: ReadonlyArray<RecordedVote>
}

/**
 * The votes on a poll of the caller's campaign (docs/reach.md#3-poll-results): per option how many
 * chose it and who, the votes Herald could not read apart. Any other message, or a message that is
 * not a poll, is NOT_FOUND.
 */
export const getPollResults = Effect.fn("getPollResults")(function* (
  userId: string,
  campaignId: string,
  messageId: string
) {
  const { campaign, message } = yield* ownedMessage(userId, campaignId, messageId)
  if (message.poll === null) return yield* new CampaignMessageNotFound()
  const view = yield* (yield* PollResultsRepository).get(message.id)
  const session = yield* (yield* SessionRepository).get(campaign.sessionId)
  const votes = view?.votes ?? []
  return {
    messageId: message.id,
    question: message.content,
    multipleAnswers: message.poll.multipleAnswers,
    sentAt: message.sentAt,
    sessionName: session?.sessionName ?? null,
    tally: tallyPoll(message.poll, votes),
    votes
  } satisfies PollResults
})

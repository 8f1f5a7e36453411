import type { Poll } from "../message/Poll.ts"
import type { DecideResult, Decider } from "../shared/Decider.ts"
import { accept, reject } from "../shared/Decider.ts"

/**
 * The votes on one poll Herald sent (issue 25 item 3, docs/reach.md#3-poll-results): a decider of
 * its own, stream `poll-<messageId>`, so the message's stream and view stay as they are. WAHA
 * reports votes as `poll.vote` events (`poll.vote.failed` when it could not read one); each
 * carries all the options the voter holds at that moment, so a voter's later vote replaces the
 * earlier one.
 */
export interface PollVote {
  /** `<digits>@c.us`, `<id>@lid`, or "me" for the organiser's own phone; the number when both are known */
  readonly voter: string
  /**
   * the voter's hidden id (`<id>@lid`) when WhatsApp named them by number too: the same person,
   * so a vote under either id is theirs (WhatsApp uses one or the other from one event to the next)
   */
  readonly lid: string | null
  /** the name the voter gave WhatsApp (WAHA's pushName), when the event carried one */
  readonly voterName: string | null
  /** the options chosen, as the poll's own strings; empty: the voter took every choice back */
  readonly options: ReadonlyArray<string>
  /** when the voter voted, ms */
  readonly votedAt: number
  /** false: a `poll.vote.failed`, the choice could not be read */
  readonly readable: boolean
}

/** A vote as kept: when Herald recorded it too. */
export interface RecordedVote extends PollVote {
  readonly recordedAt: number
}

/**
 * PollVoteRecorded: a voter's new vote. PollVoterNamed: the same vote again, telling who the voter
 * is (a name, or their other id) that was not known: the entry learns it, no new vote (so no
 * outgoing `poll.vote`, docs/api.md#webhooks).
 */
export type PollVotesEvent = {
  readonly type: "PollVoteRecorded" | "PollVoterNamed"
  readonly messageId: string
  readonly campaignId: string
  readonly at: number
  readonly vote: PollVote
}

export type PollVotesCommand = {
  readonly type: "RecordVote"
  readonly messageId: string
  readonly campaignId: string
  readonly vote: PollVote
  /** the poll's options and whether several may be chosen, from the message */
  readonly poll: Poll
  readonly now: number
  /**
   * false: the report gave no time of its own (`vote.votedAt` is then when Herald heard of it), so
   * it cannot tell a newer vote from a retry; one holding the voter's current choice is a duplicate
   */
  readonly dated: boolean
}

export type PollVotesRejection =
  | { readonly _tag: "UnknownOption"; readonly option: string }
  | { readonly _tag: "TooManyOptions"; readonly count: number }

export interface PollVotesState {
  /** the poll message's id; "" before the first vote */
  readonly id: string
  readonly campaignId: string
  /** one per voter, in the order they first voted */
  readonly votes: ReadonlyArray<RecordedVote>
  readonly version: number
}

export const initialPollVotesState: PollVotesState = { id: "", campaignId: "", votes: [], version: 0 }

/** What a vote is compared by when two carry the same time: readable after unreadable, then its options. */
const tieKey = (vote: PollVote): string => `${vote.readable ? 1 : 0}\u0000${vote.options.join("\u0000")}`

/**
 * Whether `next` replaces `current`: newer (`votedAt` greater), or at the same time when it sorts
 * after it, so replays and retries out of order end in one state whatever their order. An older
 * or identical vote does not (a name learnt with it is kept apart: learnsVoter).
 */
export const replacesVote = (current: PollVote | undefined, next: PollVote): boolean => {
  if (current === undefined) return true
  if (next.votedAt !== current.votedAt) return next.votedAt > current.votedAt
  return tieKey(next) > tieKey(current)
}

const idsOf = (vote: Pick<PollVote, "voter" | "lid">): ReadonlyArray<string> =>
  vote.lid === null ? [vote.voter] : [vote.voter, vote.lid]

/** Whether two votes are one person's: an id in common (the number or the hidden id). */
export const sameVoter = (a: Pick<PollVote, "voter" | "lid">, b: Pick<PollVote, "voter" | "lid">): boolean =>
  idsOf(a).some((id) => idsOf(b).includes(id))

const isLid = (id: string): boolean => id.endsWith("@lid")

/** Who the voter is from both: keyed by the number when either knows it, the hidden id kept beside it, a name kept. */
const mergeVoter = (current: PollVote | undefined, next: PollVote): Pick<PollVote, "voter" | "lid" | "voterName"> => {
  if (current === undefined) return { voter: next.voter, lid: next.lid, voterName: next.voterName }
  const ids = [...idsOf(next), ...idsOf(current)]
  return {
    voter: ids.find((id) => !isLid(id)) ?? next.voter,
    lid: ids.find((id) => isLid(id) && ids.some((other) => !isLid(other))) ?? null,
    voterName: next.voterName ?? current.voterName
  }
}

/** Whether `next` tells who the voter of `current` is beyond what is kept: a name, or another id. */
const learnsVoter = (current: PollVote, next: PollVote): boolean =>
  (current.voterName === null && next.voterName !== null) || idsOf(next).some((id) => !idsOf(current).includes(id))

const sameChoice = (a: PollVote, b: PollVote): boolean => tieKey(a) === tieKey(b)

/** The vote kept for this voter under any of their ids: the newest, should two entries turn out to be one person. */
const currentVote = (votes: ReadonlyArray<RecordedVote>, vote: PollVote): RecordedVote | undefined =>
  votes
    .filter((v) => sameVoter(v, vote))
    .reduce<RecordedVote | undefined>(
      (newest, v) => (newest === undefined || replacesVote(newest, v) ? v : newest),
      undefined
    )

const decidePollVotes = (
  command: PollVotesCommand,
  state: PollVotesState
): DecideResult<PollVotesEvent, PollVotesRejection> => {
  const { vote, poll } = command
  if (vote.readable) {
    const unknown = vote.options.find((option) => !poll.options.includes(option))
    if (unknown !== undefined) return reject({ _tag: "UnknownOption", option: unknown })
    if (!poll.multipleAnswers && vote.options.length > 1)
      return reject({ _tag: "TooManyOptions", count: vote.options.length })
  }
  // an option chosen twice counts once; the poll's order, not the voter's clicks
  const options = vote.readable ? poll.options.filter((option) => vote.options.includes(option)) : []
  const normal: PollVote = { ...vote, options }
  const current = currentVote(state.votes, normal)
  const event = (type: PollVotesEvent["type"], kept: PollVote): PollVotesEvent => ({
    type,
    messageId: command.messageId,
    campaignId: command.campaignId,
    at: command.now,
    vote: { ...kept, ...mergeVoter(current, normal) }
  })
  // the same vote again: a replay, an older vote, or an undated one holding the voter's current choice
  const again =
    current !== undefined && (!replacesVote(current, normal) || (!command.dated && sameChoice(current, normal)))
  if (current !== undefined && again) {
    const { recordedAt: _, ...kept } = current
    // at most who the voter is is new
    return learnsVoter(current, normal) ? accept(event("PollVoterNamed", kept)) : accept()
  }
  return accept(event("PollVoteRecorded", normal))
}

const evolvePollVotes = (state: PollVotesState, event: PollVotesEvent): PollVotesState => {
  const current = currentVote(state.votes, event.vote)
  const recorded: RecordedVote =
    event.type === "PollVoteRecorded" || current === undefined
      ? { ...event.vote, recordedAt: event.at }
      : { ...current, voter: event.vote.voter, lid: event.vote.lid, voterName: event.vote.voterName }
  // one entry per person: where they first voted, under the id they are known by now
  const first = state.votes.findIndex((v) => sameVoter(v, event.vote))
  return {
    id: event.messageId,
    campaignId: event.campaignId,
    votes:
      first === -1
        ? [...state.votes, recorded]
        : state.votes.flatMap((v, i) => (i === first ? [recorded] : sameVoter(v, event.vote) ? [] : [v])),
    version: state.version + 1
  }
}

export const PollVotesDecider: Decider<PollVotesCommand, PollVotesState, PollVotesEvent, PollVotesRejection> = {
  initialState: initialPollVotesState,
  decide: decidePollVotes,
  evolve: evolvePollVotes
}

export const pollStreamId = (messageId: string): string => `poll-${messageId}`

/** One option's count and who chose it, in the poll's order. */
export interface OptionTally {
  readonly option: string
  readonly voters: ReadonlyArray<RecordedVote>
}

export interface PollTally {
  readonly options: ReadonlyArray<OptionTally>
  /** votes Herald could not read (WAHA's `poll.vote.failed`) */
  readonly unreadable: ReadonlyArray<RecordedVote>
  /** people whose vote holds at least one option */
  readonly voters: number
}

/** The poll's results from the votes kept: per option who chose it (earliest first), and the unreadable ones. */
export const tallyPoll = (poll: Poll, votes: ReadonlyArray<RecordedVote>): PollTally => {
  const byTime = [...votes].sort((a, b) => a.votedAt - b.votedAt || (a.voter < b.voter ? -1 : 1))
  return {
    options: poll.options.map((option) => ({
      option,
      voters: byTime.filter((v) => v.readable && v.options.includes(option))
    })),
    unreadable: byTime.filter((v) => !v.readable),
    voters: byTime.filter((v) => v.readable && v.options.length > 0).length
  }
}

/** Who a voter is to an organiser: their name, else their number, else that WhatsApp hides it. */
export const voterWords = (vote: Pick<PollVote, "voter" | "voterName">): { name: string; number: string | null } => {
  const number = numberOfVoter(vote.voter)
  if (vote.voter === "me") return { name: vote.voterName ?? "You", number }
  return { name: vote.voterName ?? number ?? "Someone (number hidden)", number }
}

/** `+15551234567` for `15551234567@c.us`; null for an `@lid` (WhatsApp hides the number) and "me". */
export const numberOfVoter = (voter: string): string | null => {
  const match = /^(\d{5,20})@(c\.us|s\.whatsapp\.net)$/.exec(voter)
  return match === null ? null : `+${match[1]}`
}

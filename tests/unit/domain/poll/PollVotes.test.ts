import { describe, expect, it } from "vitest"
import type { PollVote, PollVotesCommand, PollVotesState } from "../../../../src/domain/poll/PollVotes.ts"
import {
  initialPollVotesState,
  PollVotesDecider,
  replacesVote,
  tallyPoll,
  voterWords
} from "../../../../src/domain/poll/PollVotes.ts"
import { pollResultsCsv } from "../../../../src/domain/poll/pollCsv.ts"

const poll = { options: ["Mon", "Tue", "Wed"], multipleAnswers: false }
const several = { ...poll, multipleAnswers: true }

const vote = (voter: string, options: ReadonlyArray<string>, votedAt: number, readable = true): PollVote => ({
  voter,
  lid: null,
  voterName: null,
  options,
  votedAt,
  readable
})

const command = (v: PollVote, p = poll, now = 1_000, dated = true): PollVotesCommand => ({
  type: "RecordVote",
  messageId: "m1",
  campaignId: "c1",
  vote: v,
  poll: p,
  now,
  dated
})

/** Decides and folds each command in turn, as execute does. */
const run = (commands: ReadonlyArray<PollVotesCommand>, from: PollVotesState = initialPollVotesState) =>
  commands.reduce((state, c) => {
    const decision = PollVotesDecider.decide(c, state)
    return decision._tag === "Accepted" ? decision.events.reduce(PollVotesDecider.evolve, state) : state
  }, from)

describe("PollVotesDecider", () => {
  it("records a voter's first vote, and a newer one replaces it", () => {
    const state = run([command(vote("a@c.us", ["Mon"], 10)), command(vote("a@c.us", ["Tue"], 20), poll, 2_000)])
    expect(state).toEqual({
      id: "m1",
      campaignId: "c1",
      votes: [{ ...vote("a@c.us", ["Tue"], 20), recordedAt: 2_000 }],
      version: 2
    })
  })

  it("an older vote arriving late, or the same vote again, is accepted with no event", () => {
    const state = run([command(vote("a@c.us", ["Tue"], 20))])
    for (const late of [vote("a@c.us", ["Mon"], 10), vote("a@c.us", ["Tue"], 20)])
      expect(PollVotesDecider.decide(command(late), state)).toEqual({ _tag: "Accepted", events: [] })
  })

  it("votes of the same time end in one state whatever their order", () => {
    const votes = [vote("a@c.us", ["Mon"], 10), vote("a@c.us", ["Wed"], 10), vote("a@c.us", [], 10, false)]
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 0, 2],
      [2, 0, 1]
    ]
    const ends = orders.map((order) => run(order.map((i) => command(votes[i]!))).votes.map((v) => v.options))
    expect(new Set(ends.map((e) => JSON.stringify(e))).size).toBe(1)
    expect(ends[0]).toEqual([["Wed"]])
  })

  it("refuses an option the poll has not, and two on a one-answer poll; several are fine when allowed", () => {
    expect(PollVotesDecider.decide(command(vote("a@c.us", ["Thu"], 1)), initialPollVotesState)).toEqual({
      _tag: "Rejected",
      rejection: { _tag: "UnknownOption", option: "Thu" }
    })
    expect(PollVotesDecider.decide(command(vote("a@c.us", ["Mon", "Tue"], 1)), initialPollVotesState)).toEqual({
      _tag: "Rejected",
      rejection: { _tag: "TooManyOptions", count: 2 }
    })
    // kept in the poll's order, whatever order the voter clicked in
    expect(run([command(vote("a@c.us", ["Wed", "Mon"], 1), several)]).votes[0]?.options).toEqual(["Mon", "Wed"])
  })

  it("an unreadable vote newer than a readable one replaces it, and a readable one after it replaces it back", () => {
    const after = run([command(vote("a@c.us", ["Mon"], 10)), command(vote("a@c.us", ["Tue"], 20, false))])
    expect(after.votes.map((v) => [v.readable, v.options])).toEqual([[false, []]])
    const again = run([command(vote("a@c.us", ["Wed"], 30))], after)
    expect(again.votes.map((v) => [v.readable, v.options])).toEqual([[true, ["Wed"]]])
  })

  it("a name learnt later on the same vote is kept, as no new vote (no outgoing poll.vote)", () => {
    expect(replacesVote(vote("a@c.us", ["Mon"], 10), { ...vote("a@c.us", ["Mon"], 10), voterName: "Ann" })).toBe(false)
    const first = run([command(vote("a@c.us", ["Mon"], 10))])
    const retry = PollVotesDecider.decide(command({ ...vote("a@c.us", ["Mon"], 10), voterName: "Ann" }), first)
    expect(retry._tag === "Accepted" && retry.events.map((e) => [e.type, e.vote.voterName])).toEqual([
      ["PollVoterNamed", "Ann"]
    ])
    const named = run([command({ ...vote("a@c.us", ["Mon"], 10), voterName: "Ann" }, poll, 5_000)], first)
    expect(named.votes).toEqual([{ ...vote("a@c.us", ["Mon"], 10), voterName: "Ann", recordedAt: 1_000 }])
    // and once more: nothing new
    expect(PollVotesDecider.decide(command({ ...vote("a@c.us", ["Mon"], 10), voterName: "Ann" }), named)).toEqual({
      _tag: "Accepted",
      events: []
    })
    // a name that comes with a newer vote is kept with it
    const later = run([command(vote("a@c.us", ["Tue"], 20))], named)
    expect(later.votes.map((v) => [v.voterName, v.options])).toEqual([["Ann", ["Tue"]]])
  })

  it("one person named by number and by hidden id is one voter, keyed by the number", () => {
    const byLid = run([command(vote("77@lid", ["Mon"], 10))])
    // the next vote names both: the entry moves to the number, the hidden id kept beside it
    const both = run([command({ ...vote("1555@c.us", ["Tue"], 20), lid: "77@lid" })], byLid)
    expect(both.votes.map((v) => [v.voter, v.lid, v.options])).toEqual([["1555@c.us", "77@lid", ["Tue"]]])
    // a later vote under the hidden id alone, and one under the number alone, are still that person's
    const again = run(
      [
        command(vote("77@lid", ["Wed"], 30)),
        command(vote("1555@c.us", ["Mon"], 40)),
        command(vote("9@c.us", ["Mon"], 50))
      ],
      both
    )
    expect(again.votes.map((v) => [v.voter, v.lid, v.options])).toEqual([
      ["1555@c.us", "77@lid", ["Mon"]],
      ["9@c.us", null, ["Mon"]]
    ])
    expect(tallyPoll(poll, again.votes).voters).toBe(2)
    // the same vote again telling the other id: learnt without a new vote
    const byNumber = run([command(vote("1555@c.us", ["Mon"], 10))])
    const learnt = PollVotesDecider.decide(command({ ...vote("1555@c.us", ["Mon"], 10), lid: "77@lid" }), byNumber)
    expect(learnt._tag === "Accepted" && learnt.events.map((e) => [e.type, e.vote.voter, e.vote.lid])).toEqual([
      ["PollVoterNamed", "1555@c.us", "77@lid"]
    ])
  })

  it("an undated vote holding the voter's current choice is a duplicate; with another choice, a new vote", () => {
    const state = run([command(vote("a@c.us", ["Mon"], 10))])
    // undated: its time is when Herald heard of it, later each retry
    expect(PollVotesDecider.decide(command(vote("a@c.us", ["Mon"], 5_000), poll, 5_000, false), state)).toEqual({
      _tag: "Accepted",
      events: []
    })
    const changed = run([command(vote("a@c.us", ["Tue"], 6_000), poll, 6_000, false)], state)
    expect(changed.votes.map((v) => v.options)).toEqual([["Tue"]])
    expect(changed.version).toBe(2)
  })
})

describe("tallyPoll", () => {
  it("counts each option with its voters, earliest first; unreadable apart; a taken-back vote counts nowhere", () => {
    const state = run(
      [
        command(vote("b@c.us", ["Mon", "Tue"], 20), several),
        command(vote("a@c.us", ["Tue"], 10), several),
        command(vote("c@lid", [], 30, false), several),
        command(vote("d@c.us", [], 40), several)
      ].map((c) => ({ ...c, poll: several }))
    )
    const tally = tallyPoll(several, state.votes)
    expect(tally.options.map((o) => [o.option, o.voters.map((v) => v.voter)])).toEqual([
      ["Mon", ["b@c.us"]],
      ["Tue", ["a@c.us", "b@c.us"]],
      ["Wed", []]
    ])
    expect(tally.unreadable.map((v) => v.voter)).toEqual(["c@lid"])
    expect(tally.voters).toBe(2)
  })
})

describe("voterWords", () => {
  it("a name, else the number, else that WhatsApp hides it; the organiser's own phone is You", () => {
    expect(voterWords({ voter: "15551234567@c.us", voterName: "Ann" })).toEqual({ name: "Ann", number: "+15551234567" })
    expect(voterWords({ voter: "15551234567@c.us", voterName: null })).toEqual({
      name: "+15551234567",
      number: "+15551234567"
    })
    expect(voterWords({ voter: "98765@lid", voterName: null })).toEqual({
      name: "Someone (number hidden)",
      number: null
    })
    expect(voterWords({ voter: "me", voterName: null })).toEqual({ name: "You", number: null })
  })
})

describe("pollResultsCsv", () => {
  it("one row per voter, earliest first, in the zone's wall clock; quoting and formulas escaped; CRLF", () => {
    const at = Date.parse("2026-07-01T10:05:00Z")
    const csv = pollResultsCsv(
      [
        { ...vote("15551110002@c.us", ["=HYPERLINK(1)", "Tue"], at + 60_000), voterName: 'Bo "B", Jr', recordedAt: 0 },
        { ...vote("1@lid", [], at, false), recordedAt: 0 },
        { ...vote("15551110003@c.us", [], at + 120_000), voterName: "@cat", recordedAt: 0 }
      ],
      "America/New_York"
    )
    expect(csv).toBe(
      [
        "Voter,Number,WhatsApp id,Choices,Voted at (America/New_York)",
        "Someone (number hidden),,1@lid,(could not be read),2026-07-01 06:05",
        `"Bo ""B"", Jr",+15551110002,15551110002@c.us,"'=HYPERLINK(1); Tue",2026-07-01 06:06`,
        `"'@cat",+15551110003,15551110003@c.us,(no choice),2026-07-01 06:07`,
        ""
      ].join("\r\n")
    )
  })
})

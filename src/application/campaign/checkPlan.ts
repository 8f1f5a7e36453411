import { Clock, Effect } from "effect"
import type { CampaignGroup } from "../../domain/campaign/Campaign.ts"
import { MAX_CONTENT_LENGTH, MAX_MESSAGES_PER_CAMPAIGN } from "../../domain/campaign/CampaignLimits.ts"
import { defaultCampaignTitle } from "../../domain/campaign/defaultTitle.ts"
import { alreadyPassed } from "../../domain/campaign/pastTime.ts"
import type { PlannedMessage, Recurrence, RecurrenceProblem } from "../../domain/campaign/Recurrence.ts"
import { describeRecurrenceProblem, planRecurrence } from "../../domain/campaign/Recurrence.ts"
import type { MessageMedia } from "../../domain/message/Media.ts"
import { LOOKBACK_MS } from "../../domain/message/Message.ts"
import type { Poll } from "../../domain/message/Poll.ts"
import { pollProblem } from "../../domain/message/Poll.ts"
import { firstMissedUnderPacing, sureToGoUnderPacing } from "../../domain/session/MessagingSession.ts"
import { MediaStore } from "../ports/MediaStore.ts"
import type { RefusalParams } from "../refusal.ts"
import { findOwnedSession } from "../session/findOwnedSession.ts"
import type { InvalidCampaignCode } from "./CampaignErrors.ts"
import { InvalidCampaign, MediaNotFound } from "./CampaignErrors.ts"
import { requireChannels } from "./channelSupport.ts"
import { requireMedia } from "./mediaSupport.ts"
import { requireMentionAll } from "./mentionSupport.ts"
import { requirePolls } from "./pollSupport.ts"
import { checkStatusPlan, planTarget } from "./statusPlan.ts"

export interface PlanCampaignInput {
  readonly sessionName: string
  /** the one group (with groupName), or `targets`: exactly one of the two */
  readonly groupId?: string | undefined
  readonly groupName?: string | undefined
  /** the groups to send to, each its own copy of every message (1 to MAX_TARGETS_PER_CAMPAIGN, bounded by the caller) */
  readonly targets?: ReadonlyArray<CampaignGroup> | undefined
  readonly title?: string | undefined
  readonly messages?:
    | ReadonlyArray<{
        readonly content: string
        readonly scheduledAt: number
        /** this message mentions everyone in the group; absent: as the campaign's `mentionAll` says */
        readonly mentionAll?: boolean | undefined
        /** the message is a poll with these options, its content the question; absent: a text */
        readonly poll?:
          | { readonly options: ReadonlyArray<string>; readonly multipleAnswers?: boolean | undefined }
          | undefined
        /** an image or file the caller uploaded (POST /api/media), sent with the content as caption */
        readonly media?: { readonly id: string } | undefined
      }>
    | undefined
  readonly recurrence?: Recurrence | undefined
  /** every message mentions everyone in the group (a message's own `mentionAll` wins) */
  readonly mentionAll?: boolean | undefined
}

/** A message of a checked plan: what createCampaign schedules. */
export interface CheckedMessage extends PlannedMessage {
  readonly mentionAll: boolean
  readonly poll: Poll | null
  readonly media: MessageMedia | null
}

const count = (n: number) => n.toLocaleString("en-US")

/** The groups the plan sends to, at least one: the one group, or its targets, none twice. */
const targetsOf = Effect.fnUntraced(function* (
  input: PlanCampaignInput
): Effect.fn.Return<readonly [CampaignGroup, ...Array<CampaignGroup>], InvalidCampaign> {
  const single = input.groupId !== undefined || input.groupName !== undefined
  if (single === (input.targets !== undefined)) {
    return yield* new InvalidCampaign({
      message: single
        ? "give either groupId and groupName (one group) or targets (several), not both"
        : "give either groupId and groupName (one group) or targets (several groups)",
      code: single ? "targetsAndGroup" : "targetsOrGroup",
      field: single ? "targets" : "groupId"
    })
  }
  if (input.targets === undefined) {
    if (input.groupId === undefined)
      return yield* new InvalidCampaign({
        message: "groupId is required with groupName",
        code: "groupIdRequired",
        field: "groupId"
      })
    return [planTarget({ groupId: input.groupId, groupName: input.groupName ?? "" })]
  }
  const [head, ...tail] = input.targets
  if (head === undefined)
    return yield* new InvalidCampaign({
      message: "a campaign needs at least one target group",
      code: "noTargets",
      field: "targets"
    })
  const first = new Map<string, number>()
  for (const [i, t] of input.targets.entries()) {
    const earlier = first.get(t.groupId)
    if (earlier !== undefined) {
      return yield* new InvalidCampaign({
        message: `this group is already target ${earlier + 1}: each group may be a target once`,
        code: "duplicateTarget",
        params: { position: earlier + 1 },
        field: `targets.${i}.groupId`
      })
    }
    first.set(t.groupId, i)
  }
  return [planTarget(head), ...tail.map(planTarget)]
})

/** A recurrence problem's code and values, for the reader's words (InvalidCampaign's `code`). */
export const recurrenceRefusal = (
  problem: RecurrenceProblem
): { readonly code: InvalidCampaignCode; readonly params?: RefusalParams } => {
  switch (problem._tag) {
    case "InvalidDate":
      return { code: "invalidDate", params: { value: problem.value } }
    case "InvalidSendTime":
      return { code: "invalidSendTime" }
    case "UnknownTimeZone":
      return { code: "unknownTimeZone", params: { zone: problem.value } }
    case "EndBeforeStart":
      return { code: "endBeforeStart" }
    case "EmptyTemplate":
      return { code: "emptyTemplate" }
    case "TooManyMessages":
      return { code: "recurrenceTooLong", params: { max: problem.max } }
  }
}

/** The input's field a recurrence problem concerns. */
const recurrenceField = (problem: RecurrenceProblem): string => {
  switch (problem._tag) {
    case "InvalidDate":
      return `recurrence.${problem.field}`
    case "InvalidSendTime":
      return "recurrence.sendTime"
    case "UnknownTimeZone":
      return "recurrence.timeZone"
    case "EndBeforeStart":
    case "TooManyMessages":
      return "recurrence.endDate"
    case "EmptyTemplate":
      return "recurrence.template"
  }
}

/**
 * The one set of rules of a plan, shared by campaign.create and campaign.preview: the caller's
 * own session, explicit messages (none in the past) or a recurrence (its occurrences already
 * past are left out; if nothing is left the plan is refused), at most MAX_MESSAGES_PER_CAMPAIGN
 * messages of at most MAX_CONTENT_LENGTH characters, none empty, and "mention everyone" only where
 * the gateway can (mentionSupport.ts). Each refusal names the field it concerns. Reads only: the
 * plan's title, its target groups and its messages in time order (one copy per target of each
 * is made by createCampaign; the limit counts every copy).
 */
/** How a caller other than the organiser's own plan (a copy of a campaign) wants it checked. */
export interface PlanOptions {
  /**
   * A message that mentions everyone still goes to the Status, without the mention (the Status
   * has no members): a copy of a campaign whose group copy was edited to mention everyone.
   */
  readonly statusDropsMentions?: boolean
}

export const checkPlan = Effect.fn("checkPlan")(function* (
  userId: string,
  input: PlanCampaignInput,
  /** the zone explicit messages were written in (preview's), for wording a past one; UTC if not given */
  messagesZone?: string,
  options: PlanOptions = {}
) {
  const session = yield* findOwnedSession(userId, input.sessionName)
  if ((input.messages === undefined) === (input.recurrence === undefined)) {
    return yield* new InvalidCampaign({ message: "give either messages or a recurrence", code: "messagesOrRecurrence" })
  }
  const targets = yield* targetsOf(input)
  // none written: made up from the targets, and recorded as such (readers word it themselves)
  const titleMadeUp = !input.title?.trim()
  const title = input.title?.trim() || defaultCampaignTitle(targets)
  const now = yield* Clock.currentTimeMillis
  const everyone = input.mentionAll === true
  let messages: ReadonlyArray<CheckedMessage>
  /** where a problem with the n-th planned message is to be fixed */
  let fieldOf: (index: number, part: "content" | "scheduledAt") => string
  let countField: string
  if (input.recurrence !== undefined) {
    // Bounded: occurrences already past count too, so a plan that starts in the past cannot grow
    // without limit before they are dropped.
    const planned = planRecurrence(input.recurrence, title, MAX_MESSAGES_PER_CAMPAIGN * 4)
    if (planned._tag === "Invalid") {
      return yield* new InvalidCampaign({
        message: describeRecurrenceProblem(planned.problem),
        ...recurrenceRefusal(planned.problem),
        field: recurrenceField(planned.problem)
      })
    }
    messages = planned.messages
      .filter((m) => m.scheduledAt >= now)
      .map((m) => ({ ...m, mentionAll: everyone, poll: null, media: null }))
    if (messages.length === 0) {
      const last = planned.messages.at(-1)?.scheduledAt
      const passed = last === undefined ? "" : `${alreadyPassed(last, input.recurrence.timeZone, now)} `
      return yield* new InvalidCampaign({
        message: `${passed}Every message of this plan is in the past: choose later dates.`,
        ...(last === undefined
          ? { code: "allPastNoLast" }
          : { code: "allPast", params: { lastAt: last, timeZone: input.recurrence.timeZone } }),
        field: "recurrence.endDate"
      })
    }
    fieldOf = () => "recurrence.template"
    countField = "recurrence.endDate"
  } else {
    messages = (input.messages ?? []).map((m) => ({
      content: m.content,
      scheduledAt: m.scheduledAt,
      mentionAll: m.mentionAll ?? everyone,
      poll:
        m.poll === undefined
          ? null
          : { options: [...m.poll.options], multipleAnswers: m.poll.multipleAnswers === true },
      // filled in below from the store, once the plan's own rules hold
      media: null
    }))
    if (messages.length === 0)
      return yield* new InvalidCampaign({
        message: "a campaign needs at least one message",
        code: "noMessages",
        field: "messages"
      })
    const past = messages.findIndex((m) => m.scheduledAt < now)
    const pastMessage = messages[past]
    if (pastMessage !== undefined) {
      return yield* new InvalidCampaign({
        message: alreadyPassed(pastMessage.scheduledAt, messagesZone ?? "UTC", now),
        code: "pastTime",
        params: { scheduledAt: pastMessage.scheduledAt, timeZone: messagesZone ?? "UTC" },
        field: `messages.${past}.scheduledAt`
      })
    }
    fieldOf = (index, part) => `messages.${index}.${part}`
    countField = "messages"
  }
  // every copy is a stored message and a send: the limit counts them all
  const copies = messages.length * targets.length
  if (copies > MAX_MESSAGES_PER_CAMPAIGN) {
    return yield* new InvalidCampaign({
      message:
        targets.length === 1
          ? `a campaign may hold at most ${MAX_MESSAGES_PER_CAMPAIGN} messages (this plan makes ${messages.length})`
          : `this plan makes ${count(messages.length)} messages for each of ${targets.length} groups (${count(copies)}); a campaign may hold at most ${count(MAX_MESSAGES_PER_CAMPAIGN)}`,
      code: targets.length === 1 ? "tooManyMessages" : "tooManyCopies",
      params: { max: MAX_MESSAGES_PER_CAMPAIGN, count: messages.length, groups: targets.length, copies },
      field: countField
    })
  }
  // A paced number sends one message per gap: copies due together past what the 2-minute window
  // holds would be recorded missed, so the plan is refused now (this plan alone: other campaigns
  // of the number add to it). README "Using Herald", Pacing.
  const pacing = { minGapSeconds: session.minGapSeconds, jitterSeconds: session.jitterSeconds }
  const late = firstMissedUnderPacing(
    messages.flatMap((m) => targets.map(() => m.scheduledAt)),
    pacing,
    LOOKBACK_MS
  )
  if (late !== null) {
    const sureToGo = sureToGoUnderPacing(pacing, LOOKBACK_MS)
    return yield* new InvalidCampaign({
      message:
        `this WhatsApp number is paced (at least ${pacing.minGapSeconds} s between messages, plus up to ${pacing.jitterSeconds} s): ` +
        `of messages due together only ${sureToGo} are sure to go within the 2 minutes, and the message at ` +
        `${new Date(late.at).toISOString()} would be number ${late.position} in line${targets.length > 1 ? ` (each message goes to ${targets.length} groups)` : ""}; ` +
        `space the messages out${targets.length > 1 ? ", choose fewer groups" : ""}, or lower the pacing on the WhatsApp page`,
      code: targets.length > 1 ? "pacedTooManyGroups" : "pacedTooMany",
      params: {
        gap: pacing.minGapSeconds,
        jitter: pacing.jitterSeconds,
        sure: sureToGo ?? 0,
        lateAt: late.at,
        timeZone: input.recurrence?.timeZone ?? messagesZone ?? "UTC",
        position: late.position,
        groups: targets.length
      },
      // how many are due together is what to change, not one message's time
      field: targets.length > 1 ? "targets" : countField
    })
  }
  const tooLong = messages.findIndex((m) => m.content.length > MAX_CONTENT_LENGTH)
  if (tooLong !== -1) {
    return yield* new InvalidCampaign({
      message: `a message may hold at most ${MAX_CONTENT_LENGTH} characters`,
      code: "tooLong",
      params: { max: MAX_CONTENT_LENGTH },
      field: fieldOf(tooLong, "content")
    })
  }
  // with an image or file the content is its caption, which may be empty
  const empty = messages.findIndex((m, i) => m.content.trim() === "" && input.messages?.[i]?.media === undefined)
  if (empty !== -1)
    return yield* new InvalidCampaign({
      message: "message content must not be empty",
      code: "emptyContent",
      field: fieldOf(empty, "content")
    })
  for (const [i, m] of messages.entries()) {
    if (m.poll === null) continue
    const problem = pollProblem(m.poll)
    if (problem !== null)
      return yield* new InvalidCampaign({
        message: problem.message,
        code: problem.code,
        params: problem.params,
        field: `messages.${i}.poll.${problem.at}`
      })
    // WAHA's sendPoll takes no mentions (docs/waha-features.md §3): never a poll sent without the asked mention
    if (m.mentionAll) {
      const own = input.messages?.[i]?.mentionAll === true
      return yield* new InvalidCampaign({
        message: own
          ? 'a poll cannot mention everyone (WhatsApp gateways send polls without mentions); turn "mention everyone" off for it'
          : 'a poll cannot mention everyone (WhatsApp gateways send polls without mentions); turn "mention everyone" off for the campaign, or on for its text messages only',
        code: own ? "pollMentionOwn" : "pollMentionCampaign",
        field: own ? `messages.${i}.mentionAll` : "mentionAll"
      })
    }
  }
  const withPoll = (input.messages ?? []).findIndex((m) => m.media !== undefined && m.poll !== undefined)
  if (withPoll !== -1) {
    return yield* new InvalidCampaign({
      message: "a poll cannot carry an image or file; send the image as a message of its own",
      code: "pollWithMedia",
      field: `messages.${withPoll}.media`
    })
  }
  // the caller's own uploads only: anyone else's is not found, as if it did not exist
  if (input.messages?.some((m) => m.media !== undefined)) {
    const store = yield* MediaStore
    const found: Array<CheckedMessage> = []
    /** each upload looked up and touched once, however many messages carry it */
    const checked = new Map<string, MessageMedia | null>()
    for (const [i, m] of messages.entries()) {
      const asked = input.messages[i]?.media
      if (asked === undefined) {
        found.push(m)
        continue
      }
      if (!checked.has(asked.id)) {
        const stored = yield* store.info(asked.id)
        // touched before any message is written: the sweep deletes only uploads unused since its
        // cutoff, so it either removed this one before (touch answers false) or leaves it
        // (sweepMedia.ts); the message's view then has MEDIA_GRACE_MS to show it
        const usable = stored !== null && stored.ownerId === userId && (yield* store.touch(asked.id, now))
        checked.set(
          asked.id,
          usable
            ? {
                id: stored.id,
                mimetype: stored.mimetype,
                filename: stored.filename,
                size: stored.size,
                kind: stored.kind
              }
            : null
        )
      }
      const media = checked.get(asked.id) ?? null
      if (media === null) return yield* new MediaNotFound({ field: `messages.${i}.media.id` })
      found.push({ ...m, media })
    }
    messages = found
  }
  // WhatsApp Channels among the targets: their own rules, before the gateway is asked about mentions
  yield* requireChannels(
    targets,
    messages,
    {
      target: (i) => (input.targets === undefined ? "groupId" : `targets.${i}.groupId`),
      mention: (i) => (input.messages?.[i]?.mentionAll === true ? `messages.${i}.mentionAll` : "mentionAll"),
      message: (i, part) => (input.recurrence === undefined ? `messages.${i}.${part}` : "recurrence.template")
    },
    session
  )
  // the number's Status among the targets: its own rules, then whether the gateway can post it
  yield* checkStatusPlan(input, input.targets ?? targets, messages, options)
  // last: the only rules that ask the gateway, so a plan wrong in itself is refused without a call
  const mentioning = messages.findIndex((m) => m.mentionAll)
  if (mentioning !== -1) {
    const ownMention = input.messages?.[mentioning]?.mentionAll === true
    yield* requireMentionAll(ownMention ? `messages.${mentioning}.mentionAll` : "mentionAll")
  }
  const polling = messages.findIndex((m) => m.poll !== null)
  if (polling !== -1) yield* requirePolls(`messages.${polling}.poll`)
  const carrying = messages.findIndex((m) => m.media !== null)
  if (carrying !== -1) {
    const mentioningMedia = messages.findIndex((m) => m.media !== null && m.mentionAll)
    yield* requireMedia(
      `messages.${carrying}.media`,
      mentioningMedia === -1
        ? undefined
        : input.messages?.[mentioningMedia]?.mentionAll === true
          ? `messages.${mentioningMedia}.mentionAll`
          : "mentionAll"
    )
  }
  return { session, title, titleMadeUp, targets, messages: [...messages].sort((a, b) => a.scheduledAt - b.scheduledAt) }
})

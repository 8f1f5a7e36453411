import { Effect, Option } from "effect"
import type { CampaignGroup } from "../../domain/campaign/Campaign.ts"
import { targetKindOf } from "../../domain/campaign/CampaignTargets.ts"
import { WORKING } from "../../domain/session/MessagingSession.ts"
import type { ChannelRole, GatewayChannel, GatewayServerVersion } from "../ports/GatewayPort.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { GatewayDirectory } from "../session/GatewayDirectory.ts"
import { oneLine } from "../text/oneLine.ts"
import { InvalidCampaign } from "./CampaignErrors.ts"
import type { CheckedMessage } from "./checkPlan.ts"
import { gatewayRefusal } from "./gatewayRefusal.ts"
import { olderThan } from "./mentionSupport.ts"

/**
 * The WAHA version each engine lists and posts to WhatsApp Channels reliably from (docs/reach.md,
 * "Sending to `…@newsletter`" and "Plan for Herald (channels)"): NOWEB from 2025.10.4 (media to
 * channels fixed there, #1523; the list fixed in 2025.8.1), GOWS from 2025.1.5 (its channels API),
 * WEBJS from 2026.3.3 (sends fixed in 2026.2.1 after 201s with an empty body that delivered
 * nothing, #1800 #1863; the list fixed in 2026.3.3, #1959). Other engines are not verified.
 * SANDBOX is Herald's own simulated gateway (standalone).
 */
const CHANNELS_SINCE: Readonly<Record<string, ReadonlyArray<number>>> = {
  NOWEB: [2025, 10, 4],
  GOWS: [2025, 1, 5],
  WEBJS: [2026, 3, 3],
  SANDBOX: [0, 0, 0]
}

/**
 * Polls to a channel: GOWS fixed in 2025.8.2 (#1114), NOWEB in 2025.9.8 (#1270, #1415); WEBJS has
 * no changelog line or test for it, so it is refused. No engine reports votes on a channel's poll.
 */
const CHANNEL_POLLS_SINCE: Readonly<Record<string, ReadonlyArray<number>>> = {
  NOWEB: [2025, 9, 8],
  GOWS: [2025, 8, 2],
  SANDBOX: [0, 0, 0]
}

/** The roles that may post to a channel ("Make sure you're OWNER or ADMIN for the channel", WAHA's docs). */
export const POSTING_ROLES = ["OWNER", "ADMIN"] as const satisfies ReadonlyArray<ChannelRole>
export type PostingRole = (typeof POSTING_ROLES)[number]

/** Whether this number may post to the channel: it owns or administers it. */
export const mayPost = (channel: GatewayChannel): channel is GatewayChannel & { readonly role: PostingRole } =>
  channel.role === "OWNER" || channel.role === "ADMIN"

/** The channels of a listing this number may post to, in the gateway's order. */
export const postableChannels = (
  channels: ReadonlyArray<GatewayChannel>
): ReadonlyArray<GatewayChannel & { readonly role: PostingRole }> => channels.filter(mayPost)

const engineName = (gateway: GatewayServerVersion): string => {
  const engine = gateway.engine.toUpperCase()
  return engine === "" || engine === "UNKNOWN" ? "an engine it does not name" : oneLine(gateway.engine)
}

/** Why this gateway cannot post to channels, in the user's terms, or null when it can. */
export const channelProblemOf = (gateway: GatewayServerVersion): string | null => {
  const engine = gateway.engine.toUpperCase()
  const since = CHANNELS_SINCE[engine]
  if (since === undefined) {
    return `this WhatsApp session's engine (${engineName(gateway)}) cannot post to WhatsApp channels; send to groups instead, or ask the operator for a WAHA engine that can (NOWEB 2025.10.4, GOWS 2025.1.5 or WEBJS 2026.3.3, or later)`
  }
  if (olderThan(gateway.version, since)) {
    return `the messaging gateway (WAHA ${oneLine(gateway.version)} on ${engine}) cannot post to WhatsApp channels reliably: that needs WAHA ${since.join(".")} or later; send to groups instead, or ask the operator to upgrade`
  }
  return null
}

/** Why this gateway cannot send a poll to a channel, or null when it can (channelProblemOf first). */
export const channelPollProblemOf = (gateway: GatewayServerVersion): string | null => {
  const engine = gateway.engine.toUpperCase()
  const since = CHANNEL_POLLS_SINCE[engine]
  if (since === undefined) {
    return `this WhatsApp session's engine (${engineName(gateway)}) cannot send polls to WhatsApp channels; send the poll to groups only, or ask the operator for a WAHA engine that can (NOWEB 2025.9.8 or GOWS 2025.8.2, or later)`
  }
  if (olderThan(gateway.version, since)) {
    return `the messaging gateway (WAHA ${oneLine(gateway.version)} on ${engine}) cannot send polls to WhatsApp channels: that needs WAHA ${since.join(".")} or later; send the poll to groups only, or ask the operator to upgrade`
  }
  return null
}

/** Said when a plan mentions everyone in a channel. */
export const CHANNEL_MENTION_REFUSAL =
  'mentioning everyone works in groups only: a WhatsApp channel has followers, not members to mention; turn "mention everyone" off, or send this message to groups only'

/**
 * Said when a plan sends a document to a channel: WhatsApp offers channel admins text, photos,
 * videos, stickers and polls, no documents (docs/reach.md: WhatsApp's announcement, and WAHA's
 * channel feature table has no row for files).
 */
export const CHANNEL_FILE_REFUSAL =
  "WhatsApp channels take text, images, videos and polls, not documents: send this file to groups only, or share it in a channel as an image or a link"

/** A channel's name as the organiser knows it. */
const channelName = (target: CampaignGroup, listed: GatewayChannel | undefined): string =>
  oneLine(target.groupName.trim() || listed?.name || "this channel")

/** Said when a target looks like a channel but is not one this number may post to. */
const notPostable = (target: CampaignGroup, listed: GatewayChannel | undefined): string => {
  const name = channelName(target, listed)
  return listed === undefined
    ? `${name} is not among the WhatsApp channels this number owns or administers; choose a channel from the list again`
    : `this number only follows ${name}: only its owner and admins may post there; choose a channel this number owns or administers`
}

/**
 * The channels the session may be checked against: the gateway's list while the session is
 * connected (WAHA lists channels only for a WORKING session); when it is not (its last known
 * status is another, or the gateway answers that the session is stopped or not ready), the list
 * the directory read within the minute, if any, else none (null: every `…@newsletter` id is taken as
 * given, and a send to a channel the number no longer runs fails visibly, as a group's does).
 */
const channelsToCheck = Effect.fnUntraced(function* (session: {
  readonly sessionName: string
  readonly gatewayStatus: string | null
}) {
  const cached = Effect.gen(function* () {
    const directory = yield* Effect.serviceOption(GatewayDirectory)
    if (Option.isNone(directory)) return null
    return Option.getOrNull(yield* directory.value.cachedChannels(session.sessionName))
  })
  if (session.gatewayStatus !== null && session.gatewayStatus !== WORKING) return yield* cached
  return yield* (yield* GatewayPort).listChannels(session.sessionName).pipe(
    Effect.catchIf(
      (error) => error.reason === "SessionNotRunning" || error.reason === "SessionNotReady",
      () => cached
    )
  )
})

/**
 * The rules of a plan that sends to WhatsApp Channels (docs/reach.md, "Plan for Herald
 * (channels)"), after checkPlan's own: no "mention everyone" and no documents for a channel (read
 * from the plan alone, before the gateway is asked), then the gateway's engine and version, polls
 * to channels, and each channel being one the number owns or administers (a stale or mistyped id
 * is refused; while the phone is not connected, against the channels last read, or none:
 * channelsToCheck). InvalidCampaign naming the field, nothing saved. A plan without channels asks
 * nothing.
 */
export const requireChannels = Effect.fn("requireChannels")(function* (
  targets: ReadonlyArray<CampaignGroup>,
  /** the plan's messages, in the input's order */
  messages: ReadonlyArray<CheckedMessage>,
  fields: {
    /** where target i is named (`targets.i.groupId`, or `groupId` for one group) */
    readonly target: (index: number) => string
    /** where message i's "mention everyone" is set (its own, or the campaign's) */
    readonly mention: (index: number) => string
    /** where message i's poll and media are (`messages.i.poll` / `messages.i.media`) */
    readonly message: (index: number, part: "poll" | "media") => string
  },
  session: { readonly sessionName: string; readonly gatewayStatus: string | null }
) {
  const channels = targets.flatMap((t, i) => (targetKindOf(t.groupId) === "channel" ? [{ target: t, index: i }] : []))
  const [first] = channels
  if (first === undefined) return
  const mentioning = messages.findIndex((m) => m.mentionAll)
  if (mentioning !== -1)
    return yield* new InvalidCampaign({
      message: CHANNEL_MENTION_REFUSAL,
      code: "channelMention",
      field: fields.mention(mentioning)
    })
  const document = messages.findIndex((m) => m.media?.kind === "file")
  if (document !== -1)
    return yield* new InvalidCampaign({
      message: CHANNEL_FILE_REFUSAL,
      code: "channelFile",
      field: fields.message(document, "media")
    })
  yield* requireChannelGateway(
    fields.target(first.index),
    messages.findIndex((m) => m.poll !== null),
    (i) => fields.message(i, "poll")
  )
  const known = yield* channelsToCheck(session)
  if (known === null) return
  const listed = new Map(known.map((c) => [c.channelId, c]))
  for (const { target, index } of channels) {
    const channel = listed.get(target.groupId)
    if (channel === undefined || !mayPost(channel))
      return yield* new InvalidCampaign({
        message: notPostable(target, channel),
        code: channel === undefined ? "channelNotListed" : "channelFollowed",
        params: { name: channelName(target, channel) },
        field: fields.target(index)
      })
  }
})

/**
 * The gateway's engine and version can post to channels (channelProblemOf), and polls too when
 * the message at `polling` (-1: none) is one; InvalidCampaign naming `targetField` or the poll's.
 * Asked again by campaign.resendMessage for a channel's message.
 */
export const requireChannelGateway = Effect.fn("requireChannelGateway")(function* (
  targetField: string,
  polling: number,
  pollField: (index: number) => string
) {
  const version = yield* (yield* GatewayPort).serverVersion()
  const problem = channelProblemOf(version)
  const engine = version.engine.toUpperCase()
  if (problem !== null)
    return yield* new InvalidCampaign({
      message: problem,
      ...gatewayRefusal("channels", version, CHANNELS_SINCE[engine]),
      field: targetField
    })
  if (polling !== -1) {
    const pollProblem = channelPollProblemOf(version)
    if (pollProblem !== null)
      return yield* new InvalidCampaign({
        message: pollProblem,
        ...gatewayRefusal("channelPolls", version, CHANNEL_POLLS_SINCE[engine]),
        field: pollField(polling)
      })
  }
})

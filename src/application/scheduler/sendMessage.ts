import { Data, Effect } from "effect"
import { targetKindOf } from "../../domain/campaign/CampaignTargets.ts"
import { mediaFilename } from "../../domain/message/Media.ts"
import type { ClaimedMessage } from "../../domain/message/Message.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { MediaStore } from "../ports/MediaStore.ts"
import type { SessionView } from "../ports/SessionRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { logScheduled, logSending } from "./SchedulerLog.ts"
import { sendStatusPost } from "./sendStatusPost.ts"

/** The session of a message was deleted or disconnected, so its sessionName cannot be read. */
export class SessionMissing extends Data.TaggedError("SessionMissing")<{ readonly sessionId: string }> {
  override get message() {
    return `cannot read sessionName: session ${this.sessionId} was deleted or logged out`
  }
}

/** The image or file of a message is no longer stored (removed by hand, or a store restored without it). */
export class MediaMissing extends Data.TaggedError("MediaMissing")<{
  readonly mediaId: string
  readonly filename: string
}> {
  override get message() {
    return `the ${this.filename} attached to this message is no longer stored (media ${this.mediaId}); attach it again to a new message`
  }
}

/**
 * Sends a claimed message to its group through the gateway (docs/architecture.md#claim-send-record); answers the gateway's id for it.
 * `preloaded`: its session, active when read shortly before (docs/architecture.md#loading-ahead); without it the session is read now.
 */
export const sendMessage = Effect.fnUntraced(function* (message: ClaimedMessage, preloaded?: SessionView) {
  const target = message.target
  yield* logSending(target.groupName, target.groupId, message.content)
  yield* logScheduled(message.id, message.scheduledAt)
  const session = preloaded ?? (yield* (yield* SessionRepository).get(target.sessionId))
  if (session === null || !session.active) return yield* new SessionMissing({ sessionId: target.sessionId })
  // the number's Status: its own endpoint, settings and audience (sendStatusPost.ts)
  if (targetKindOf(target.groupId) === "status") return yield* sendStatusPost(message, session.sessionName)
  const gateway = yield* GatewayPort
  // the id the claim recorded, so a cut-off send can be found by it (docs/outcome-unknown.md)
  const id = message.claimGatewayId === null ? {} : { id: message.claimGatewayId }
  // a poll's content is its question; WAHA's sendPoll takes no mentions (checkPlan refuses them on a poll)
  if (message.poll !== null) {
    return yield* gateway.sendPoll({
      session: session.sessionName,
      chatId: target.groupId,
      question: message.content,
      options: message.poll.options,
      multipleAnswers: message.poll.multipleAnswers,
      ...id
    })
  }
  // read at the send, not before: 16 MB held only while it is sent (one message of a session at a time)
  if (message.media !== null) {
    const stored = yield* (yield* MediaStore).read(message.media.id)
    if (stored === null) {
      return yield* new MediaMissing({ mediaId: message.media.id, filename: message.media.filename })
    }
    return yield* gateway.sendMedia({
      session: session.sessionName,
      chatId: target.groupId,
      kind: message.media.kind,
      mimetype: stored.media.mimetype,
      // named again by its type: an upload stored before names followed the bytes (issue 21) goes
      // out as what it is too
      filename: mediaFilename(stored.media.filename, stored.media.mimetype),
      bytes: stored.bytes,
      caption: message.content,
      ...(message.mentionAll ? { mentionAll: true } : {}),
      ...id
    })
  }
  return yield* gateway.sendText({
    session: session.sessionName,
    chatId: target.groupId,
    text: message.content,
    ...(message.mentionAll ? { mentionAll: true } : {}),
    ...id
  })
})

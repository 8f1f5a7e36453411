import { Data, Effect } from "effect"
import type { ClaimedMessage } from "../../domain/message/Message.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import type { SessionView } from "../ports/SessionRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { logScheduled, logSending } from "./SchedulerLog.ts"

/** The session of a message was deleted or disconnected, so its sessionName cannot be read. */
export class SessionMissing extends Data.TaggedError("SessionMissing")<{ readonly sessionId: string }> {
  override get message() {
    return `cannot read sessionName: session ${this.sessionId} was deleted or logged out`
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
  const gateway = yield* GatewayPort
  // a poll's content is its question; WAHA's sendPoll takes no mentions (checkPlan refuses them on a poll)
  if (message.poll !== null) {
    return yield* gateway.sendPoll({
      session: session.sessionName,
      chatId: target.groupId,
      question: message.content,
      options: message.poll.options,
      multipleAnswers: message.poll.multipleAnswers
    })
  }
  return yield* gateway.sendText({
    session: session.sessionName,
    chatId: target.groupId,
    text: message.content,
    ...(message.mentionAll ? { mentionAll: true } : {})
  })
})

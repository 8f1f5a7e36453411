import { Clock, Effect } from "effect"
import type { AckLevel } from "../../domain/message/Message.ts"
import { gatewayMessageKey } from "../../domain/message/Message.ts"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"

/** A delivery receipt as the gateway reported it (WAHA's `message.ack` / `message.ack.group`). */
export interface MessageAck {
  /** the gateway's name of the session that sent the message */
  readonly sessionName: string
  /** the gateway's id of the message, in any of its serialized forms */
  readonly gatewayMessageId: string
  /** the group member the receipt came from; null for the message as a whole */
  readonly participant: string | null
  readonly level: AckLevel
}

/**
 * recorded: a new receipt became an event on the message; duplicate: already counted (a
 * replayed or repeated call), nothing written; unknown: no message of Herald's has that id in
 * that session (sent from the phone, sent before ids were kept, or not projected yet);
 * ignored: the message is not in a state that takes receipts.
 */
export type AckOutcome = "recorded" | "duplicate" | "unknown" | "ignored"

/** Records a delivery receipt on the message it names, once. */
export const recordMessageAck = Effect.fn("recordMessageAck")(function* (ack: MessageAck) {
  const session = yield* (yield* SessionRepository).findByName(ack.sessionName)
  if (session === null) return "unknown" satisfies AckOutcome
  const message = yield* (yield* MessageRepository).findByGatewayMessage(
    session.id,
    gatewayMessageKey(ack.gatewayMessageId)
  )
  if (message === null) return "unknown" satisfies AckOutcome
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(MessageAggregate)(message.id, {
    type: "RecordAck",
    level: ack.level,
    participant: ack.participant,
    now
  })
  if (outcome._tag === "Rejected") return "ignored" satisfies AckOutcome
  return outcome.events.length === 0 ? ("duplicate" satisfies AckOutcome) : ("recorded" satisfies AckOutcome)
})

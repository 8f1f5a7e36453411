import { Data, Duration, Effect, Random } from "effect"
import { typingDelayMs } from "../../domain/session/MessagingSession.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { oneLine } from "../text/oneLine.ts"

/**
 * How long each step of the typing is given: it comes out of the message's 2-minute window, so a
 * gateway slow to answer must not take the normal deadline of a send.
 */
export const TYPING_STEP_MS = 3_000

/** A step of the typing failed or got no answer in time. */
class TypingStepFailed extends Data.TaggedError("TypingStepFailed")<{
  readonly action: string
  readonly reason: string
}> {}

/**
 * Before a send of a session that asks for it (SessionTypingSet): mark the chat seen, show
 * "typing…" for a few seconds (typingDelayMs), stop, as a person would (WAHA's advice against
 * bans, docs/waha-features.md §4). Best effort: the first step that fails or gets no answer within
 * TYPING_STEP_MS is logged, the rest skipped, and the message is sent all the same, since nothing
 * of it reached WhatsApp. Runs in the session's lane before the claim (docs/architecture.md#pacing).
 */
export const showTyping = Effect.fnUntraced(function* (session: string, chatId: string, text: string) {
  const gateway = yield* GatewayPort
  const step = (action: "seen" | "startTyping" | "stopTyping") =>
    gateway.chatPresence({ session, chatId, action }).pipe(
      Effect.mapError((error) => new TypingStepFailed({ action, reason: error.message })),
      Effect.timeoutOrElse({
        duration: Duration.millis(TYPING_STEP_MS),
        orElse: () =>
          Effect.fail(new TypingStepFailed({ action, reason: `no answer within ${TYPING_STEP_MS / 1000} s` }))
      })
    )
  yield* Effect.gen(function* () {
    yield* step("seen")
    yield* step("startTyping")
    yield* Effect.sleep(Duration.millis(typingDelayMs(text.length, yield* Random.next)))
    yield* step("stopTyping")
  }).pipe(
    Effect.catch((error) =>
      Effect.logWarning(
        `Session ${oneLine(session)}: ${error.action} before a send did not go through, typing skipped: ${oneLine(error.reason)}`
      )
    )
  )
})

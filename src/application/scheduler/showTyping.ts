import { Duration, Effect, Random } from "effect"
import { typingDelayMs } from "../../domain/session/MessagingSession.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { oneLine } from "../text/oneLine.ts"

/**
 * Before a send of a session that asks for it (SessionTypingSet): mark the chat seen, show
 * "typing…" for a few seconds (typingDelayMs), stop, as a person would (WAHA's advice against
 * bans, docs/waha-features.md §4). Best effort: a failure of any step is logged and the message is
 * sent all the same, since nothing of it reached WhatsApp. Runs after the claim, inside its lease.
 */
export const showTyping = Effect.fnUntraced(function* (session: string, chatId: string, text: string) {
  const gateway = yield* GatewayPort
  const step = (action: "seen" | "startTyping" | "stopTyping") =>
    gateway
      .chatPresence({ session, chatId, action })
      .pipe(
        Effect.catch((error) =>
          Effect.logWarning(
            `Session ${oneLine(session)}: ${action} before a send did not go through: ${oneLine(error.message)}`
          )
        )
      )
  yield* step("seen")
  yield* step("startTyping")
  yield* Effect.sleep(Duration.millis(typingDelayMs(text.length, yield* Random.next)))
  yield* step("stopTyping")
})

import { Effect, Layer } from "effect"
import type { Notification } from "../../application/ports/Notifier.ts"
import { Notifier } from "../../application/ports/Notifier.ts"

/** Keeps what would have been sent: for tests, and to read a reset link in a sandbox. */
export const makeMemoryNotifier = (sent: Array<Notification> = []) => ({
  sent,
  service: Notifier.of({ notify: (notification) => Effect.sync(() => void sent.push(notification)) })
})

export const MemoryNotifier = {
  layer: (sent: Array<Notification>) => Layer.succeed(Notifier, makeMemoryNotifier(sent).service)
}

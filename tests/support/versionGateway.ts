import { Effect, Layer, Logger } from "effect"
import type { GatewayChannel, GatewayServerVersion } from "../../src/application/ports/GatewayPort.ts"
import { GatewayError, GatewayPort } from "../../src/application/ports/GatewayPort.ts"
import { KeyedLocks } from "../../src/application/shared/KeyedLocks.ts"
import { makeMemoryDatabase } from "../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../src/infrastructure/memory/MemoryStore.ts"

/**
 * A gateway for use-case tests that only answers GET /api/server/version, with what `current()`
 * says at each call (so a test can change the engine between calls, or make it fail), and whether
 * it answers without a key (`keyless`, default no); it gives no message ids and finds none; every
 * other call is a defect.
 */
export const versionGateway = (
  current: () => GatewayServerVersion | GatewayError,
  keyless: () => boolean | GatewayError = () => false,
  /** what GET /api/{session}/channels answers (default: a defect, as every unused call) */
  channels?: () => ReadonlyArray<GatewayChannel> | GatewayError
) => {
  let calls = 0
  const unused = () => Effect.die("not used by this test")
  const layer = Layer.succeed(
    GatewayPort,
    GatewayPort.of({
      sendText: unused,
      chatPresence: unused,
      sendPoll: unused,
      sendMedia: unused,
      sendStatus: unused,
      createSession: unused,
      getSession: unused,
      startSession: unused,
      restartSession: unused,
      stopSession: unused,
      logoutSession: unused,
      deleteSession: unused,
      getQr: unused,
      listGroups: unused,
      listContacts: unused,
      listChannels: () =>
        Effect.suspend(() => {
          if (channels === undefined) return unused()
          const answer = channels()
          return answer instanceof GatewayError ? Effect.fail(answer) : Effect.succeed(answer)
        }),
      findSentMessage: unused,
      newMessageId: () => Effect.succeed(null),
      withoutIds: () => Effect.succeed("none"),
      findMessageById: () => Effect.succeed({ _tag: "NotFound" }),
      // a gateway that enforces its key, unless the test says otherwise (keyless)
      acceptsRequestsWithoutKey: () =>
        Effect.suspend(() => {
          const answer = keyless()
          return answer instanceof GatewayError ? Effect.fail(answer) : Effect.succeed(answer)
        }),
      serverVersion: () =>
        Effect.suspend(() => {
          calls += 1
          const answer = current()
          return answer instanceof GatewayError ? Effect.fail(answer) : Effect.succeed(answer)
        })
    })
  )
  return { layer, calls: () => calls }
}

/** A WAHA that can mention everyone (2025.11.1+, WEBJS). */
export const MENTIONING_WAHA: GatewayServerVersion = { version: "2026.7.1", engine: "WEBJS", tier: "CORE" }

/** The memory store and a gateway whose version answer the test sets (`set`), for use-case tests. */
export const memoryWithGateway = (
  initial: GatewayServerVersion,
  /** the session's channels, as the gateway lists them (default: none listed; asking is a defect) */
  channels?: () => ReadonlyArray<GatewayChannel> | GatewayError
) => {
  let answer = initial
  const gateway = versionGateway(() => answer, undefined, channels)
  const layer = Layer.mergeAll(
    MemoryStore.layer(makeMemoryDatabase()),
    KeyedLocks.layer,
    gateway.layer,
    Logger.layer([])
  )
  return { layer, calls: gateway.calls, set: (v: GatewayServerVersion) => (answer = v) }
}

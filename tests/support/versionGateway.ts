import { Effect, Layer } from "effect"
import type { GatewayServerVersion } from "../../src/application/ports/GatewayPort.ts"
import { GatewayPort } from "../../src/application/ports/GatewayPort.ts"

/**
 * A gateway for use-case tests that only answers GET /api/server/version, with what `current()`
 * says at each call (so a test can change the engine between calls); every other call is a defect.
 */
export const versionGateway = (current: () => GatewayServerVersion) => {
  let calls = 0
  const unused = () => Effect.die("not used by this test")
  const layer = Layer.succeed(
    GatewayPort,
    GatewayPort.of({
      sendText: unused,
      sendPoll: unused,
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
      findSentMessage: unused,
      serverVersion: () =>
        Effect.sync(() => {
          calls += 1
          return current()
        })
    })
  )
  return { layer, calls: () => calls }
}

/** A WAHA that can mention everyone (2025.11.1+, WEBJS). */
export const MENTIONING_WAHA: GatewayServerVersion = { version: "2026.7.1", engine: "WEBJS", tier: "CORE" }

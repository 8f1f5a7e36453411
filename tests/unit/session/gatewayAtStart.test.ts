import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Logger } from "effect"
import { TestClock } from "effect/testing"
import type { GatewayServerVersion } from "../../../src/application/ports/GatewayPort.ts"
import { GatewayError, NAMED_SESSIONS_UNSUPPORTED } from "../../../src/application/ports/GatewayPort.ts"
import {
  allowsNamedSessions,
  checkGatewayAtStart,
  GATEWAY_WITHOUT_KEY
} from "../../../src/application/session/gatewayAtStart.ts"
import { versionGateway } from "../../support/versionGateway.ts"

const v = (version: string, tier: string, engine = "WEBJS"): GatewayServerVersion => ({ version, tier, engine })

describe("allowsNamedSessions (WAHA Core before 2026.6.1 has only the session `default`)", () => {
  it.each([
    [v("2024.10.8", "CORE"), false],
    [v("2026.5.1", "CORE"), false],
    [v("2026.6.0", "CORE"), false],
    [v("2026.6.1", "CORE"), true],
    [v("2026.7.1", "CORE"), true],
    [v("2027.1.1", "CORE"), true],
    [v("2024.10.8", "PLUS"), true],
    [v("2025.11.2", "plus"), true],
    [v("latest", "CORE"), undefined],
    [v("2026.6.1", "COMMUNITY"), true]
  ])("%o → %s", (version, expected) => {
    expect(allowsNamedSessions(version)).toBe(expected)
  })
})

/** A gateway whose version answers come from a list, one per call (the last one repeats). */
const gatewayAnswering = (
  answers: ReadonlyArray<GatewayServerVersion | GatewayError>,
  keyless: () => boolean | GatewayError = () => false
) => {
  let next = 0
  return versionGateway(() => answers[Math.min(next++, answers.length - 1)]!, keyless)
}

const capture = () => {
  const lines: Array<string> = []
  const layer = Logger.layer([
    Logger.make(
      ({ message, logLevel }) =>
        void lines.push(`${logLevel}: ${Array.isArray(message) ? message.map(String).join(" ") : String(message)}`)
    )
  ])
  return { lines, layer }
}

const down = new GatewayError({
  reason: "Unreachable",
  message: "failed to read the gateway's version: connect ECONNREFUSED 127.0.0.1:3000"
})

describe("checkGatewayAtStart", () => {
  it.effect("logs `gateway: WAHA <version> <tier> engine <engine>` and goes on when named sessions work", () => {
    const { lines, layer } = capture()
    return Effect.gen(function* () {
      yield* checkGatewayAtStart
      expect(lines).toEqual(["Info: gateway: WAHA 2026.6.1 CORE engine GOWS"])
    }).pipe(Effect.provide(gatewayAnswering([v("2026.6.1", "CORE", "GOWS")]).layer), Effect.provide(layer))
  })

  it.effect("refuses, with one message saying what to do, a WAHA Core that allows only `default`", () => {
    const { lines, layer } = capture()
    return Effect.gen(function* () {
      const exit = yield* Effect.exit(checkGatewayAtStart)
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) {
        const failure = exit.cause.reasons.find((r) => r._tag === "Fail")
        expect(failure?._tag === "Fail" ? failure.error.message : null).toBe(
          `gateway: WAHA 2025.11.2 CORE engine WEBJS: ${NAMED_SESSIONS_UNSUPPORTED}`
        )
      }
      expect(lines).toEqual(["Info: gateway: WAHA 2025.11.2 CORE engine WEBJS"])
    }).pipe(Effect.provide(gatewayAnswering([v("2025.11.2", "CORE")]).layer), Effect.provide(layer))
  })

  it.effect(
    "a gateway that is down at start does not stop the process: it says so and keeps asking in the background",
    () => {
      const { lines, layer } = capture()
      const gateway = gatewayAnswering([down, down, v("2026.7.1", "CORE")])
      return Effect.gen(function* () {
        yield* checkGatewayAtStart
        expect(lines).toEqual([
          "Warn: gateway: could not read WAHA's version (failed to read the gateway's version: connect ECONNREFUSED 127.0.0.1:3000); starting anyway, asking again in the background"
        ])
        yield* TestClock.adjust(60_000)
        expect(gateway.calls()).toBe(3)
        expect(lines.at(-1)).toBe("Info: gateway: WAHA 2026.7.1 CORE engine WEBJS")
      }).pipe(Effect.provide(gateway.layer), Effect.provide(layer))
    }
  )

  it.effect(
    "an unusable gateway found later is logged as an error (the process already serves; creation says the same)",
    () => {
      const { lines, layer } = capture()
      return Effect.gen(function* () {
        yield* checkGatewayAtStart
        yield* TestClock.adjust(60_000)
        expect(lines.at(-1)).toBe(`Error: gateway: WAHA 2024.10.8 CORE engine NOWEB: ${NAMED_SESSIONS_UNSUPPORTED}`)
      }).pipe(Effect.provide(gatewayAnswering([down, v("2024.10.8", "CORE", "NOWEB")]).layer), Effect.provide(layer))
    }
  )

  it.effect(
    "a WAHA that answers without its API key: a loud error line saying what is exposed and how to fix it, then the version; the process goes on",
    () => {
      const { lines, layer } = capture()
      return Effect.gen(function* () {
        yield* checkGatewayAtStart
        expect(lines).toEqual([`Error: ${GATEWAY_WITHOUT_KEY}`, "Info: gateway: WAHA 2026.7.1 CORE engine WEBJS"])
        expect(GATEWAY_WITHOUT_KEY).toMatch(/hmac key/i)
        expect(GATEWAY_WITHOUT_KEY).toContain("WAHA_API_KEY")
        expect(GATEWAY_WITHOUT_KEY).toContain("GATEWAY_API_KEY")
        expect(GATEWAY_WITHOUT_KEY).toContain("public networks")
      }).pipe(Effect.provide(gatewayAnswering([v("2026.7.1", "CORE")], () => true).layer), Effect.provide(layer))
    }
  )

  it.effect("no clear answer to the keyless question (an error, a timeout) adds nothing to the log", () => {
    const { lines, layer } = capture()
    return Effect.gen(function* () {
      yield* checkGatewayAtStart
      expect(lines).toEqual(["Info: gateway: WAHA 2026.7.1 CORE engine WEBJS"])
    }).pipe(Effect.provide(gatewayAnswering([v("2026.7.1", "CORE")], () => down).layer), Effect.provide(layer))
  })

  it.effect("a gateway that was down at start is asked without its key once it answers", () => {
    const { lines, layer } = capture()
    return Effect.gen(function* () {
      yield* checkGatewayAtStart
      expect(lines.filter((l) => l.startsWith("Error"))).toEqual([])
      yield* TestClock.adjust(60_000)
      expect(lines.slice(-2)).toEqual([
        `Error: ${GATEWAY_WITHOUT_KEY}`,
        "Info: gateway: WAHA 2026.7.1 CORE engine WEBJS"
      ])
    }).pipe(Effect.provide(gatewayAnswering([down, v("2026.7.1", "CORE")], () => true).layer), Effect.provide(layer))
  })
})

import { TRPCError } from "@trpc/server"
import { Effect, Logger, ManagedRuntime } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import type { WebContext } from "../../../src/interfaces/web/trpc.ts"
import { run } from "../../../src/interfaces/web/trpc.ts"

/** `run` on its own: a runtime with nothing but a logger that keeps the lines. */
const runtimes: Array<ManagedRuntime.ManagedRuntime<never, never>> = []
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose()
})

const context = () => {
  const lines: Array<string> = []
  const runtime = ManagedRuntime.make(
    Logger.layer([
      Logger.make(({ message }) => {
        lines.push(Array.isArray(message) ? message.map(String).join(" ") : String(message))
      })
    ])
  )
  runtimes.push(runtime)
  const ctx: WebContext = {
    runtime: runtime as unknown as WebContext["runtime"],
    user: null,
    token: null,
    apiKey: null,
    idempotencyKey: null,
    reader: null,
    authUnavailable: false,
    client: () => "127.0.0.1",
    resHeaders: new Headers(),
    secureCookies: false,
    procedure: "campaign.create"
  }
  return { ctx, lines }
}

class Unmapped extends Error {
  readonly _tag = "Unmapped"
}

describe("run: an unexpected failure", () => {
  it.each<[string, Effect.Effect<never, Unmapped>]>([
    ["a defect", Effect.die(new Error("driver said: mongodb://admin:hunter2@db.internal:27017"))],
    ["a typed error nobody mapped", Effect.fail(new Unmapped("driver said: mongodb://admin:hunter2@db.internal:27017"))]
  ])(
    "%s: INTERNAL_SERVER_ERROR 'internal error' with an error id; the cause is logged under that id",
    async (_, effect) => {
      const { ctx, lines } = context()
      const thrown = await run(ctx, effect).then(
        () => null,
        (error: unknown) => error
      )
      expect(thrown).toBeInstanceOf(TRPCError)
      const error = thrown as TRPCError & { readonly errorId?: string }
      expect(error.code).toBe("INTERNAL_SERVER_ERROR")
      expect(error.message).toMatch(/^internal error \(error id [0-9a-f]{8}\)$/)
      expect(error.message).toBe(`internal error (error id ${error.errorId})`)
      expect(error.message).not.toContain("hunter2")
      const logged = lines.filter((l) => l.startsWith(`[error ${error.errorId}] campaign.create: `))
      expect(logged).toHaveLength(1)
      expect(logged[0]).toContain("mongodb://admin:hunter2@db.internal:27017")
    }
  )
})

import { fetchRequestHandler } from "@trpc/server/adapters/fetch"
import { describe, expect, it } from "vitest"
import { z } from "zod"
import type { WebContext } from "../../../src/interfaces/web/trpc.ts"
import { publicProcedure, router, unexpectedErrorId } from "../../../src/interfaces/web/trpc.ts"

// An answer that fails its own output schema is tRPC's INTERNAL_SERVER_ERROR with a ZodError as
// its cause: ours, not the caller's. It must not read as invalid input naming the answer's fields.
const testRouter = router({
  broken: publicProcedure
    .output(z.object({ status: z.enum(["A"]) }))
    // a stored value the declared type allows but the schema does not (simulated)
    .query((): { status: "A" } => JSON.parse('{"status":"B"}'))
})

describe("an unexpected error tRPC raises itself", () => {
  it("answers a plain sentence with an error id, the same the log line gets, and no field issues", async () => {
    let logged: string | undefined
    const response = await fetchRequestHandler({
      endpoint: "/api/trpc",
      router: testRouter,
      req: new Request("http://herald.test/api/trpc/broken"),
      // a browser's call (no API key); the procedure reads nothing else of the context
      createContext: (): WebContext => Object.assign(Object.create(null), { apiKey: null }),
      onError: ({ error }) => {
        logged = unexpectedErrorId(error)
      }
    })
    expect(response.status).toBe(500)
    const body = z
      .object({ error: z.object({ message: z.string(), data: z.record(z.string(), z.unknown()) }) })
      .parse(await response.json())
    expect(logged).toMatch(/^[0-9a-f]{8}$/)
    expect(body.error.data.errorId).toBe(logged)
    expect(body.error.message).toBe(
      `Something went wrong on our side (error id ${logged}). Try again in a moment; if it keeps happening, tell your administrator this id.`
    )
    expect(body.error.data).not.toHaveProperty("issues")
    // nothing of the answer's schema or value
    expect(JSON.stringify(body)).not.toMatch(/expected|"B"|Invalid/)
  })
})

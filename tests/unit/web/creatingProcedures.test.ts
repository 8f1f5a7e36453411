import { describe, expect, it } from "vitest"
import { appRouter } from "../../../src/interfaces/web/routers/appRouter.ts"

// docs/api.md#idempotency-key names the calls that honour an Idempotency-Key: the procedures
// marked `creates` (their resolvers run through runCreate), and no other.
describe("the creating procedures", () => {
  it("are the ones docs/api.md names for Idempotency-Key", () => {
    // flat at run time ("campaign.create"), whatever the types say of the nesting
    const procedures: Readonly<Record<string, unknown>> = appRouter._def.procedures
    const metaOf = (procedure: unknown): unknown =>
      typeof procedure === "function" && "_def" in procedure && typeof procedure._def === "object"
        ? Reflect.get(procedure._def ?? {}, "meta")
        : undefined
    const creating = Object.entries(procedures)
      .filter(([, procedure]) => {
        const meta = metaOf(procedure)
        return typeof meta === "object" && meta !== null && "creates" in meta && meta.creates === true
      })
      .map(([path]) => path)
      .sort()
    expect(creating).toEqual([
      "apiKey.create",
      "campaign.create",
      "campaign.duplicate",
      "campaign.resendMessage",
      "webhookEndpoint.create"
    ])
  })
})

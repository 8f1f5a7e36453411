import { describe, expect, it } from "vitest"
import { MessageEventSchema } from "../../../src/application/eventSourcing/codecs.ts"

describe("MessageEventSchema", () => {
  it("decodes a MessageSent recorded before gateway ids were kept: no id", () => {
    expect(MessageEventSchema.parse({ type: "MessageSent", at: 5 })).toEqual({ type: "MessageSent", at: 5, gatewayMessageId: null })
  })

  it("keeps the gateway id of a MessageSent that has one", () => {
    expect(MessageEventSchema.parse({ type: "MessageSent", at: 5, gatewayMessageId: "true_1@g.us_AB" })).toEqual({
      type: "MessageSent",
      at: 5,
      gatewayMessageId: "true_1@g.us_AB"
    })
  })

  it("decodes MessageAcknowledged and refuses an unknown level", () => {
    const event = { type: "MessageAcknowledged", at: 9, level: "READ", participant: "9999@lid" }
    expect(MessageEventSchema.parse(event)).toEqual(event)
    expect(MessageEventSchema.safeParse({ ...event, level: "PLAYED" }).success).toBe(false)
  })
})

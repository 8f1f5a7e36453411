import { describe, expect, it } from "vitest"
import { MessageEventSchema } from "../../../src/application/eventSourcing/codecs.ts"

describe("MessageEventSchema", () => {
  it("decodes a MessageSent recorded before gateway ids were kept: no id", () => {
    expect(MessageEventSchema.parse({ type: "MessageSent", at: 5 })).toEqual({
      type: "MessageSent",
      at: 5,
      gatewayMessageId: null
    })
  })

  it("keeps the gateway id of a MessageSent that has one", () => {
    expect(MessageEventSchema.parse({ type: "MessageSent", at: 5, gatewayMessageId: "true_1@g.us_AB" })).toEqual({
      type: "MessageSent",
      at: 5,
      gatewayMessageId: "true_1@g.us_AB"
    })
  })

  it("MessagePicked: one written before claim ids decodes without one (no id); an id is kept; a bad one refused", () => {
    const picked = { type: "MessagePicked", at: 5, by: "scheduler-1" }
    expect(MessageEventSchema.parse(picked)).toEqual(picked)
    expect(MessageEventSchema.parse(picked)).not.toHaveProperty("gatewayMessageId")
    expect(MessageEventSchema.parse({ ...picked, gatewayMessageId: "3EB0AA" })).toEqual({
      ...picked,
      gatewayMessageId: "3EB0AA"
    })
    expect(MessageEventSchema.safeParse({ ...picked, gatewayMessageId: 7 }).success).toBe(false)
    expect(MessageEventSchema.safeParse({ ...picked, gatewayMessageId: null }).success).toBe(false)
  })

  it("keeps the note of a MessageSent settled by its id", () => {
    const sent = {
      type: "MessageSent",
      at: 5,
      gatewayMessageId: "3EB0AA",
      note: "settled by its id: gateway message 3EB0AA"
    }
    expect(MessageEventSchema.parse(sent)).toEqual(sent)
  })

  it("mentionAll: a MessageScheduled or MessageEdited written before it decodes without one; true/false kept; bad values refused", () => {
    const target = { campaignId: "c", sessionId: "s", groupId: "1@g.us", groupName: "G" }
    const scheduled = { type: "MessageScheduled", messageId: "m", target, content: "hi", scheduledAt: 1, at: 0 }
    expect(MessageEventSchema.parse(scheduled)).toEqual(scheduled)
    expect(MessageEventSchema.parse({ ...scheduled, mentionAll: true })).toEqual({ ...scheduled, mentionAll: true })
    // only true is ever written on a MessageScheduled
    expect(MessageEventSchema.safeParse({ ...scheduled, mentionAll: false }).success).toBe(false)
    const edited = { type: "MessageEdited", content: "hi", scheduledAt: 1, at: 0 }
    expect(MessageEventSchema.parse(edited)).toEqual(edited)
    expect(MessageEventSchema.parse({ ...edited, mentionAll: false })).toEqual({ ...edited, mentionAll: false })
    expect(MessageEventSchema.safeParse({ ...edited, mentionAll: "yes" }).success).toBe(false)
  })

  it("media: events written before media decode without (none); media is kept; bad shapes refused", () => {
    const target = { campaignId: "c", sessionId: "s", groupId: "1@g.us", groupName: "G" }
    const scheduled = { type: "MessageScheduled", messageId: "m", target, content: "", scheduledAt: 1, at: 0 }
    const media = { id: "md", mimetype: "application/pdf", filename: "a.pdf", size: 10, kind: "file" }
    expect(MessageEventSchema.parse(scheduled)).not.toHaveProperty("media")
    expect(MessageEventSchema.parse({ ...scheduled, media })).toEqual({ ...scheduled, media })
    expect(MessageEventSchema.safeParse({ ...scheduled, media: { ...media, kind: "video" } }).success).toBe(false)
    expect(MessageEventSchema.safeParse({ ...scheduled, media: { id: "md" } }).success).toBe(false)
  })

  it("poll: events written before polls decode as texts (none); a poll is kept; bad shapes refused", () => {
    const target = { campaignId: "c", sessionId: "s", groupId: "1@g.us", groupName: "G" }
    const scheduled = { type: "MessageScheduled", messageId: "m", target, content: "Lunch?", scheduledAt: 1, at: 0 }
    const poll = { options: ["Pizza", "Sushi"], multipleAnswers: true }
    expect(MessageEventSchema.parse(scheduled)).not.toHaveProperty("poll")
    expect(MessageEventSchema.parse({ ...scheduled, poll })).toEqual({ ...scheduled, poll })
    expect(
      MessageEventSchema.safeParse({ ...scheduled, poll: { options: "Pizza", multipleAnswers: true } }).success
    ).toBe(false)
    expect(MessageEventSchema.safeParse({ ...scheduled, poll: { options: ["Pizza"] } }).success).toBe(false)
    const edited = { type: "MessageEdited", content: "Lunch?", scheduledAt: 1, at: 0 }
    expect(MessageEventSchema.parse(edited)).not.toHaveProperty("poll")
    expect(MessageEventSchema.parse({ ...edited, poll })).toEqual({ ...edited, poll })
    expect(MessageEventSchema.safeParse({ ...edited, poll: null }).success).toBe(false)
  })

  it("decodes MessageAcknowledged and refuses an unknown level", () => {
    const event = { type: "MessageAcknowledged", at: 9, level: "READ", participant: "9999@lid" }
    expect(MessageEventSchema.parse(event)).toEqual(event)
    expect(MessageEventSchema.safeParse({ ...event, level: "PLAYED" }).success).toBe(false)
  })
})

describe("SessionEventSchema", () => {
  it("decodes SessionGatewayStatusChanged, and the events written before it still decode", async () => {
    const { SessionEventSchema } = await import("../../../src/application/eventSourcing/codecs.ts")
    const changed = {
      type: "SessionGatewayStatusChanged",
      status: "FAILED",
      previousStatus: "WORKING",
      reportedAt: 7,
      at: 8
    }
    expect(SessionEventSchema.parse(changed)).toEqual(changed)
    expect(SessionEventSchema.parse({ type: "SessionLoggedOut", at: 3 })).toEqual({ type: "SessionLoggedOut", at: 3 })
    expect(SessionEventSchema.safeParse({ ...changed, status: 5 }).success).toBe(false)
  })
})

describe("UserEventSchema", () => {
  it("decodes UserPreferencesSet (a zone and locale, or null for not known), and the events written before it still decode", async () => {
    const { UserEventSchema } = await import("../../../src/application/eventSourcing/codecs.ts")
    const set = { type: "UserPreferencesSet", timeZone: "Europe/Berlin", locale: "de-DE", at: 4 }
    expect(UserEventSchema.parse(set)).toEqual(set)
    const forgotten = { type: "UserPreferencesSet", timeZone: null, locale: null, at: 5 }
    expect(UserEventSchema.parse(forgotten)).toEqual(forgotten)
    expect(UserEventSchema.safeParse({ ...set, timeZone: 3 }).success).toBe(false)
    expect(UserEventSchema.safeParse({ type: "UserPreferencesSet", at: 4 }).success).toBe(false)
    // a registration written before preferences existed reads as it did: preferences come only from this event
    const registered = {
      type: "UserRegistered",
      userId: "u1",
      email: "ada@example.org",
      name: "Ada",
      passwordHash: "scrypt$x",
      role: "USER",
      status: "ACTIVE",
      emailVerified: true,
      verification: null,
      at: 1
    }
    expect(UserEventSchema.parse(registered)).toEqual(registered)
  })
})

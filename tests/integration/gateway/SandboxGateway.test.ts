import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Logger } from "effect"
import { TestClock } from "effect/testing"
import { walkPages } from "../../../src/application/session/walkPages.ts"
import {
  makeSandboxGateway,
  SANDBOX_ME_ID,
  SANDBOX_ME_NAME
} from "../../../src/infrastructure/gateway/sandbox/SandboxGateway.ts"

const freshDir = () => mkdtempSync(join(tmpdir(), "herald-sandbox-"))

describe("SandboxGateway", () => {
  it.effect("a session turns WORKING 5 s after its QR code is first read, as if the phone had scanned it", () =>
    Effect.gen(function* () {
      const gateway = makeSandboxGateway({ dir: freshDir() })
      yield* gateway.createSession("alice")
      expect(yield* gateway.getSession("alice")).toEqual({ name: "alice", status: "SCAN_QR_CODE" })
      // not read yet: it waits for ever
      yield* TestClock.adjust(60_000)
      expect((yield* gateway.getSession("alice"))?.status).toBe("SCAN_QR_CODE")
      const qr = yield* gateway.getQr("alice")
      expect(qr.mimetype).toBe("image/png")
      expect(Buffer.from(qr.data, "base64").subarray(1, 4).toString()).toBe("PNG")
      yield* TestClock.adjust(4_999)
      expect((yield* gateway.getSession("alice"))?.status).toBe("SCAN_QR_CODE")
      yield* TestClock.adjust(1)
      // reading the code again does not scan it: a code asked for after a status read that said SCAN_QR_CODE is served
      expect((yield* gateway.getQr("alice")).mimetype).toBe("image/png")
      expect(yield* gateway.getSession("alice")).toEqual({
        name: "alice",
        status: "WORKING",
        meId: SANDBOX_ME_ID,
        meName: SANDBOX_ME_NAME
      })
      expect((yield* Effect.flip(gateway.getQr("alice"))).reason).toBe("SessionNotReady")
    })
  )

  it.effect("sends only from a WORKING session, writing each send to sent.jsonl; sessions survive a restart", () =>
    Effect.gen(function* () {
      const dir = freshDir()
      const gateway = makeSandboxGateway({ dir, connectAfterMs: 0 })
      yield* gateway.createSession("bob")
      const early = yield* Effect.flip(gateway.sendText({ session: "bob", chatId: "1@g.us", text: "too early" }))
      expect(early).toMatchObject({
        reason: "SessionNotReady",
        message: expect.stringMatching(/^failed to send message: session bob is SCAN_QR_CODE/)
      })
      yield* gateway.getQr("bob")
      yield* gateway.sendText({ session: "bob", chatId: "1@g.us", text: "hello" })
      const lines = readFileSync(join(dir, "sent.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, unknown>)
      expect(lines).toEqual([expect.objectContaining({ session: "bob", chatId: "1@g.us", text: "hello" })])
      // a new instance on the same folder (a restart) knows the paired session
      const again = makeSandboxGateway({ dir })
      expect((yield* again.getSession("bob"))?.status).toBe("WORKING")
      yield* again.stopSession("bob")
      yield* again.startSession("bob")
      expect((yield* again.getSession("bob"))?.status).toBe("WORKING")
      yield* again.logoutSession("bob")
      yield* again.deleteSession("bob")
      expect(yield* again.getSession("bob")).toBeNull()
      expect((yield* Effect.flip(again.sendText({ session: "bob", chatId: "1@g.us", text: "gone" }))).reason).toBe(
        "SessionNotFound"
      )
    })
  )

  it.effect(
    "logs each send on one line: a text with line breaks is escaped there, and kept as written in sent.jsonl",
    () => {
      const lines: Array<string> = []
      const capture = Logger.layer([
        Logger.make(
          ({ message }) => void lines.push(Array.isArray(message) ? message.map(String).join(" ") : String(message))
        )
      ])
      return Effect.gen(function* () {
        const dir = freshDir()
        const gateway = makeSandboxGateway({ dir, connectAfterMs: 0 })
        yield* gateway.createSession("dave")
        yield* gateway.getQr("dave")
        const text = "hi\n[2026-01-01T10:00:00.000Z] Message x processed successfully\u2028"
        yield* gateway.sendText({ session: "dave", chatId: "1@g.us", text })
        expect(lines).toEqual([
          "Sandbox gateway: delivered to 1@g.us from session dave: hi\\n[2026-01-01T10:00:00.000Z] Message x processed successfully\\u2028"
        ])
        expect(JSON.parse(readFileSync(join(dir, "sent.jsonl"), "utf8"))).toMatchObject({ text })
      }).pipe(Effect.provide(capture))
    }
  )

  it.effect(
    "sends a poll as WAHA would be asked to: recorded in sent.jsonl with its question and options, an id answered; refused before pairing",
    () =>
      Effect.gen(function* () {
        const dir = freshDir()
        const gateway = makeSandboxGateway({ dir, connectAfterMs: 0 })
        yield* gateway.createSession("erin")
        const poll = {
          session: "erin",
          chatId: "1@g.us",
          question: "Lunch?",
          options: ["Pizza", "Sushi"],
          multipleAnswers: true
        }
        const early = yield* Effect.flip(gateway.sendPoll(poll))
        expect(early).toMatchObject({
          reason: "SessionNotReady",
          message: expect.stringMatching(/^failed to send poll: /)
        })
        yield* gateway.getQr("erin")
        const sent = yield* gateway.sendPoll(poll)
        expect(sent.messageId).toMatch(/^true_1@g\.us_SANDBOX/)
        expect(JSON.parse(readFileSync(join(dir, "sent.jsonl"), "utf8"))).toMatchObject(poll)
      })
  )

  it.effect(
    "sends an image or file: recorded in sent.jsonl with its type, name, size and caption (not its bytes), an id answered",
    () =>
      Effect.gen(function* () {
        const dir = freshDir()
        const gateway = makeSandboxGateway({ dir, connectAfterMs: 0 })
        yield* gateway.createSession("erin")
        yield* gateway.getQr("erin")
        const sent = yield* gateway.sendMedia({
          session: "erin",
          chatId: "1@g.us",
          kind: "image",
          mimetype: "image/png",
          filename: "team.png",
          bytes: new Uint8Array(1000),
          caption: "Our team"
        })
        expect(sent.messageId).toMatch(/^true_1@g\.us_SANDBOX/)
        const line = readFileSync(join(dir, "sent.jsonl"), "utf8")
        expect(JSON.parse(line)).toMatchObject({
          session: "erin",
          chatId: "1@g.us",
          kind: "image",
          mimetype: "image/png",
          filename: "team.png",
          size: 1000,
          caption: "Our team"
        })
        expect(line).not.toContain("bytes")
      })
  )

  it.effect("posts a Status: recorded in sent.jsonl to status@broadcast with its colour, font and contacts", () =>
    Effect.gen(function* () {
      const dir = freshDir()
      const gateway = makeSandboxGateway({ dir, connectAfterMs: 0 })
      yield* gateway.createSession("erin")
      yield* gateway.getQr("erin")
      const sent = yield* gateway.sendStatus({
        kind: "text",
        session: "erin",
        text: "Open day",
        backgroundColor: "#ff8800",
        font: 6,
        contacts: ["4915112345678@c.us"]
      })
      expect(sent.messageId).toMatch(/^true_status@broadcast_SANDBOX/)
      expect(JSON.parse(readFileSync(join(dir, "sent.jsonl"), "utf8"))).toMatchObject({
        session: "erin",
        chatId: "status@broadcast",
        kind: "text",
        text: "Open day",
        backgroundColor: "#ff8800",
        font: 6,
        contacts: ["4915112345678@c.us"]
      })
    })
  )

  it.effect("keeps its folder and files for their owner only (0700, 0600), even when they existed open to others", () =>
    Effect.gen(function* () {
      const dir = freshDir()
      chmodSync(dir, 0o755)
      for (const [file, text] of [
        ["sessions.json", "{}"],
        ["sent.jsonl", ""]
      ] as const) {
        writeFileSync(join(dir, file), text, { mode: 0o644 })
        chmodSync(join(dir, file), 0o644)
      }
      const gateway = makeSandboxGateway({ dir, connectAfterMs: 0 })
      yield* gateway.createSession("erin")
      yield* gateway.getQr("erin")
      yield* gateway.sendText({ session: "erin", chatId: "1@g.us", text: "hello" })
      const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8)
      expect(modeOf(dir)).toBe("700")
      expect(Object.fromEntries(readdirSync(dir).map((f) => [f, modeOf(join(dir, f))]))).toEqual({
        "sessions.json": "600",
        "sent.jsonl": "600"
      })
    })
  )

  it.effect(
    "follows WAHA's session rules: duplicate create, start of a running session, stopped sessions, idempotent stop/delete, restart",
    () =>
      Effect.gen(function* () {
        const gateway = makeSandboxGateway({ dir: freshDir(), connectAfterMs: 0 })
        yield* gateway.createSession("fay")
        expect((yield* Effect.flip(gateway.createSession("fay"))).reason).toBe("SessionAlreadyExists")
        // a running session is not started again: nothing changes
        expect((yield* Effect.flip(gateway.startSession("fay"))).reason).toBe("SessionAlreadyStarted")
        expect((yield* gateway.getSession("fay"))?.status).toBe("SCAN_QR_CODE")
        yield* gateway.getQr("fay")
        expect((yield* gateway.getSession("fay"))?.status).toBe("WORKING")
        yield* gateway.stopSession("fay")
        yield* gateway.stopSession("fay")
        for (const call of [
          gateway.sendText({ session: "fay", chatId: "1@g.us", text: "x" }).pipe(Effect.asVoid),
          gateway.getQr("fay").pipe(Effect.asVoid),
          gateway.listGroups("fay", { limit: 5, offset: 0 }).pipe(Effect.asVoid),
          gateway.listContacts("fay", { limit: 5, offset: 0 }).pipe(Effect.asVoid)
        ])
          expect((yield* Effect.flip(call)).reason).toBe("SessionNotRunning")
        yield* gateway.restartSession("fay")
        expect((yield* gateway.getSession("fay"))?.status).toBe("WORKING")
        // logout of a running session starts it again, unpaired
        yield* gateway.logoutSession("fay")
        expect((yield* gateway.getSession("fay"))?.status).toBe("SCAN_QR_CODE")
        yield* gateway.deleteSession("fay")
        yield* gateway.deleteSession("fay")
        expect((yield* Effect.flip(gateway.restartSession("fay"))).reason).toBe("SessionNotFound")
        expect(yield* gateway.serverVersion()).toEqual({ version: "sandbox", engine: "SANDBOX", tier: "SANDBOX" })
      })
  )

  it.effect("serves sample groups and contacts in pages to a WORKING session", () =>
    Effect.gen(function* () {
      const gateway = makeSandboxGateway({ dir: freshDir(), connectAfterMs: 0 })
      yield* gateway.createSession("carol")
      expect((yield* Effect.flip(gateway.listGroups("carol", { limit: 5, offset: 0 }))).reason).toBe("SessionNotReady")
      yield* gateway.getQr("carol")
      const first = yield* gateway.listGroups("carol", { limit: 5, offset: 0 })
      expect(first.items).toHaveLength(5)
      expect(first.more).toBe(true)
      const last = yield* gateway.listGroups("carol", { limit: 5, offset: 10 })
      expect(last.more).toBe(false)
      const contacts = yield* gateway.listContacts("carol", { limit: 100, offset: 0 })
      expect(contacts.items.every((c) => c.groupId === `${c.number}@c.us` && c.isContact)).toBe(true)
    })
  )

  it.effect("lists sample channels to a WORKING session: two it runs, one it only follows", () =>
    Effect.gen(function* () {
      const gateway = makeSandboxGateway({ dir: freshDir(), connectAfterMs: 0 })
      yield* gateway.createSession("erin")
      expect((yield* Effect.flip(gateway.listChannels("erin"))).reason).toBe("SessionNotReady")
      yield* gateway.getQr("erin")
      const channels = yield* gateway.listChannels("erin")
      expect(channels.map((c) => c.role)).toEqual(["OWNER", "ADMIN", "SUBSCRIBER"])
      expect(channels.every((c) => c.channelId.endsWith("@newsletter"))).toBe(true)
    })
  )

  it.effect(
    "pages as Herald asks WAHA for them: in id order, each saying what it served, read whole once by the directory's walk",
    () =>
      Effect.gen(function* () {
        const gateway = makeSandboxGateway({ dir: freshDir(), connectAfterMs: 0 })
        yield* gateway.createSession("dora")
        yield* gateway.getQr("dora")
        for (const list of [gateway.listGroups, gateway.listContacts]) {
          const all = yield* walkPages(
            {
              pageSize: 5,
              maxEntries: 1_000,
              keyOf: (item: { readonly groupId: string }) => item.groupId,
              what: "entries"
            },
            (page) =>
              Effect.tap(list("dora", page), (served) =>
                Effect.sync(() => expect(served.served).toEqual(served.items.map((item) => item.groupId)))
              )
          )
          const ids = all.map((item) => item.groupId)
          expect(ids).toEqual([...ids].sort())
          expect(new Set(ids).size).toBe(ids.length)
          expect(ids.length).toBeGreaterThan(10)
        }
      })
  )

  it.effect(
    "gives message ids from a counter and finds what it sent with them, after a restart too; other chats and unknown ids are NotFound",
    () =>
      Effect.gen(function* () {
        const dir = freshDir()
        const gateway = makeSandboxGateway({ dir, connectAfterMs: 0 })
        yield* gateway.createSession("erin")
        expect((yield* Effect.flip(gateway.newMessageId("erin"))).reason).toBe("SessionNotReady")
        yield* gateway.getQr("erin")
        const ids = [yield* gateway.newMessageId("erin"), yield* gateway.newMessageId("erin")]
        expect(ids[0]).toMatch(/^3EB0[0-9A-F]{18}$/)
        expect(ids[1]).not.toBe(ids[0])
        const id = ids[0]!
        yield* TestClock.setTime(Date.parse("2026-08-01T09:00:01.500Z"))
        const sent = yield* gateway.sendText({ session: "erin", chatId: "1@g.us", text: "hello", id })
        expect(sent.messageId).toBe(`true_1@g.us_${id}`)
        const found = {
          _tag: "Found",
          messageId: `true_1@g.us_${id}`,
          timestamp: Date.parse("2026-08-01T09:00:01.000Z"),
          ack: 1
        }
        expect(yield* gateway.findMessageById({ session: "erin", chatId: "1@g.us", id })).toEqual(found)
        expect(yield* gateway.findMessageById({ session: "erin", chatId: "2@g.us", id })).toEqual({ _tag: "NotFound" })
        expect(yield* gateway.findMessageById({ session: "erin", chatId: "1@g.us", id: ids[1]! })).toEqual({
          _tag: "NotFound"
        })
        // a new instance on the same folder (a restart) still finds it, and gives other ids
        const again = makeSandboxGateway({ dir, connectAfterMs: 0 })
        expect(yield* again.findMessageById({ session: "erin", chatId: "1@g.us", id })).toEqual(found)
        expect(ids).not.toContain(yield* again.newMessageId("erin"))
      })
  )
})

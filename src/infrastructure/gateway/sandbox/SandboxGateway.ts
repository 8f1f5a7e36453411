import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Clock, Effect, Layer } from "effect"
import { z } from "zod"
import type {
  GatewayChannel,
  GatewayContact,
  GatewayFailure,
  GatewayGroup,
  MessageByIdLookup,
  PageOf,
  SentText
} from "../../../application/ports/GatewayPort.ts"
import { GatewayError, GatewayPort } from "../../../application/ports/GatewayPort.ts"
import { oneLine } from "../../../application/text/oneLine.ts"
import { makeOwnerOnlyFolder, restrictToOwner, writeOwnerOnlyFile } from "../../fs/ownerOnly.ts"
import { SANDBOX_QR_PNG_BASE64 } from "./sandboxQr.ts"

/** The phone a sandbox session pretends to be. */
export const SANDBOX_ME_ID = "15550000000@c.us"
export const SANDBOX_ME_NAME = "Sandbox phone"

const SAMPLE_GROUPS: ReadonlyArray<GatewayGroup> = [
  "Family",
  "Book club",
  "Choir",
  "Football team",
  "Neighbours",
  "Climbing Tuesdays",
  "Project Atlas",
  "Parents of class 3B",
  "Garden allotment",
  "Board game night",
  "Volunteers",
  "Running club"
].map((groupName, i) => ({ groupId: `1203630000000000${String(i + 10)}@g.us`, groupName }))

/** Two channels the sandbox number runs and one it only follows (which Herald does not offer). */
const SAMPLE_CHANNELS: ReadonlyArray<GatewayChannel> = [
  { channelId: "120363000000000101@newsletter", name: "Club news", role: "OWNER", verified: false, subscribers: 240 },
  { channelId: "120363000000000102@newsletter", name: "Match day", role: "ADMIN", verified: false, subscribers: 85 },
  {
    channelId: "120363000000000103@newsletter",
    name: "City council",
    role: "SUBSCRIBER",
    verified: true,
    subscribers: 12_400
  }
]

const SAMPLE_CONTACTS: ReadonlyArray<GatewayContact> = [
  "Ada Lovelace",
  "Alan Turing",
  "Grace Hopper",
  "Katherine Johnson",
  "Edsger Dijkstra",
  "Barbara Liskov",
  "Donald Knuth",
  "Margaret Hamilton",
  "Ken Thompson",
  "Radia Perlman",
  "Tim Berners-Lee",
  "Frances Allen",
  "Linus Torvalds",
  "Hedy Lamarr",
  "John McCarthy",
  "Annie Easley",
  "Dennis Ritchie",
  "Sophie Wilson",
  "Claude Shannon",
  "Karen Spärck Jones"
].map((groupName, i) => {
  const number = `1555010${String(1000 + i).slice(1)}`
  return { groupId: `${number}@c.us`, groupName, number, isContact: true as const }
})

interface SandboxSession {
  status: string
  /** paired once: starting again goes straight to WORKING, as with a real phone */
  paired: boolean
  /** when its QR code was first shown; it "gets scanned" a few seconds later */
  qrShownAt: number | null
}

/** A line of sent.jsonl that carried a chosen id: what findMessageById needs of it. */
const SentLine = z.object({ at: z.string(), session: z.string(), chatId: z.string(), id: z.string().min(1) })
type SentWithId = { readonly session: string; readonly chatId: string; readonly at: number }

/** The sends made with a chosen id, by id, read back from sent.jsonl (so a restarted process still finds them). */
/** A sent id is looked up only within a lease or so of its send: a day of them is kept, not the whole file's. */
const IDS_KEPT_MS = 24 * 60 * 60 * 1000

/** Drops the ids sent before `now` less a day (the map holds them oldest first). */
const forgetOldIds = (ids: Map<string, SentWithId>, now: number) => {
  for (const [id, sent] of ids) {
    if (sent.at >= now - IDS_KEPT_MS) return
    ids.delete(id)
  }
}

const sentWithIds = (sentFile: string): Map<string, SentWithId> => {
  const found = new Map<string, SentWithId>()
  let text = ""
  try {
    text = readFileSync(sentFile, "utf8")
  } catch {
    return found
  }
  for (const line of text.split("\n")) {
    if (!line.includes('"id"')) continue
    try {
      const parsed = SentLine.safeParse(JSON.parse(line))
      if (parsed.success)
        found.set(parsed.data.id, {
          session: parsed.data.session,
          chatId: parsed.data.chatId,
          at: Date.parse(parsed.data.at)
        })
    } catch {
      /* a torn last line after a crash */
    }
  }
  // a day before the last send: a restart soon after it finds what a lease recovery may ask for
  let last = 0
  for (const sent of found.values()) last = Math.max(last, sent.at)
  forgetOldIds(found, last)
  return found
}

export interface SandboxGatewayOptions {
  /** where sessions.json and sent.jsonl live (./data/sandbox) */
  readonly dir: string
  /** how long after its QR code is first read a session turns WORKING (default 5000 ms) */
  readonly connectAfterMs?: number
}

/**
 * A gateway that needs no WhatsApp: for trying Herald out (standalone mode). Sessions behave
 * like WAHA's (SCAN_QR_CODE → WORKING, as if the phone had scanned the code a few seconds after
 * it was first shown), groups and contacts are samples, and sends are logged and appended to
 * sent.jsonl instead of being delivered. Sessions survive a restart (sessions.json). Like the rest
 * of the data folder, its folder is 0700 and its files 0600.
 */
export const makeSandboxGateway = (options: SandboxGatewayOptions): GatewayPort["Service"] => {
  const connectAfterMs = options.connectAfterMs ?? 5_000
  makeOwnerOnlyFolder(options.dir)
  const sessionsFile = join(options.dir, "sessions.json")
  const sentFile = join(options.dir, "sent.jsonl")
  restrictToOwner(sessionsFile)
  restrictToOwner(sentFile)
  const sessions = new Map<string, SandboxSession>()
  try {
    for (const [name, s] of Object.entries(
      JSON.parse(readFileSync(sessionsFile, "utf8")) as Record<string, SandboxSession>
    ))
      sessions.set(name, s)
  } catch {
    /* first run */
  }
  const save = () => writeOwnerOnlyFile(sessionsFile, JSON.stringify(Object.fromEntries(sessions), null, 2), "w")
  const withIds = sentWithIds(sentFile)
  // ids from a counter behind a random prefix per instance, so a restart never gives an id again (as WAHA's "3EB0" + 18 hex digits)
  const idPrefix = `3EB0${randomBytes(6).toString("hex").toUpperCase()}`
  let idCounter = 0

  const fail = (prefix: string, reason: GatewayFailure, detail: string) =>
    new GatewayError({ reason, message: `${prefix}: ${detail}` })
  /** the session, its QR code "scanned" once enough time has passed */
  const current = (name: string) =>
    Effect.map(Clock.currentTimeMillis, (now) => {
      const session = sessions.get(name)
      if (
        session?.status === "SCAN_QR_CODE" &&
        session.qrShownAt !== null &&
        now >= session.qrShownAt + connectAfterMs
      ) {
        session.status = "WORKING"
        session.paired = true
        save()
      }
      return session
    })
  // as WAHA: a STOPPED session has to be started first; a running one may not be ready yet
  const working = (prefix: string, name: string) =>
    Effect.flatMap(current(name), (session) =>
      session === undefined
        ? Effect.fail(fail(prefix, "SessionNotFound", `session ${name} does not exist (sandbox)`))
        : session.status === "STOPPED"
          ? Effect.fail(fail(prefix, "SessionNotRunning", `session ${name} is STOPPED: start it first (sandbox)`))
          : session.status !== "WORKING"
            ? Effect.fail(
                fail(prefix, "SessionNotReady", `session ${name} is ${session.status}, not WORKING (sandbox)`)
              )
            : Effect.void
    )
  const known = (prefix: string, name: string) =>
    Effect.flatMap(current(name), (session) =>
      session === undefined
        ? Effect.fail(fail(prefix, "SessionNotFound", `session ${name} does not exist (sandbox)`))
        : Effect.succeed(session)
    )
  /** In id order, as Herald asks WAHA for them (sortBy=id), so pages never overlap. */
  const page = <T extends { readonly groupId: string }>(
    items: ReadonlyArray<T>,
    p: { readonly limit: number; readonly offset: number }
  ): PageOf<T> => {
    const slice = items.slice(p.offset, p.offset + p.limit)
    return { items: slice, more: p.offset + p.limit < items.length, served: slice.map((item) => item.groupId) }
  }

  /** Records a send in the sent file (one JSON line, the request as given) and answers an id as WAHA's. */
  const deliver = (
    request: { readonly session: string; readonly chatId: string; readonly id?: string },
    prefix: string,
    shown: string
  ) =>
    Effect.gen(function* () {
      yield* working(prefix, request.session)
      const now = yield* Clock.currentTimeMillis
      writeOwnerOnlyFile(sentFile, `${JSON.stringify({ at: new Date(now).toISOString(), ...request })}\n`, "a")
      if (request.id !== undefined) {
        withIds.set(request.id, { session: request.session, chatId: request.chatId, at: now })
        if (withIds.size % 1_000 === 0) forgetOldIds(withIds, now)
      }
      yield* Effect.logInfo(
        `Sandbox gateway: delivered to ${oneLine(request.chatId)} from session ${oneLine(request.session)}: ${oneLine(shown)}`
      )
      const sent: SentText = {
        messageId: `true_${request.chatId}_${
          request.id ??
          `SANDBOX${now.toString(16).toUpperCase()}${Math.floor(Math.random() * 0xffff)
            .toString(16)
            .toUpperCase()}`
        }`
      }
      return sent
    })

  return GatewayPort.of({
    // the sandbox keeps no chat history it could be sure of: a cut-off send stays outcome-unknown
    findSentMessage: () => Effect.succeed({ _tag: "Unsure", reason: "the sandbox gateway keeps no chat history" }),
    // ids from a counter; what was sent with one is found again (delivered, so acknowledged by the "server")
    newMessageId: (session) =>
      Effect.flatMap(working("failed to take a new message id", session), () =>
        Effect.sync(() => `${idPrefix}${(++idCounter).toString(16).toUpperCase().padStart(6, "0")}`)
      ),
    withoutIds: () => Effect.succeed(null),
    findMessageById: (query) =>
      Effect.map(working("failed to look the message up by its id", query.session), () => {
        const sent = withIds.get(query.id)
        const lookup: MessageByIdLookup =
          sent === undefined || sent.session !== query.session || sent.chatId !== query.chatId
            ? { _tag: "NotFound" }
            : {
                _tag: "Found",
                messageId: `true_${sent.chatId}_${query.id}`,
                timestamp: Math.floor(sent.at / 1000) * 1000,
                ack: 1
              }
        return lookup
      }),
    sendText: (request) => deliver(request, "failed to send message", request.text),
    // nobody watches the sandbox's chats: marking seen and typing do nothing
    chatPresence: () => Effect.void,
    sendPoll: (request) =>
      deliver(
        request,
        "failed to send poll",
        `poll "${request.question}": ${request.options.join(" / ")}${request.multipleAnswers ? " (several answers)" : ""}`
      ),
    // the sent file gets what was sent, not the bytes (a 16 MB line would make it unreadable)
    sendMedia: ({ bytes, ...request }) => {
      const recorded = { ...request, size: bytes.length }
      return deliver(
        recorded,
        `failed to send ${request.kind === "image" ? "image" : "file"}`,
        `${request.kind} ${request.filename} (${request.mimetype}, ${bytes.length} bytes)${request.caption === "" ? "" : `: ${request.caption}`}`
      )
    },
    // a Status as a send to status@broadcast; the sent file gets the settings, not an image's bytes
    sendStatus: (request) => {
      const audience = request.contacts === null ? "all contacts" : `${request.contacts.length} chosen contacts`
      if (request.kind === "text") {
        return deliver(
          { ...request, chatId: "status@broadcast" },
          "failed to post status",
          `Status for ${audience} (${request.backgroundColor}, font ${request.font}): ${request.text}`
        )
      }
      const { bytes, ...rest } = request
      const recorded = { ...rest, size: bytes.length, chatId: "status@broadcast" }
      return deliver(
        recorded,
        "failed to post status",
        `image Status for ${audience} ${request.filename} (${request.mimetype}, ${bytes.length} bytes)${request.caption === "" ? "" : `: ${request.caption}`}`
      )
    },
    createSession: (name) =>
      sessions.has(name)
        ? Effect.fail(
            fail("failed to create session", "SessionAlreadyExists", `session ${name} already exists (sandbox)`)
          )
        : Effect.sync(() => {
            sessions.set(name, { status: "SCAN_QR_CODE", paired: false, qrShownAt: null })
            save()
          }),
    getSession: (name) =>
      Effect.map(current(name), (session) =>
        session === undefined
          ? null
          : session.status === "WORKING"
            ? { name, status: session.status, meId: SANDBOX_ME_ID, meName: SANDBOX_ME_NAME }
            : { name, status: session.status }
      ),
    startSession: (name) =>
      Effect.flatMap(known("failed to start session", name), (session) =>
        session.status !== "STOPPED"
          ? Effect.fail(
              fail("failed to start session", "SessionAlreadyStarted", `session ${name} is already started (sandbox)`)
            )
          : Effect.sync(() => {
              session.status = session.paired ? "WORKING" : "SCAN_QR_CODE"
              save()
            })
      ),
    restartSession: (name) =>
      Effect.flatMap(known("failed to restart session", name), (session) =>
        Effect.sync(() => {
          session.status = session.paired ? "WORKING" : "SCAN_QR_CODE"
          save()
        })
      ),
    // stop and delete are idempotent, as in WAHA
    stopSession: (name) =>
      Effect.sync(() => {
        const session = sessions.get(name)
        if (session === undefined) return
        session.status = "STOPPED"
        save()
      }),
    logoutSession: (name) =>
      Effect.flatMap(known("failed to log out session", name), (session) =>
        Effect.sync(() => {
          // WAHA starts a session that was running again after the logout, unpaired
          Object.assign(session, {
            status: session.status === "STOPPED" ? "STOPPED" : "SCAN_QR_CODE",
            paired: false,
            qrShownAt: null
          })
          save()
        })
      ),
    deleteSession: (name) =>
      Effect.sync(() => {
        if (sessions.delete(name)) save()
      }),
    serverVersion: () => Effect.succeed({ version: "sandbox", engine: "SANDBOX", tier: "SANDBOX" }),
    // in the process, not on the network: nobody else can ask it anything
    acceptsRequestsWithoutKey: () => Effect.succeed(false),
    // reading the code does not "scan" it (only the other calls see the session turn WORKING): a
    // page that asks for a code right after a status read that said SCAN_QR_CODE always gets one
    getQr: (name) =>
      Effect.gen(function* () {
        const session = sessions.get(name)
        if (session === undefined)
          return yield* fail("failed to get QR code", "SessionNotFound", `session ${name} does not exist (sandbox)`)
        if (session.status === "STOPPED") {
          return yield* fail(
            "failed to get QR code",
            "SessionNotRunning",
            `session ${name} is STOPPED: start it first (sandbox)`
          )
        }
        if (session.status !== "SCAN_QR_CODE") {
          return yield* fail(
            "failed to get QR code",
            "SessionNotReady",
            `session ${name} is ${session.status}: no QR code to scan (sandbox)`
          )
        }
        if (session.qrShownAt === null) {
          session.qrShownAt = yield* Clock.currentTimeMillis
          save()
        }
        return { mimetype: "image/png", data: SANDBOX_QR_PNG_BASE64 }
      }),
    listGroups: (name, p) => Effect.as(working("failed to list groups", name), page(SAMPLE_GROUPS, p)),
    listContacts: (name, p) => Effect.as(working("failed to list contacts", name), page(SAMPLE_CONTACTS, p)),
    listChannels: (name) => Effect.as(working("failed to list channels", name), SAMPLE_CHANNELS)
  })
}

export const SandboxGateway = {
  layer: (options: SandboxGatewayOptions): Layer.Layer<GatewayPort> =>
    Layer.sync(GatewayPort, () => makeSandboxGateway(options))
}

import { createHash } from "node:crypto"
import type { ManagedRuntime } from "effect"
import { Cause, Effect, Exit } from "effect"
import type { Context, Hono } from "hono"
import { authenticate } from "../../application/auth/authenticate.ts"
import type { PublicUser } from "../../application/auth/PublicUser.ts"
import { requestFingerprint } from "../../application/idempotency/requestFingerprint.ts"
import { runIdempotently } from "../../application/idempotency/runIdempotently.ts"
import {
  admitUpload,
  readOwnMedia,
  UPLOADS_PER_MINUTE,
  UploadedMediaSchema,
  uploadMedia
} from "../../application/media/uploadMedia.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import type { ApiKeyAccess } from "../../domain/apiKey/ApiKey.ts"
import { MAX_MEDIA_BYTES, mediaFilename } from "../../domain/message/Media.ts"
import { detectMediaType } from "../../infrastructure/media/detectMediaType.ts"
import { sessionTokenOf } from "./cookies.ts"
import { IDEMPOTENCY_KEY_RULE, isIdempotencyKey } from "./idempotencyKey.ts"
import { MULTIPART_OVERHEAD_BYTES, readUploadForm } from "./readUploadForm.ts"
import type { ErrorReader } from "./refusalWords.ts"
import { errorReaderOf, refusalSentence, sentence } from "./refusalWords.ts"
import { newErrorId } from "./trpc.ts"
import type { WebServices } from "./WebServices.ts"

export const MEDIA_PATH = "/api/media"

/**
 * A sentence in the reader's words (X-Herald-Locale, refusalWords.ts: the browser app sends it),
 * or its English for everyone else.
 */
const say = (reader: ErrorReader | null, key: string, english: string, params?: Record<string, string | number>) =>
  (reader === null ? null : sentence(reader, key, params)) ?? english

const TOO_LARGE = "the file is larger than 16 MB, the most WhatsApp takes"

/** What GET /api/media/:id answers may do in a browser: nothing (no script, no fetch, a sandboxed origin). */
export const MEDIA_CSP = "default-src 'none'; sandbox"

/**
 * A bearer key's holder (WebApp.ts): the holder, null (no usable key), "unavailable", or a
 * refusal with its wait (too many bad keys, or the key over its allowance).
 */
export type KeyHolderOf = (
  key: string,
  c: Context
) => Promise<
  | { readonly user: PublicUser; readonly access: ApiKeyAccess; readonly keyId: string }
  | { readonly retryAfterMs: number; readonly message: string }
  | "unavailable"
  | null
>

interface MediaRouteOptions {
  readonly runtime: ManagedRuntime.ManagedRuntime<WebServices, never>
  readonly origins: ReadonlySet<string>
  readonly secureCookies: boolean
  /** where the routes are (default /api/media; /api/v1/media for the HTTP API) */
  readonly base?: string
  /**
   * set for /api/v1/media: an `Authorization: Bearer <key>` is read (alone, as tRPC does), and the
   * CSRF check is /api/v1's own middleware (a key without a cookie needs no Origin)
   */
  readonly keyHolderOf?: KeyHolderOf
}

/** Who calls: a user (with a read-only key or not), or why not, as a status and words. */
type Caller =
  | { readonly user: PublicUser; readonly readOnly: boolean }
  | { readonly status: 401 | 429 | 503; readonly message: string; readonly retryAfterSeconds?: number }

/** The key of an `Authorization: Bearer <key>` header (scheme case-insensitive, RFC 9110), or null. */
export const bearerKeyOf = (header: string | null | undefined): string | null => {
  const match = header == null ? null : /^bearer +(\S+) *$/i.exec(header)
  return match === null ? null : (match[1] ?? null)
}

type Status = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 422 | 429 | 500 | 503

const problem = (c: Context, status: Status, code: string, message: string, headers: Record<string, string> = {}) =>
  c.json({ error: { message, code } }, status, headers)

/**
 * An upload refused before its body was read to the end: the rest is left unread, so the
 * connection cannot carry another request; say so, or a keep-alive client sends its next request
 * into a socket about to close (as WebApp's 413).
 */
const refuse = (c: Context, status: Status, code: string, message: string, headers: Record<string, string> = {}) =>
  problem(c, status, code, message, { ...headers, Connection: "close" })

const unavailable = (reader: ErrorReader | null) =>
  say(reader, "StoreUnavailable", "the database cannot be reached; try again shortly")

/** RFC 6266 / 5987: an ASCII fallback and the exact name, so no quote or newline can break the header. */
const contentDisposition = (kind: "inline" | "attachment", filename: string): string => {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_")
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

const tooManyUploads = (reader: ErrorReader | null, retryAfterSeconds: number) =>
  say(
    reader,
    "media.tooManyUploads",
    `you have started ${UPLOADS_PER_MINUTE.limit} uploads in the last minute, the most Herald takes; try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"}`,
    { limit: UPLOADS_PER_MINUTE.limit, count: retryAfterSeconds }
  )

/**
 * POST /api/media (upload) and GET /api/media/:id (its bytes, for the browser's preview), with
 * the signed-in user found as tRPC finds them (the session cookie). The upload is a mutation:
 * checked for CSRF like tRPC's (Origin must be the application's own), ACTIVE users only, at most
 * UPLOADS_PER_MINUTE per user (refusals included), then its body: multipart/form-data of one part,
 * a file named `file` of at most 16 MB, read as it arrives and refused at the first thing past
 * that (413 from Content-Length before anything is read); its type is detected from the bytes.
 */
export const addMediaRoutes = (
  app: Hono,
  { runtime, origins, secureCookies, base = MEDIA_PATH, keyHolderOf }: MediaRouteOptions
) => {
  /** The signed-in user, "unavailable" when the database cannot say, or null. */
  const userOf = async (c: Context): Promise<PublicUser | "unavailable" | null> => {
    const token = sessionTokenOf(c.req.header("cookie") ?? null, secureCookies)
    if (token === null) return null
    const auth = await runtime.runPromise(
      authenticate(token).pipe(Effect.catch(() => Effect.succeed("unavailable" as const)))
    )
    return auth === "unavailable" ? auth : (auth?.user ?? null)
  }

  /** The caller by their key (when keys are read here and one is sent), else by their cookie. */
  const callerOf = async (c: Context, reader: ErrorReader | null): Promise<Caller> => {
    const key = keyHolderOf === undefined ? null : bearerKeyOf(c.req.header("authorization"))
    if (keyHolderOf !== undefined && key !== null) {
      const holder = await keyHolderOf(key, c)
      if (holder === null) return { status: 401, message: "this API key is not valid: it may be revoked or expired" }
      if (holder === "unavailable") return { status: 503, message: unavailable(reader) }
      if (!("user" in holder)) {
        return {
          status: 429,
          message: holder.message,
          retryAfterSeconds: Math.max(1, Math.ceil(holder.retryAfterMs / 1000))
        }
      }
      return { user: holder.user, readOnly: holder.access === "read" }
    }
    const user = await userOf(c)
    if (user === "unavailable") return { status: 503, message: unavailable(reader) }
    if (user === null) return { status: 401, message: say(reader, "signInFirst", "sign in first") }
    return { user, readOnly: false }
  }
  const codeOf = { 401: "UNAUTHORIZED", 429: "TOO_MANY_REQUESTS", 503: "SERVICE_UNAVAILABLE" } as const

  const upload = async (
    c: Context,
    ownerId: string,
    idempotencyKey: string | null,
    reader: ErrorReader | null
  ): Promise<Response> => {
    const tooLarge = () => refuse(c, 413, "PAYLOAD_TOO_LARGE", say(reader, "MediaTooLarge", TOO_LARGE))
    const declared = Number(c.req.header("content-length") ?? Number.NaN)
    if (declared > MAX_MEDIA_BYTES + MULTIPART_OVERHEAD_BYTES) return tooLarge()
    const form = await readUploadForm(c.req.raw, MAX_MEDIA_BYTES)
    if (form.kind === "tooLarge") return tooLarge()
    if (form.kind === "stalled") {
      return refuse(
        c,
        408,
        "REQUEST_TIMEOUT",
        say(reader, "media.stalled", "the file stopped arriving for a minute; check your connection and try again")
      )
    }
    if (form.kind === "notOneFile") {
      return refuse(
        c,
        400,
        "BAD_REQUEST",
        "send one file as multipart/form-data in a field named file, and nothing else in the form"
      )
    }
    const detected = await detectMediaType(form.bytes)
    const uploading = uploadMedia({ ownerId, filename: form.filename, bytes: form.bytes, detected })
    // An Idempotency-Key (docs/api.md#idempotency-key): the same file under the same name again is
    // answered the first upload, stored once; the bytes count by their digest.
    const exit = await runtime.runPromiseExit(
      idempotencyKey === null
        ? uploading
        : runIdempotently(
            {
              account: ownerId,
              key: idempotencyKey,
              fingerprint: requestFingerprint("media.upload", {
                filename: form.filename,
                bytes: createHash("sha256").update(form.bytes).digest("hex")
              })
            },
            uploading,
            UploadedMediaSchema
          )
    )
    if (Exit.isSuccess(exit)) return c.json(exit.value, 201)
    const reason = exit.cause.reasons.find(Cause.isFailReason)
    const failure = reason === undefined ? null : reason.error
    const words = (refused: { readonly message: string }) =>
      (reader === null ? null : refusalSentence(reader, refused)) ?? refused.message
    switch (failure?._tag) {
      case "UnsupportedMediaType":
        return problem(c, 415, "UNSUPPORTED_MEDIA_TYPE", words(failure))
      case "MediaTooLarge":
        return problem(c, 413, "PAYLOAD_TOO_LARGE", words(failure))
      case "MediaQuotaExceeded":
        return problem(c, 413, "MEDIA_QUOTA_EXCEEDED", words(failure))
      case "IdempotencyKeyReused":
        return problem(c, 422, "UNPROCESSABLE_CONTENT", failure.message)
      case "IdempotentRequestInProgress":
        return problem(c, 409, "CONFLICT", failure.message, {
          "Retry-After": String(Math.max(1, Math.ceil(failure.retryAfterMs / 1000)))
        })
      case "StoreUnavailable":
        runtime.runFork(Effect.logError(`upload: ${oneLine(failure.message)}`))
        return problem(c, 503, "SERVICE_UNAVAILABLE", unavailable(reader))
      default: {
        // as tRPC's unexpected errors: an id to quote, the detail under it in the log only
        const errorId = newErrorId()
        runtime.runFork(Effect.logError(`[error ${errorId}] upload: ${oneLine(Cause.pretty(exit.cause))}`))
        return c.json(
          {
            error: {
              message: say(reader, "unexpected", `internal error (error id ${errorId})`, { id: errorId }),
              code: "INTERNAL_SERVER_ERROR",
              errorId
            }
          },
          500
        )
      }
    }
  }

  // who sends it first (CSRF, signed in, approved, not too often), then the body, under its limit
  app.post(base, async (c) => {
    // the browser app asks for its language (X-Herald-Locale, refusalWords.ts); others read English
    const reader = errorReaderOf(c.req.header("x-herald-locale"))
    const origin = c.req.header("origin")
    if (keyHolderOf === undefined && (origin === undefined || !origins.has(origin))) {
      return refuse(c, 403, "FORBIDDEN", "cross-site request refused: Origin must be the application's own")
    }
    const caller = await callerOf(c, reader)
    if (!("user" in caller)) {
      return refuse(
        c,
        caller.status,
        codeOf[caller.status],
        caller.message,
        caller.retryAfterSeconds === undefined ? {} : { "Retry-After": String(caller.retryAfterSeconds) }
      )
    }
    const { user } = caller
    if (caller.readOnly) return refuse(c, 403, "FORBIDDEN", say(reader, "readOnlyKey", "this key can only read"))
    if (user.status !== "ACTIVE") {
      return refuse(
        c,
        403,
        "FORBIDDEN",
        say(reader, "awaitingApproval", "your account is waiting for an administrator's approval")
      )
    }
    const idempotencyKey = c.req.header("idempotency-key") ?? null
    if (idempotencyKey !== null && !isIdempotencyKey(idempotencyKey)) {
      return refuse(c, 400, "BAD_REQUEST", IDEMPOTENCY_KEY_RULE)
    }
    const admitted = await runtime.runPromiseExit(admitUpload(user.id))
    if (Exit.isFailure(admitted)) {
      const over = admitted.cause.reasons.find(Cause.isFailReason)
      const seconds = Math.max(1, Math.ceil((over?.error.retryAfterMs ?? UPLOADS_PER_MINUTE.windowMs) / 1000))
      return refuse(c, 429, "TOO_MANY_REQUESTS", tooManyUploads(reader, seconds), { "Retry-After": String(seconds) })
    }
    return upload(c, user.id, idempotencyKey, reader)
  })

  app.get(`${base}/:id`, async (c) => {
    const reader = errorReaderOf(c.req.header("x-herald-locale"))
    const caller = await callerOf(c, reader)
    if (!("user" in caller)) {
      return problem(
        c,
        caller.status,
        codeOf[caller.status],
        caller.message,
        caller.retryAfterSeconds === undefined ? {} : { "Retry-After": String(caller.retryAfterSeconds) }
      )
    }
    const { user } = caller
    const exit = await runtime.runPromiseExit(readOwnMedia(user.id, c.req.param("id")))
    if (Exit.isFailure(exit)) {
      return problem(c, 503, "SERVICE_UNAVAILABLE", unavailable(reader))
    }
    const stored = exit.value
    if (stored === null) return problem(c, 404, "NOT_FOUND", say(reader, "MediaNotFound", "not found"))
    const { media, bytes } = stored
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": media.mimetype,
      "Content-Length": String(bytes.length),
      "X-Content-Type-Options": "nosniff",
      // served from the application's own origin: should a browser ever render it as a page, it may do nothing
      "Content-Security-Policy": MEDIA_CSP,
      // named by its type again, for uploads kept before names followed the bytes (issue 21)
      "Content-Disposition": contentDisposition(
        media.kind === "image" ? "inline" : "attachment",
        mediaFilename(media.filename, media.mimetype)
      )
    })
  })
}

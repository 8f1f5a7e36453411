import type { ManagedRuntime } from "effect"
import { Cause, Effect, Exit } from "effect"
import type { Context, Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { authenticate } from "../../application/auth/authenticate.ts"
import type { PublicUser } from "../../application/auth/PublicUser.ts"
import { readOwnMedia, uploadMedia } from "../../application/media/uploadMedia.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import { MAX_MEDIA_BYTES } from "../../domain/message/Media.ts"
import { detectMediaType } from "../../infrastructure/media/detectMediaType.ts"
import { sessionTokenOf } from "./cookies.ts"
import type { WebServices } from "./WebServices.ts"

export const MEDIA_PATH = "/api/media"

const TOO_LARGE = "the file is larger than 16 MB, the most WhatsApp takes"

/** The form around the file (boundaries, headers of the part, the field name) on top of 16 MB. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

interface MediaRouteOptions {
  readonly runtime: ManagedRuntime.ManagedRuntime<WebServices, never>
  readonly origins: ReadonlySet<string>
  readonly secureCookies: boolean
}

const problem = (c: Context, status: 400 | 401 | 403 | 404 | 413 | 415 | 500 | 503, code: string, message: string) =>
  c.json({ error: { message, code } }, status)

/** RFC 6266 / 5987: an ASCII fallback and the exact name, so no quote or newline can break the header. */
const contentDisposition = (kind: "inline" | "attachment", filename: string): string => {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_")
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/**
 * POST /api/media (upload) and GET /api/media/:id (its bytes, for the browser's preview), with
 * the signed-in user found as tRPC finds them (the session cookie). The upload is a mutation:
 * checked for CSRF like tRPC's (Origin must be the application's own), ACTIVE users only, at most
 * 16 MB (413 from Content-Length before anything is read, or as soon as a body without one
 * passes it), multipart/form-data with one `file` field, its type detected from the bytes.
 */
export const addMediaRoutes = (app: Hono, { runtime, origins, secureCookies }: MediaRouteOptions) => {
  /** The signed-in user, "unavailable" when the database cannot say, or null. */
  const userOf = async (c: Context): Promise<PublicUser | "unavailable" | null> => {
    const token = sessionTokenOf(c.req.header("cookie") ?? null, secureCookies)
    if (token === null) return null
    const auth = await runtime.runPromise(
      authenticate(token).pipe(Effect.catch(() => Effect.succeed("unavailable" as const)))
    )
    return auth === "unavailable" ? auth : (auth?.user ?? null)
  }

  const limit = bodyLimit({
    maxSize: MAX_MEDIA_BYTES + MULTIPART_OVERHEAD_BYTES,
    // the rest is left unread: the connection cannot carry another request (see WebApp's limit)
    onError: (c) => c.json({ error: { message: TOO_LARGE, code: "PAYLOAD_TOO_LARGE" } }, 413, { Connection: "close" })
  })

  const upload = async (c: Context, ownerId: string): Promise<Response> => {
    let file: unknown
    try {
      file = (await c.req.parseBody())["file"]
    } catch {
      // not a form (the body limit has already refused anything too large)
      file = undefined
    }
    if (!(file instanceof File)) {
      return problem(c, 400, "BAD_REQUEST", "send the file as multipart/form-data in a field named file")
    }
    if (file.size > MAX_MEDIA_BYTES) return problem(c, 413, "PAYLOAD_TOO_LARGE", TOO_LARGE)
    const bytes = new Uint8Array(await file.arrayBuffer())
    const detected = await detectMediaType(bytes)
    const exit = await runtime.runPromiseExit(uploadMedia({ ownerId, filename: file.name, bytes, detected }))
    if (Exit.isSuccess(exit)) return c.json(exit.value, 201)
    const reason = exit.cause.reasons.find(Cause.isFailReason)
    const failure = reason === undefined ? null : reason.error
    switch (failure?._tag) {
      case "UnsupportedMediaType":
        return problem(c, 415, "UNSUPPORTED_MEDIA_TYPE", failure.message)
      case "MediaTooLarge":
        return problem(c, 413, "PAYLOAD_TOO_LARGE", failure.message)
      case "MediaQuotaExceeded":
        return problem(c, 413, "MEDIA_QUOTA_EXCEEDED", failure.message)
      case "StoreUnavailable":
        runtime.runFork(Effect.logError(`upload: ${oneLine(failure.message)}`))
        return problem(c, 503, "SERVICE_UNAVAILABLE", "the database cannot be reached; try again shortly")
      default:
        runtime.runFork(Effect.logError(`upload: ${oneLine(Cause.pretty(exit.cause))}`))
        return problem(c, 500, "INTERNAL_SERVER_ERROR", "internal error")
    }
  }

  // who sends it first (CSRF, signed in, approved), then the body, under its limit
  app.post(MEDIA_PATH, async (c) => {
    const origin = c.req.header("origin")
    if (origin === undefined || !origins.has(origin)) {
      return problem(c, 403, "FORBIDDEN", "cross-site request refused: Origin must be the application's own")
    }
    const user = await userOf(c)
    if (user === "unavailable") {
      return problem(c, 503, "SERVICE_UNAVAILABLE", "the database cannot be reached; try again shortly")
    }
    if (user === null) return problem(c, 401, "UNAUTHORIZED", "sign in first")
    if (user.status !== "ACTIVE") {
      return problem(c, 403, "FORBIDDEN", "your account is waiting for an administrator's approval")
    }
    let answer: Response | null = null
    const refused = await limit(c, async () => {
      answer = await upload(c, user.id)
    })
    return refused ?? answer ?? problem(c, 500, "INTERNAL_SERVER_ERROR", "internal error")
  })

  app.get(`${MEDIA_PATH}/:id`, async (c) => {
    const user = await userOf(c)
    if (user === "unavailable") {
      return problem(c, 503, "SERVICE_UNAVAILABLE", "the database cannot be reached; try again shortly")
    }
    if (user === null) return problem(c, 401, "UNAUTHORIZED", "sign in first")
    const exit = await runtime.runPromiseExit(readOwnMedia(user.id, c.req.param("id")))
    if (Exit.isFailure(exit)) {
      return problem(c, 503, "SERVICE_UNAVAILABLE", "the database cannot be reached; try again shortly")
    }
    const stored = exit.value
    if (stored === null) return problem(c, 404, "NOT_FOUND", "not found")
    const { media, bytes } = stored
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": media.mimetype,
      "Content-Length": String(bytes.length),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": contentDisposition(media.kind === "image" ? "inline" : "attachment", media.filename)
    })
  })
}

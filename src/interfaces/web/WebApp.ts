import { getConnInfo } from "@hono/node-server/conninfo"
import { trpcServer } from "@hono/trpc-server"
import { TRPCError } from "@trpc/server"
import type { ManagedRuntime } from "effect"
import { Effect } from "effect"
import { Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { createMiddleware } from "hono/factory"
import { secureHeaders } from "hono/secure-headers"
import { TooManyKeyRequests } from "../../application/apiKey/ApiKeyErrors.ts"
import { authenticateApiKey } from "../../application/apiKey/authenticateApiKey.ts"
import { authenticate } from "../../application/auth/authenticate.ts"
import { StoreHealth } from "../../application/ports/StoreHealth.ts"
import { RequestLimits } from "../../application/shared/RequestLimits.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import { API_KEY_REQUESTS } from "../../domain/apiKey/ApiKey.ts"
import type { BrowserApp } from "./browserApp.ts"
import { loadBrowserApp, serveBrowserApp } from "./browserApp.ts"
import { addressBlock, clientAddress } from "./clientAddress.ts"
import { sessionCookie, sessionTokenOf } from "./cookies.ts"
import { API_V1, API_V1_MEDIA_PATH, addHttpApi, problemAnswers } from "./httpApi.ts"
import { addMediaRoutes, bearerKeyOf, MEDIA_PATH } from "./mediaRoutes.ts"
import { errorReaderOf } from "./refusalWords.ts"
import { appRouter } from "./routers/appRouter.ts"
import type { WebContext } from "./trpc.ts"
import { storeUnavailable, unexpectedErrorId } from "./trpc.ts"
import type { WebServices } from "./WebServices.ts"
import { WAHA_WEBHOOK_PATH, wahaWebhookRoute } from "./wahaWebhook.ts"

export const MAX_BODY_BYTES = 1024 * 1024

export interface WebAppOptions {
  readonly runtime: ManagedRuntime.ManagedRuntime<WebServices, never>
  /** AUTH_URL: https makes cookies Secure */
  readonly authUrl: string
  /** the origins mutations are accepted from (CSRF); default AUTH_URL's alone */
  readonly allowedOrigins?: ReadonlyArray<string>
  /** PUBLIC_SHOW_FOOTER, handed to the browser app at run time */
  readonly showFooter: boolean
  /** the built browser app (default: dist/browser, read at start) */
  readonly browserApp?: BrowserApp
  /** TRUST_PROXY: proxies in front that append to X-Forwarded-For (default 0: the header is ignored) */
  readonly trustProxy?: number
  /** GATEWAY_WEBHOOK_SECRET: the key WAHA signs its webhooks with; null or absent refuses every webhook call */
  readonly webhookSecret?: string | null
}

const socketAddress = (c: Parameters<typeof getConnInfo>[0]): string => {
  try {
    return getConnInfo(c).remote.address ?? "unknown"
  } catch {
    return "unknown"
  }
}

/** The HTTP surface: the browser app at /, /health, /ready, WAHA's webhooks and tRPC at /api/trpc. */
export const makeWebApp = ({
  runtime,
  authUrl,
  allowedOrigins,
  showFooter,
  browserApp = loadBrowserApp(),
  trustProxy = 0,
  webhookSecret = null
}: WebAppOptions) => {
  const clientOf = (c: Parameters<typeof getConnInfo>[0]): string =>
    clientAddress({
      socket: socketAddress(c),
      forwardedFor: c.req.header("x-forwarded-for"),
      trustedProxies: trustProxy
    })
  const origins = new Set(allowedOrigins ?? [new URL(authUrl).origin])
  const secureCookies = authUrl.startsWith("https:")
  const app = new Hono()

  app.use(secureHeaders())
  app.get("/health", (c) => c.json({ status: "ok" }))
  // API answers are per user and per moment: no browser or proxy cache may keep or replay them
  const noStore = createMiddleware(async (c, next) => {
    await next()
    c.res.headers.set("Cache-Control", "no-store")
  })
  app.use("/api/*", noStore)
  // first of /api/v1's middleware: every error answer there, whoever gives it, is a problem (RFC 9457)
  app.use(`${API_V1}/*`, problemAnswers)
  app.use("/ready", noStore)
  app.get("/ready", async (c) => {
    // a write, not a read: a read-only database still answers reads while every action fails
    const exit = await runtime.runPromiseExit(StoreHealth.use((health) => health.probeWrite()))
    return exit._tag === "Success" ? c.json({ status: "ready" }) : c.json({ status: "unavailable" }, 503)
  })

  const defaultLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    // The rest of the body is left unread, so the connection cannot carry another request:
    // say so, or a keep-alive client sends its next request into a socket about to close.
    onError: (c) =>
      c.json({ error: { message: "request body larger than 1 MiB", code: "PAYLOAD_TOO_LARGE" } }, 413, {
        Connection: "close"
      })
  })
  // An upload has its own limit (16 MB, mediaRoutes.ts), checked once its sender is known; WAHA's
  // webhooks have theirs (256 KiB, wahaWebhook.ts), checked after the caller's refusal allowance,
  // headers and place among the unverified bodies in flight, before any byte is read.
  // A GET or HEAD has no body to bound (the server adapter never reads one), and asking for it
  // would make the adapter build a whole fetch Request for every query (a fifth of its CPU).
  app.use("/api/*", (c, next) =>
    c.req.method === "GET" ||
    c.req.method === "HEAD" ||
    (c.req.method === "POST" &&
      (c.req.path === MEDIA_PATH || c.req.path === API_V1_MEDIA_PATH || c.req.path === WAHA_WEBHOOK_PATH))
      ? next()
      : defaultLimit(c, next)
  )
  addMediaRoutes(app, { runtime, origins, secureCookies })
  // the gateway's signed calls: authenticated by their HMAC, not by a cookie or an Origin
  app.post(WAHA_WEBHOOK_PATH, ...wahaWebhookRoute({ runtime, secret: webhookSecret, clientOf }))

  // CSRF: a browser names the page's origin on every POST; anything else is not ours. A request
  // with an API key and no cookie is exempt: a key is no ambient credential a page of another
  // site could make a browser send (a cross-site Authorization header needs CORS, which we never grant).
  // On /api/v1 a request with no cookie at all is exempt too: it carries no credential a page
  // could borrow, and /api/v1 has no sign-in a forged request could use (it answers 401 instead).
  const sameOrigin = (exempt: (cookie: string | undefined, authorization: string | undefined) => boolean) =>
    createMiddleware(async (c, next) => {
      const origin = c.req.header("origin")
      if (
        c.req.method !== "GET" &&
        c.req.method !== "HEAD" &&
        (origin === undefined || !origins.has(origin)) &&
        !exempt(c.req.header("cookie"), c.req.header("authorization"))
      ) {
        return c.json(
          {
            error: { message: "cross-site request refused: Origin must be the application's own", code: "FORBIDDEN" }
          },
          403
        )
      }
      return next()
    })
  const keyWithoutCookie = (cookie: string | undefined, authorization: string | undefined) =>
    cookie === undefined && bearerKeyOf(authorization) !== null
  app.use("/api/trpc/*", sameOrigin(keyWithoutCookie))
  // /api/v1 keeps the browser's cookie, under the same rule (docs/security.md#http)
  app.use(
    `${API_V1}/*`,
    sameOrigin((cookie) => cookie === undefined)
  )

  /**
   * Who calls with `Authorization: Bearer <key>`: the key's holder, null (not a usable key of an
   * ACTIVE account), "unavailable" (no database), or a refusal with its wait (too many bad keys
   * from the address, or this key over its allowance). Shared by tRPC, /api/v1 and its uploads.
   */
  const keyHolderOf = (key: string, c: Parameters<typeof getConnInfo>[0]) =>
    runtime.runPromise(
      authenticateApiKey(key, addressBlock(clientOf(c))).pipe(
        // each key has its own allowance (a runaway script must not drive the gateway)
        Effect.tap((known) =>
          known === null
            ? Effect.void
            : RequestLimits.use((limits) => limits.take(`apiKey:${known.keyId}`, API_KEY_REQUESTS)).pipe(
                Effect.mapError((over) => new TooManyKeyRequests({ retryAfterMs: over.retryAfterMs }))
              )
        ),
        Effect.catchTag("StoreUnavailable", () => Effect.succeed("unavailable" as const)),
        Effect.catchTags({
          TooManyBadApiKeys: (refused) => Effect.succeed(refused),
          TooManyKeyRequests: (refused) => Effect.succeed(refused)
        })
      )
    )

  /** The procedures' context, for /api/trpc and /api/v1 alike (one caller, one set of rules). */
  const contextFor = async (
    req: Request,
    resHeaders: Headers,
    c: Parameters<typeof getConnInfo>[0]
  ): Promise<WebContext & Record<string, unknown>> => {
    // as sent: checked only by the creating calls that use it (runCreate), ignored by the others
    const idempotencyKey = req.headers.get("idempotency-key")
    // the browser app asks for its errors in its language (refusalWords.ts); others read English
    const reader = errorReaderOf(req.headers.get("x-herald-locale"))
    const key = bearerKeyOf(req.headers.get("authorization"))
    if (key !== null) {
      // the key alone decides who this is (a cookie sent along is not read); refused at once
      // when it is not a usable key of an ACTIVE account
      const holder = await keyHolderOf(key, c)
      if (holder === null)
        throw new TRPCError({
          code: "UNAUTHORIZED",
          message: "this API key is not valid: it may be revoked or expired"
        })
      if (holder === "unavailable")
        throw new TRPCError({
          code: "SERVICE_UNAVAILABLE",
          message: storeUnavailable(reader)
        })
      if (!("user" in holder)) {
        resHeaders.set("Retry-After", String(Math.max(1, Math.ceil(holder.retryAfterMs / 1000))))
        throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: holder.message })
      }
      return {
        runtime,
        user: holder.user,
        token: null,
        apiKey: { keyId: holder.keyId, access: holder.access },
        idempotencyKey,
        reader,
        authUnavailable: false,
        client: () => clientOf(c),
        resHeaders,
        secureCookies
      }
    }
    const token = sessionTokenOf(req.headers.get("cookie"), secureCookies)
    // A database that cannot be reached must not read as "signed out": remember it, and the
    // procedures that need a user answer SERVICE_UNAVAILABLE instead of UNAUTHORIZED.
    const auth =
      token === null
        ? null
        : await runtime.runPromise(authenticate(token).pipe(Effect.catch(() => Effect.succeed("unavailable" as const))))
    if (auth === "unavailable") {
      return {
        runtime,
        user: null,
        token,
        apiKey: null,
        idempotencyKey,
        reader,
        authUnavailable: true,
        client: () => clientOf(c),
        resHeaders,
        secureCookies
      }
    }
    if (token !== null && auth?.renewedUntil != null) {
      resHeaders.append("Set-Cookie", sessionCookie(token, auth.renewedUntil, Date.now(), secureCookies))
    }
    return {
      runtime,
      user: auth?.user ?? null,
      token: auth === null ? null : token,
      apiKey: null,
      idempotencyKey,
      reader,
      authUnavailable: false,
      client: () => clientOf(c),
      resHeaders,
      secureCookies
    }
  }

  const logInternal = (path: string | undefined, error: TRPCError) => {
    if (error.code === "INTERNAL_SERVER_ERROR" && error.cause !== undefined) {
      runtime.runFork(
        Effect.logError(`[error ${unexpectedErrorId(error)}] ${oneLine(path ?? "?")}: ${oneLine(String(error.cause))}`)
      )
    }
  }

  // the JSON HTTP API: the same procedures and context (docs/api.md#http-api-apiv1)
  addHttpApi(app, { runtime, origins, secureCookies, contextFor, keyHolderOf, onError: logInternal })

  app.use(
    "/api/trpc/*",
    trpcServer({
      endpoint: "/api/trpc",
      router: appRouter,
      // a batch is one request: without a bound one POST could carry any number of sign-in guesses
      maxBatchSize: 10,
      createContext: (opts, c) => contextFor(opts.req, opts.resHeaders, c),
      onError: ({ error, path }) => logInternal(path, error)
    })
  )
  // last: every other GET is the browser app (its files, or index.html for its own routes)
  serveBrowserApp(app, browserApp, { showFooter })
  return app
}

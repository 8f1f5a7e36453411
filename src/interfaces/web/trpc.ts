import type { TRPC_ERROR_CODE_KEY } from "@trpc/server"
import { initTRPC, TRPCError } from "@trpc/server"
import type { ManagedRuntime } from "effect"
import { Cause, Effect, Exit } from "effect"
import type { OpenApiMeta } from "trpc-to-openapi"
import type { z } from "zod"
import { ZodError } from "zod"
import type { AppError } from "../../application/AppError.ts"
import type { PublicUser } from "../../application/auth/PublicUser.ts"
import { IdempotentRequestInProgress } from "../../application/idempotency/IdempotencyErrors.ts"
import { requestFingerprint } from "../../application/idempotency/requestFingerprint.ts"
import type { RunIdempotentlyOptions } from "../../application/idempotency/runIdempotently.ts"
import { runIdempotently } from "../../application/idempotency/runIdempotently.ts"
import type { GatewayFailure } from "../../application/ports/GatewayPort.ts"
import { GatewayError } from "../../application/ports/GatewayPort.ts"
import { SessionCreationFailed } from "../../application/session/SessionErrors.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import type { ApiKeyAccess } from "../../domain/apiKey/ApiKey.ts"
import type { FailureKind } from "../../domain/message/failureKind.ts"
import { idempotencyKeyOf } from "./idempotencyKey.ts"
import type { ErrorReader } from "./refusalWords.ts"
import { refusalSentence, sentence, withErrorId } from "./refusalWords.ts"
import type { WebServices } from "./WebServices.ts"

/** What every procedure gets: the Effect runtime, the caller and the response headers (cookies). */
export interface WebContext {
  readonly runtime: ManagedRuntime.ManagedRuntime<WebServices, never>
  readonly user: PublicUser | null
  /** the session token from the cookie, when there is one */
  readonly token: string | null
  /** set when the caller came with `Authorization: Bearer <API key>` (then `user` is the key's account and `token` null) */
  readonly apiKey: { readonly keyId: string; readonly access: ApiKeyAccess } | null
  /** the `Idempotency-Key` header as sent, or null: runCreate checks and uses it, every other call ignores it */
  readonly idempotencyKey: string | null
  /** the session could not be checked (database unreachable) */
  readonly authUnavailable: boolean
  /** the caller's address, for SignInThrottle: sign-in, sign-up and reset requests (looked up only when asked) */
  readonly client: () => string
  readonly resHeaders: Headers
  readonly secureCookies: boolean
  /** who reads an error's words (`X-Herald-Locale`, refusalWords.ts); null: the errors' English messages */
  readonly reader: ErrorReader | null
  /** the procedure's path (`user.getSessionQR`), set by the procedure's middleware, for the log */
  readonly procedure?: string
}

/** An error the log explains: its id is in the message or `data.errorId`, the detail in the log line `[error <id>] <procedure>: …`. */
class IdentifiedError extends TRPCError {
  readonly errorId: string
  /** a gateway failure's kind (domain/message/failureKind.ts): `data.failureKind`, what the browser says in plain words */
  readonly failureKind: FailureKind | undefined
  constructor(options: {
    readonly code: TRPC_ERROR_CODE_KEY
    readonly message: string
    readonly errorId: string
    readonly failureKind?: FailureKind | undefined
  }) {
    super({ code: options.code, message: options.message })
    this.errorId = options.errorId
    this.failureKind = options.failureKind
  }
}

/** A refusal that names the input's field it concerns (InvalidCampaign's `field`): shown as `data.issues`, like invalid input. */
class FieldError extends TRPCError {
  readonly issues: ReadonlyArray<{ readonly path: string; readonly message: string }>
  constructor(options: { readonly code: TRPC_ERROR_CODE_KEY; readonly message: string; readonly field: string }) {
    super({ code: options.code, message: options.message })
    this.issues = [{ path: options.field, message: options.message }]
  }
}

/** Why sign-in refused the right password: `data.reason`, so the page offers the right way out. */
const ACCOUNT_REASONS = ["EmailNotVerified", "AccountDisabled", "AccountRejected"] as const
type AccountReason = (typeof ACCOUNT_REASONS)[number]
const isAccountReason = (tag: string): tag is AccountReason => (ACCOUNT_REASONS as ReadonlyArray<string>).includes(tag)

class AccountRefusal extends TRPCError {
  readonly reason: AccountReason
  constructor(options: {
    readonly code: TRPC_ERROR_CODE_KEY
    readonly message: string
    readonly reason: AccountReason
  }) {
    super({ code: options.code, message: options.message })
    this.reason = options.reason
  }
}

// isDev would put server stack traces in every error body unless NODE_ENV=production
// Invalid input names each field it concerns (`data.issues`: path "messages.2.scheduledAt" and
// message), so the browser app shows each error at its field.
/**
 * `openapi`: where /api/v1 serves the procedure (trpc-to-openapi, docs/api.md#http-api-apiv1);
 * `savesNothing`: a mutation only because its input is large (campaign.preview, importCsv): a
 * read-only key may call it; `creates`: a creating call whose resolver runs through runCreate, so
 * it honours an Idempotency-Key (docs/api.md#idempotency-key).
 */
type ProcedureMeta = OpenApiMeta<{ readonly savesNothing?: boolean; readonly creates?: boolean }>

const t = initTRPC
  .context<WebContext>()
  .meta<ProcedureMeta>()
  .create({
    isDev: false,
    errorFormatter: ({ shape, error, ctx }) =>
      error instanceof IdentifiedError
        ? {
            ...shape,
            data: {
              ...shape.data,
              errorId: error.errorId,
              ...(error.failureKind === undefined ? {} : { failureKind: error.failureKind })
            }
          }
        : error instanceof FieldError
          ? { ...shape, data: { ...shape.data, issues: error.issues } }
          : error instanceof AccountRefusal
            ? { ...shape, data: { ...shape.data, reason: error.reason } }
            : error.code === "INTERNAL_SERVER_ERROR"
              ? // raised by tRPC itself (e.g. an answer failing its own output schema): ours, not the caller's input
                {
                  ...shape,
                  message:
                    (ctx?.reader == null
                      ? null
                      : sentence(ctx.reader, "unexpected", { id: unexpectedErrorId(error) })) ??
                    `Something went wrong on our side (error id ${unexpectedErrorId(error)}). Try again in a moment; if it keeps happening, tell your administrator this id.`,
                  data: { ...shape.data, errorId: unexpectedErrorId(error) }
                }
              : error.cause instanceof ZodError
                ? {
                    ...shape,
                    data: {
                      ...shape.data,
                      issues: error.cause.issues.map((issue) => ({
                        path: issue.path.map(String).join("."),
                        message: issue.message
                      }))
                    }
                  }
                : shape
  })

/** Short and random: an id to quote, not a secret, and it says nothing about the order of events. */
export const newErrorId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, "0")).join("")

/** The ids of unexpected errors tRPC raised itself: one per error, in its log line and its answer alike. */
const unexpectedIds = new WeakMap<TRPCError, string>()
export const unexpectedErrorId = (error: TRPCError): string => {
  const known = unexpectedIds.get(error)
  if (known !== undefined) return known
  const id = newErrorId()
  unexpectedIds.set(error, id)
  return id
}

/** The application errors `explained` answers (their code with them), not through CODES. */
type Explained = GatewayError | SessionCreationFailed

/** Typed application errors → tRPC codes. Anything unexpected is logged under an error id and shown as a 500 with that id. */
const CODES = {
  InvalidCredentials: "UNAUTHORIZED",
  TooManySignInAttempts: "TOO_MANY_REQUESTS",
  EmailAlreadyRegistered: "CONFLICT",
  InvalidResetToken: "BAD_REQUEST",
  InvalidVerificationToken: "BAD_REQUEST",
  VerificationPasswordMismatch: "BAD_REQUEST",
  EmailNotVerified: "FORBIDDEN",
  AccountDisabled: "FORBIDDEN",
  AccountRejected: "FORBIDDEN",
  ProtectedAccount: "FORBIDDEN",
  UserStatusConflict: "CONFLICT",
  InvalidPreferences: "BAD_REQUEST",
  UserNotFound: "NOT_FOUND",
  MessagingSessionNotFound: "NOT_FOUND",
  InvalidSessionPacing: "BAD_REQUEST",
  CampaignNotFound: "NOT_FOUND",
  CampaignMessageNotFound: "NOT_FOUND",
  MediaNotFound: "NOT_FOUND",
  InvalidCampaign: "BAD_REQUEST",
  CampaignConflict: "CONFLICT",
  // not FORBIDDEN (the caller may create campaigns; clients read it as "awaiting approval"):
  // the request is valid and succeeds once the user's own state changes (cancel, sends)
  CampaignQuotaExceeded: "PRECONDITION_FAILED",
  InvalidApiKey: "BAD_REQUEST",
  ApiKeyNotFound: "NOT_FOUND",
  // as CampaignQuotaExceeded: valid, and it succeeds once a key is revoked
  ApiKeyLimitReached: "PRECONDITION_FAILED",
  TooManyBadApiKeys: "TOO_MANY_REQUESTS",
  // docs/api.md#idempotency-key: the key names another request; the first still runs; its answer was a secret
  IdempotencyKeyReused: "UNPROCESSABLE_CONTENT",
  IdempotentRequestInProgress: "CONFLICT",
  IdempotentAnswerNotKept: "CONFLICT",
  InvalidWebhookEndpoint: "BAD_REQUEST",
  WebhookEndpointNotFound: "NOT_FOUND",
  // as ApiKeyLimitReached: valid, and it succeeds once an endpoint is deleted
  WebhookEndpointLimitReached: "PRECONDITION_FAILED",
  TooManyWebhookPings: "TOO_MANY_REQUESTS",
  StoreUnavailable: "SERVICE_UNAVAILABLE"
} satisfies Record<Exclude<AppError["_tag"], Explained["_tag"]>, TRPC_ERROR_CODE_KEY>
const CODE_OF: ReadonlyMap<string, TRPC_ERROR_CODE_KEY> = new Map(Object.entries(CODES))
/** Every application error's tag the API answers in its own words (tests/unit/web/refusalTranslations.test.ts). */
export const ERROR_TAGS: ReadonlyArray<string> = Object.keys(CODES)
const GATEWAY_CODES = {
  SessionNotFound: "NOT_FOUND",
  // the session exists but is stopped: the user can reconnect or restart it
  SessionNotRunning: "PRECONDITION_FAILED",
  SessionNotReady: "PRECONDITION_FAILED",
  SessionAlreadyExists: "CONFLICT",
  SessionAlreadyStarted: "CONFLICT",
  Timeout: "GATEWAY_TIMEOUT",
  Unreachable: "BAD_GATEWAY",
  Unauthorized: "BAD_GATEWAY",
  NamedSessionsUnsupported: "BAD_GATEWAY",
  FeatureUnsupported: "PRECONDITION_FAILED",
  NumberLimited: "TOO_MANY_REQUESTS",
  ServerError: "BAD_GATEWAY",
  BadResponse: "BAD_GATEWAY"
} satisfies Record<GatewayFailure, TRPC_ERROR_CODE_KEY>
/** Every reason a gateway fails for, each with a sentence in every language. */
export const GATEWAY_REASONS: ReadonlyArray<string> = Object.keys(GATEWAY_CODES)

/** Gateway answers about the user's session being gone or in the wrong state: logged as warnings. */
const USER_STATE: ReadonlySet<GatewayFailure> = new Set<GatewayFailure>([
  "SessionNotFound",
  "SessionNotRunning",
  "SessionNotReady",
  "SessionAlreadyExists",
  "SessionAlreadyStarted",
  "NumberLimited"
])

/** A gateway failure's summary in the reader's words (the sentence of its reason, then its HTTP status), else its own. */
const gatewaySummary = (error: GatewayError, reader: ErrorReader | null): string => {
  if (reader === null) return error.summary
  const refused =
    error.reason === "BadResponse" && error.status !== undefined && error.status >= 400 && error.status < 500
  const key =
    error.reason === "SessionNotReady" && error.sessionStatus !== undefined
      ? "GatewayError.SessionNotReadyStatus"
      : `GatewayError.${refused ? "Refused" : error.reason}`
  const text = sentence(reader, key, error.sessionStatus === undefined ? {} : { sessionStatus: error.sessionStatus })
  if (text === null) return error.summary
  return error.status === undefined
    ? text
    : (sentence(reader, "withHttp", { text, status: String(error.status) }) ?? text)
}

/**
 * Failures whose detail (the gateway's address and answer) is for the operator only: the user
 * reads `summary` and an error id, the log has `detail` under that id. SessionCreationFailed
 * keeps its exact message ("failed to create session"), so its id travels in `data.errorId` alone.
 */
const explained = (
  error: unknown,
  reader: ErrorReader | null
): {
  readonly code: TRPC_ERROR_CODE_KEY
  readonly summary: string
  readonly showId: boolean
  readonly detail: string
  readonly warning: boolean
  readonly failureKind?: FailureKind
} | null => {
  if (error instanceof GatewayError) {
    return {
      code: GATEWAY_CODES[error.reason],
      summary: gatewaySummary(error, reader),
      failureKind: error.kind,
      showId: true,
      detail: error.message,
      // the user's session is gone or in the wrong state: nothing is broken
      warning: USER_STATE.has(error.reason)
    }
  }
  if (error instanceof SessionCreationFailed) {
    return {
      code: "INTERNAL_SERVER_ERROR",
      summary: (reader === null ? null : refusalSentence(reader, error)) ?? error.message,
      showId: false,
      detail: `${error.message}: ${error.cause}`,
      warning: false
    }
  }
  return null
}

/** The English words, or the reader's when they asked and the catalogs have them (refusalWords.ts). */
const inWords = (reader: ErrorReader | null, key: string, english: string, params?: Record<string, string | number>) =>
  (reader === null ? null : sentence(reader, key, params)) ?? english

const toTrpcError = (error: unknown, reader: ErrorReader | null): TRPCError => {
  // a defect or an interruption has no failure: null here
  if (typeof error !== "object" || error === null)
    return new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "internal error" })
  const tag = "_tag" in error && typeof error._tag === "string" ? error._tag : ""
  if (tag === "StoreUnavailable")
    return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: storeUnavailable(reader) })
  const code = CODE_OF.get(tag)
  if (code === undefined) return new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "internal error" })
  const english = "message" in error && typeof error.message === "string" ? error.message : tag
  const message = (reader === null ? null : refusalSentence(reader, error)) ?? english
  if ("field" in error && typeof error.field === "string") return new FieldError({ code, message, field: error.field })
  if (isAccountReason(tag)) return new AccountRefusal({ code, message, reason: tag })
  return new TRPCError({ code, message })
}

/** Runs a use case; its typed failures become tRPC errors with their own messages. */
export const run = async <A, E>(ctx: WebContext, effect: Effect.Effect<A, E, WebServices>): Promise<A> => {
  const exit = await ctx.runtime.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  const failure = exit.cause.reasons.find(Cause.isFailReason)
  const error = failure === undefined ? null : failure.error
  const explanation = explained(error, ctx.reader)
  if (explanation !== null) {
    const errorId = newErrorId()
    const line = `[error ${errorId}] ${ctx.procedure ?? "?"}: ${oneLine(explanation.detail)}`
    // logged before the answer leaves, so the id is in the log by the time the user can quote it
    await ctx.runtime.runPromise(explanation.warning ? Effect.logWarning(line) : Effect.logError(line))
    const message = !explanation.showId
      ? explanation.summary
      : ctx.reader === null
        ? `${explanation.summary} (error id ${errorId})`
        : withErrorId(ctx.reader, explanation.summary, errorId)
    throw new IdentifiedError({ code: explanation.code, message, errorId, failureKind: explanation.failureKind })
  }
  const mapped = toTrpcError(error, ctx.reader)
  if (mapped.code === "INTERNAL_SERVER_ERROR") {
    const errorId = newErrorId()
    await ctx.runtime.runPromise(
      Effect.logError(`[error ${errorId}] ${ctx.procedure ?? "?"}: ${oneLine(Cause.pretty(exit.cause))}`)
    )
    const message = inWords(ctx.reader, "unexpected", `${mapped.message} (error id ${errorId})`, { id: errorId })
    throw new IdentifiedError({ code: mapped.code, message, errorId })
  }
  if (mapped.code === "SERVICE_UNAVAILABLE") {
    await ctx.runtime.runPromise(Effect.logError(`request failed: ${oneLine(Cause.pretty(exit.cause))}`))
  }
  throw mapped
}

/**
 * Runs a creating use case (campaign.create, duplicate, resendMessage; apiKey.create,
 * webhookEndpoint.create: every procedure of `meta.creates`) under the caller's Idempotency-Key
 * when it sent one (docs/api.md#idempotency-key), else as `run` does. A malformed key is refused
 * (BAD_REQUEST) before anything runs. `input` is the procedure's parsed input: with the
 * procedure's name, what a retry must repeat. `answer` reads the stored answer back; "notKept"
 * for an answer holding a secret shown once. `options.singleWrite`: the use case writes once,
 * atomically, so a store failure known to have written nothing (never sent) frees the key (runIdempotently).
 * In the resolver rather than a middleware: a tRPC middleware cannot answer (the stored answer)
 * without calling the procedure, and this runs on /api/trpc and /api/v1 alike all the same.
 */
export const runCreate = <A, E>(
  ctx: WebContext & { readonly user: PublicUser },
  input: unknown,
  effect: Effect.Effect<A, E, WebServices>,
  answer: z.ZodType<A> | "notKept",
  options: RunIdempotentlyOptions = {}
): Promise<A> => {
  const key = idempotencyKeyOf(ctx.idempotencyKey)
  if (key === null) return run(ctx, effect)
  const request = {
    account: ctx.user.id,
    key,
    fingerprint: requestFingerprint(ctx.procedure ?? "", input)
  }
  return run(
    ctx,
    runIdempotently(request, effect, answer, options).pipe(
      Effect.tapError((error) =>
        error instanceof IdempotentRequestInProgress
          ? Effect.sync(() =>
              ctx.resHeaders.set("Retry-After", String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))))
            )
          : Effect.void
      )
    )
  )
}

export const router = t.router

// One middleware per access level: each one costs tRPC a context merge on every call. Each
// also names the procedure, for the log line of an error id.

/** What an API key may never do: sign in, manage the account or its keys, administer. */
const notWithKey = (ctx: WebContext) =>
  new TRPCError({
    code: "FORBIDDEN",
    message: inWords(
      ctx.reader,
      "notWithKey",
      "an API key cannot be used for this: sign in to Herald in the browser to manage your account and keys"
    )
  })

/** The database did not answer, in the reader's words. */
export const storeUnavailable = (reader: ErrorReader | null) =>
  inWords(reader, "StoreUnavailable", "the database cannot be reached; try again shortly")

const awaitingApproval = (ctx: WebContext) =>
  new TRPCError({
    code: "FORBIDDEN",
    message: inWords(ctx.reader, "awaitingApproval", "your account is waiting for an administrator's approval")
  })

/** Anyone, except a caller with an API key: auth.* is for browsers. */
export const publicProcedure = t.procedure.use(({ ctx, path, next }) => {
  if (ctx.apiKey !== null) throw notWithKey(ctx)
  return next({ ctx: { procedure: path } })
})

const signInFirst = (ctx: WebContext) =>
  ctx.authUnavailable
    ? new TRPCError({ code: "SERVICE_UNAVAILABLE", message: storeUnavailable(ctx.reader) })
    : new TRPCError({ code: "UNAUTHORIZED", message: inWords(ctx.reader, "signInFirst", "sign in first") })

/**
 * Needs an approved (ACTIVE) user: user.*, session.* and campaign.*. A signed-in browser, or an
 * API key of such a user (authenticateApiKey accepts ACTIVE accounts only); a read-only key may
 * call queries only.
 */
export const activeProcedure = t.procedure.use(({ ctx, path, type, meta, next }) => {
  if (ctx.user === null) throw signInFirst(ctx)
  if (ctx.user.status !== "ACTIVE") throw awaitingApproval(ctx)
  if (ctx.apiKey !== null && ctx.apiKey.access === "read" && type !== "query" && meta?.savesNothing !== true)
    throw new TRPCError({ code: "FORBIDDEN", message: inWords(ctx.reader, "readOnlyKey", "this key can only read") })
  return next({ ctx: { user: ctx.user, procedure: path } })
})

/** An ACTIVE user signed in with the cookie, never through an API key: apiKey.* (a key cannot make or revoke keys). */
export const accountProcedure = t.procedure.use(({ ctx, path, next }) => {
  if (ctx.apiKey !== null) throw notWithKey(ctx)
  if (ctx.user === null) throw signInFirst(ctx)
  if (ctx.user.status !== "ACTIVE") throw awaitingApproval(ctx)
  return next({ ctx: { user: ctx.user, procedure: path } })
})

export const adminProcedure = t.procedure.use(({ ctx, path, next }) => {
  if (ctx.apiKey !== null) throw notWithKey(ctx)
  if (ctx.user === null) throw signInFirst(ctx)
  if (ctx.user.role !== "ADMIN" || ctx.user.status !== "ACTIVE")
    throw new TRPCError({ code: "FORBIDDEN", message: inWords(ctx.reader, "adminsOnly", "administrators only") })
  return next({ ctx: { user: ctx.user, procedure: path } })
})

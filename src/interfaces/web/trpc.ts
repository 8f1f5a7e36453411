import { initTRPC, TRPCError } from "@trpc/server"
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server"
import { Cause, Effect, Exit } from "effect"
import type { ManagedRuntime } from "effect"
import type { PublicUser } from "../../application/auth/PublicUser.ts"
import type { WebServices } from "./WebServices.ts"

/** What every procedure gets: the Effect runtime, the caller and the response headers (cookies). */
export interface WebContext {
  readonly runtime: ManagedRuntime.ManagedRuntime<WebServices, never>
  readonly user: PublicUser | null
  /** the session token from the cookie, when there is one */
  readonly token: string | null
  /** the session could not be checked (database unreachable) */
  readonly authUnavailable: boolean
  /** the caller's address, for the sign-in throttle (looked up only when asked) */
  readonly client: () => string
  readonly resHeaders: Headers
  readonly secureCookies: boolean
}

// isDev would put server stack traces in every error body unless NODE_ENV=production
const t = initTRPC.context<WebContext>().create({ isDev: false })

/** Typed application errors → tRPC codes. Anything unexpected is logged and shown as a bare 500. */
const CODES: Readonly<Record<string, TRPC_ERROR_CODE_KEY>> = {
  InvalidCredentials: "UNAUTHORIZED",
  TooManySignInAttempts: "TOO_MANY_REQUESTS",
  EmailAlreadyRegistered: "CONFLICT",
  InvalidResetToken: "BAD_REQUEST",
  UserNotFound: "NOT_FOUND",
  MessagingSessionNotFound: "NOT_FOUND",
  SessionCreationFailed: "INTERNAL_SERVER_ERROR",
  CampaignNotFound: "NOT_FOUND",
  CampaignMessageNotFound: "NOT_FOUND",
  InvalidCampaign: "BAD_REQUEST",
  CampaignConflict: "CONFLICT",
  // not FORBIDDEN (the caller may create campaigns; clients read it as "awaiting approval"):
  // the request is valid and succeeds once the user's own state changes (cancel, sends)
  CampaignQuotaExceeded: "PRECONDITION_FAILED",
  StoreUnavailable: "SERVICE_UNAVAILABLE"
}
const GATEWAY_CODES: Readonly<Record<string, TRPC_ERROR_CODE_KEY>> = {
  SessionNotFound: "NOT_FOUND",
  SessionNotReady: "PRECONDITION_FAILED",
  Timeout: "GATEWAY_TIMEOUT"
}

const toTrpcError = (error: unknown): TRPCError => {
  const tagged = error as { readonly _tag?: string; readonly reason?: string; readonly message?: string }
  const tag = tagged._tag ?? ""
  if (tag === "GatewayError") {
    return new TRPCError({ code: GATEWAY_CODES[tagged.reason ?? ""] ?? "BAD_GATEWAY", message: tagged.message ?? "gateway error" })
  }
  if (tag === "StoreUnavailable") return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "the database cannot be reached; try again shortly" })
  const code = CODES[tag]
  if (code !== undefined) return new TRPCError({ code, message: tagged.message ?? tag })
  return new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "internal error" })
}

/** Runs a use case; its typed failures become tRPC errors with their own messages. */
export const run = async <A, E>(ctx: WebContext, effect: Effect.Effect<A, E, WebServices>): Promise<A> => {
  const exit = await ctx.runtime.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  const failure = exit.cause.reasons.find(Cause.isFailReason)
  const error = failure === undefined ? null : failure.error
  const mapped = toTrpcError(error)
  if (mapped.code === "INTERNAL_SERVER_ERROR" || mapped.code === "SERVICE_UNAVAILABLE") {
    await ctx.runtime.runPromise(Effect.logError(`request failed: ${Cause.pretty(exit.cause)}`))
  }
  throw mapped
}

export const router = t.router
export const publicProcedure = t.procedure

const signInFirst = (ctx: WebContext) =>
  ctx.authUnavailable
    ? new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "the database cannot be reached; try again shortly" })
    : new TRPCError({ code: "UNAUTHORIZED", message: "sign in first" })

// One middleware per access level: each one costs tRPC a context merge on every call.

/** Needs an approved (ACTIVE) user: user.* and campaign.*. */
export const activeProcedure = t.procedure.use(({ ctx, next }) => {
  if (ctx.user === null) throw signInFirst(ctx)
  if (ctx.user.status !== "ACTIVE") throw new TRPCError({ code: "FORBIDDEN", message: "your account is waiting for an administrator's approval" })
  return next({ ctx: { user: ctx.user } })
})

export const adminProcedure = t.procedure.use(({ ctx, next }) => {
  if (ctx.user === null) throw signInFirst(ctx)
  if (ctx.user.role !== "ADMIN" || ctx.user.status !== "ACTIVE") throw new TRPCError({ code: "FORBIDDEN", message: "administrators only" })
  return next({ ctx: { user: ctx.user } })
})

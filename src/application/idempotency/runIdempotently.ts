import { Cause, Clock, Effect } from "effect"
import type { z } from "zod"
import { IdempotencyStore } from "../ports/IdempotencyStore.ts"
import { Ids } from "../ports/Ids.ts"
import { CorruptData, StoreUnavailable } from "../ports/StoreErrors.ts"
import { oneLine } from "../text/oneLine.ts"
import { IdempotencyKeyReused, IdempotentAnswerNotKept, IdempotentRequestInProgress } from "./IdempotencyErrors.ts"
import { keyedIds } from "./keyedIds.ts"
import { IdempotentRunAgain } from "./runAgain.ts"

/** How long a key answers for its first request (docs/api.md#idempotency-key). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * How long a run that has not finished is taken to be alive since it last said so. A run renews
 * its lease every third of this while it runs (a big plan, or one queued behind the user's other
 * creates, takes longer); past it unrenewed, its process is taken to have died, and one retry
 * takes the lease over and runs the request again with the same ids (keyedIds).
 */
export const IDEMPOTENCY_LEASE_MS = 60_000

/** How often a running request renews its lease. */
const RENEW_EVERY_MS = IDEMPOTENCY_LEASE_MS / 3

/** What a retry is told to wait while the first request runs: most creates take well under this. */
const RETRY_AFTER_MS = 2_000

export interface IdempotentRequest {
  /** the caller's user id: keys are per account */
  readonly account: string
  /** the Idempotency-Key header, checked by the caller (1–255 visible ASCII characters) */
  readonly key: string
  /** requestFingerprint of the operation and its input */
  readonly fingerprint: string
}

/**
 * The typed failures known to be decided before the request writes anything: invalid input
 * (checkPlan, a bad upload), not found, a quota or limit, the gateway's checks of a plan. Only
 * these free the key, and the client may fix the request and send it again. Anything else (an
 * unreachable database, a conflict, corrupt data, a refusal by an aggregate once writing began,
 * a defect, an interruption) may come after some writes: the key stays claimed, and a retry past
 * the lease runs the request again with the same ids, meeting what was written (createCampaign).
 */
const REFUSED_BEFORE_WRITING: ReadonlySet<string> = new Set([
  "InvalidCampaign",
  "CampaignQuotaExceeded",
  "CampaignNotFound",
  "CampaignMessageNotFound",
  "MessagingSessionNotFound",
  "GatewayUnusable",
  "MediaNotFound",
  "MediaMissing",
  "MediaTooLarge",
  "MediaQuotaExceeded",
  "UnsupportedMediaType",
  "ApiKeyLimitReached",
  "InvalidApiKey",
  "InvalidWebhookEndpoint",
  "WebhookEndpointLimitReached"
])

/** A refusal of the request as it stands (REFUSED_BEFORE_WRITING), by its error's tag. */
export const isRefusal = (tag: string): boolean => REFUSED_BEFORE_WRITING.has(tag)

/** The tag of the one typed failure of `cause`, or null (none, several reasons, a defect, an interruption). */
const failureTag = <E>(cause: Cause.Cause<E>): string | null => {
  const failure = cause.reasons.find(Cause.isFailReason)
  if (failure === undefined || cause.reasons.some((r) => !Cause.isFailReason(r))) return null
  const error: unknown = failure.error
  return typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string"
    ? error._tag
    : null
}

/** `release` after a failure of `cause`: a refusal known to come before any write (REFUSED_BEFORE_WRITING). */
export const freesTheKey = <E>(cause: Cause.Cause<E>): boolean => {
  const tag = failureTag(cause)
  return tag !== null && REFUSED_BEFORE_WRITING.has(tag)
}

export interface RunIdempotentlyOptions {
  /**
   * Also free the key when the request fails with a StoreUnavailable known to have written
   * nothing (notWritten: the database never received the call): for a request whose one write
   * is atomic (apiKey.create, webhookEndpoint.create). Any other StoreUnavailable (a timeout after
   * the write was sent, which the server may have applied) keeps the key: a retry is told what to
   * revoke (IdempotentAnswerNotKept) rather than making a second secret never shown.
   */
  readonly singleWrite?: boolean
}

/** The one typed failure of `cause` is a StoreUnavailable known to have written nothing. */
const failedUnwritten = <E>(cause: Cause.Cause<E>): boolean => {
  const failure = cause.reasons.find(Cause.isFailReason)
  if (failure === undefined || cause.reasons.some((r) => !Cause.isFailReason(r))) return false
  const error: unknown = failure.error
  return error instanceof StoreUnavailable && error.notWritten === true
}

/**
 * Runs a creating request at most once per account and Idempotency-Key (docs/api.md#idempotency-key):
 * the first claims the key and runs; a retry with the same fingerprint within 24 hours gets the
 * first answer (decoded with `answer`) and runs nothing; another fingerprint is refused
 * (IdempotencyKeyReused); while the first runs (its lease renewed), IdempotentRequestInProgress.
 * With `answer` "notKept" (an answer holding a secret shown once) nothing is kept, and a retry is
 * refused with IdempotentAnswerNotKept. Every id `effect` makes comes from keyedIds.
 */
export const runIdempotently = <A, E, R>(
  request: IdempotentRequest,
  effect: Effect.Effect<A, E, R>,
  answer: z.ZodType<A> | "notKept",
  options: RunIdempotentlyOptions = {}
) =>
  Effect.gen(function* () {
    const store = yield* IdempotencyStore
    const now = yield* Clock.currentTimeMillis
    const claim = yield* store.claim(
      { ...request, createdAt: now, runAt: now, aliveAt: now, state: "pending", answer: null },
      now - IDEMPOTENCY_WINDOW_MS
    )
    let claimedAt = now
    let runAgain = false
    if (claim._tag === "Held") {
      const held = claim.record
      if (held.fingerprint !== request.fingerprint) return yield* new IdempotencyKeyReused()
      if (held.state === "done") {
        if (held.answer === null || answer === "notKept") return yield* new IdempotentAnswerNotKept()
        return yield* decodeAnswer(answer, held.answer)
      }
      const silent = now - held.aliveAt
      if (silent < IDEMPOTENCY_LEASE_MS) {
        return yield* new IdempotentRequestInProgress({
          retryAfterMs: Math.min(RETRY_AFTER_MS, IDEMPOTENCY_LEASE_MS - silent)
        })
      }
      // its secret may have been made and never shown: the caller revokes it, as for a kept one
      if (answer === "notKept") return yield* new IdempotentAnswerNotKept()
      // The run holding it stopped renewing its lease: taken to have died. One retry takes it
      // over (the others are told to wait) and runs again, with its ids.
      const taken = yield* store.takeOver(request.account, request.key, held.createdAt, held, now)
      if (!taken) return yield* new IdempotentRequestInProgress({ retryAfterMs: RETRY_AFTER_MS })
      claimedAt = held.createdAt
      runAgain = true
      yield* Effect.logWarning(
        `request ${request.fingerprint.slice(0, 12)} of an Idempotency-Key silent for ${silent} ms and never answered: run again`
      )
    }
    const runAt = now
    // Renews the lease while the run runs (raceFirst interrupts it when the run ends); a renewal
    // that fails is tried again at the next, the lease running out only if they all do.
    const keepAlive = Effect.sleep(RENEW_EVERY_MS).pipe(
      Effect.andThen(Clock.currentTimeMillis),
      Effect.flatMap((at) => store.renew(request.account, request.key, claimedAt, runAt, at)),
      Effect.catch((error) => Effect.logWarning(`an Idempotency-Key's lease not renewed: ${oneLine(error.message)}`)),
      Effect.forever
    )
    const result = yield* Effect.raceFirst(
      effect.pipe(
        Effect.provideService(Ids, keyedIds(request.account, request.key, claimedAt)),
        Effect.provideService(IdempotentRunAgain, runAgain)
      ),
      keepAlive
    ).pipe(
      Effect.onError((cause) =>
        // Never from a run again: its refusal says nothing of what the first run wrote (a quota
        // now counting it, a time now past). The store frees only a record still pending and
        // held by its first run.
        !runAgain && (freesTheKey(cause) || (options.singleWrite === true && failedUnwritten(cause)))
          ? Clock.currentTimeMillis.pipe(
              Effect.flatMap((at) => store.release(request.account, request.key, claimedAt, at)),
              Effect.catch((error) =>
                Effect.logWarning(`an Idempotency-Key left claimed after a refusal: ${oneLine(error.message)}`)
              )
            )
          : Effect.void
      )
    )
    // Answer not kept (a secret): the request is done and says so; a retry is refused with
    // IdempotentAnswerNotKept, naming what to revoke.
    yield* store
      .complete(request.account, request.key, claimedAt, answer === "notKept" ? null : JSON.stringify(result))
      .pipe(
        Effect.catch((error) => Effect.logWarning(`an Idempotency-Key's answer not kept: ${oneLine(error.message)}`))
      )
    return result
  })

const decodeAnswer = <A>(schema: z.ZodType<A>, text: string): Effect.Effect<A, CorruptData> =>
  Effect.suspend(() => {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return Effect.fail(new CorruptData({ message: "an Idempotency-Key's stored answer is not JSON" }))
    }
    const parsed = schema.safeParse(json)
    return parsed.success
      ? Effect.succeed(parsed.data)
      : Effect.fail(new CorruptData({ message: `an Idempotency-Key's stored answer: ${parsed.error.message}` }))
  })

import { Cause, Clock, Effect } from "effect"
import type { z } from "zod"
import { IdempotencyStore } from "../ports/IdempotencyStore.ts"
import { Ids } from "../ports/Ids.ts"
import { CorruptData } from "../ports/StoreErrors.ts"
import { oneLine } from "../text/oneLine.ts"
import { IdempotencyKeyReused, IdempotentAnswerNotKept, IdempotentRequestInProgress } from "./IdempotencyErrors.ts"
import { keyedIds } from "./keyedIds.ts"

/** How long a key answers for its first request (docs/api.md#idempotency-key). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * How long a first request that has not finished is taken to be running. Past it, its process is
 * taken to have died, and a retry runs the request again with the same ids (keyedIds).
 */
export const IDEMPOTENCY_LEASE_MS = 60_000

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
 * Typed failures decided before anything is written (invalid input, not found, quota): the key
 * is freed and the client may fix the request and send it again. An unreachable database, a
 * defect or an interruption may come after some writes: the key stays claimed, and a retry past
 * the lease runs the request again with the same ids, meeting what was written (createCampaign).
 */
const freesTheKey = <E>(cause: Cause.Cause<E>): boolean => {
  const failure = cause.reasons.find(Cause.isFailReason)
  if (failure === undefined || cause.reasons.some((r) => !Cause.isFailReason(r))) return false
  const error: unknown = failure.error
  return !(typeof error === "object" && error !== null && "_tag" in error && error._tag === "StoreUnavailable")
}

/**
 * Runs a creating request at most once per account and Idempotency-Key (docs/api.md#idempotency-key):
 * the first claims the key and runs; a retry with the same fingerprint within 24 hours gets the
 * first answer (decoded with `answer`) and runs nothing; another fingerprint is refused
 * (IdempotencyKeyReused); while the first runs, IdempotentRequestInProgress. With `answer`
 * "notKept" (an answer holding a secret shown once) nothing is kept, and a retry is refused
 * with IdempotentAnswerNotKept. Every id `effect` makes comes from keyedIds.
 */
export const runIdempotently = <A, E, R>(
  request: IdempotentRequest,
  effect: Effect.Effect<A, E, R>,
  answer: z.ZodType<A> | "notKept"
) =>
  Effect.gen(function* () {
    const store = yield* IdempotencyStore
    const now = yield* Clock.currentTimeMillis
    const claim = yield* store.claim(
      { ...request, createdAt: now, state: "pending", answer: null },
      now - IDEMPOTENCY_WINDOW_MS
    )
    let claimedAt = now
    if (claim._tag === "Held") {
      const held = claim.record
      if (held.fingerprint !== request.fingerprint) return yield* new IdempotencyKeyReused()
      if (held.state === "done") {
        if (held.answer === null || answer === "notKept") return yield* new IdempotentAnswerNotKept()
        return yield* decodeAnswer(answer, held.answer)
      }
      const age = now - held.createdAt
      if (age < IDEMPOTENCY_LEASE_MS) {
        return yield* new IdempotentRequestInProgress({
          retryAfterMs: Math.min(RETRY_AFTER_MS, IDEMPOTENCY_LEASE_MS - age)
        })
      }
      // its secret may have been made and never shown: the caller revokes it, as for a kept one
      if (answer === "notKept") return yield* new IdempotentAnswerNotKept()
      // the first run died (or its answer was never stored): run again, with its ids
      claimedAt = held.createdAt
      yield* Effect.logWarning(
        `request ${request.fingerprint.slice(0, 12)} of an Idempotency-Key claimed ${age} ms ago and never answered: run again`
      )
    }
    const result = yield* effect.pipe(
      Effect.provideService(Ids, keyedIds(request.account, request.key, claimedAt)),
      Effect.onError((cause) =>
        freesTheKey(cause)
          ? store
              .release(request.account, request.key, claimedAt)
              .pipe(
                Effect.catch((error) =>
                  Effect.logWarning(`an Idempotency-Key left claimed after a refusal: ${oneLine(error.message)}`)
                )
              )
          : Effect.void
      )
    )
    // Not kept: the request is done, and says so; the record stays pending, and a retry past
    // the lease runs again with the same ids and answers what was created.
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

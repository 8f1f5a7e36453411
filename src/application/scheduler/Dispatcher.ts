import { Clock, Context, Deferred, Duration, Effect, Exit, Fiber, FiberSet, Layer, Random, Semaphore } from "effect"
import { targetKindOf } from "../../domain/campaign/CampaignTargets.ts"
import { isDue, LOOKBACK_MS } from "../../domain/message/Message.ts"
import type { SessionPacing } from "../../domain/session/MessagingSession.ts"
import type { MessageView } from "../ports/MessageRepository.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import type { SessionView } from "../ports/SessionRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import type { StoreUnavailable } from "../ports/StoreErrors.ts"
import { heldAt, liftEndedHold } from "../session/liftEndedHold.ts"
import { LaneReads } from "./LaneReads.ts"
import type { Preloaded } from "./preloadMessages.ts"
import { preloadMessages } from "./preloadMessages.ts"
import type { Recording, SessionHold } from "./processMessage.ts"
import { processMessage } from "./processMessage.ts"
import { logFailed, logFound, logNoPending } from "./SchedulerLog.ts"
import { SchedulerSettings } from "./SchedulerSettings.ts"
import { showTyping } from "./showTyping.ts"

/** A held session whose end the gateway gave is asked this often at most whether the limit lifted. */
const HELD_CHECK_EVERY_MS = 60_000

interface Queued {
  readonly view: MessageView
  readonly selectedAt: number
  readonly preloaded: Preloaded | undefined
  /** its session as the pass read it to check for a hold; undefined when a preload had it */
  readonly session: { readonly view: SessionView; readonly readAt: number } | undefined
}

/**
 * dispatchDueMessages: each pass selects the due messages and hands them to one lane per
 * session. A lane sends its session's messages one at a time in scheduledAt order; lanes run
 * concurrently up to `sessionConcurrency`, so one slow session never holds up another, and a
 * pass never waits for sends, so the next timer fires on time. A paced session's lane waits its
 * gap between two sends without a permit (docs/architecture.md#pacing).
 */
export class Dispatcher extends Context.Service<
  Dispatcher,
  {
    /**
     * One pass: hands newly due messages to lanes and returns how many. `more` says the pass
     * took a full batch and another should follow at once.
     */
    readonly dispatchDueMessages: Effect.Effect<{ readonly found: number; readonly more: boolean }, StoreUnavailable>
    /**
     * Loads the messages scheduled in [from, to] and resolves their sessions, for the passes
     * that find them due (docs/architecture.md#loading-ahead). May be interrupted at any point.
     */
    readonly preload: (from: number, to: number) => Effect.Effect<void, StoreUnavailable>
    /** Waits until every lane has finished (used by tests). */
    readonly awaitIdle: Effect.Effect<void>
    /**
     * Shutdown: takes nothing more (what lanes still hold queued is dropped, for a later
     * process to pick) and waits for the sends already started to finish.
     */
    readonly drain: Effect.Effect<void>
    readonly inFlight: Effect.Effect<number>
  }
>()("herald/application/scheduler/Dispatcher") {
  static readonly layer = Layer.effect(
    Dispatcher,
    Effect.gen(function* () {
      const settings = yield* SchedulerSettings
      const messages = yield* MessageRepository
      const sessions = yield* SessionRepository
      // what the sends need, with the reads a lane's messages share (one LaneReads per process)
      const context = Context.add(
        yield* Effect.context<Exclude<Effect.Services<ReturnType<typeof processMessage>>, LaneReads>>(),
        LaneReads,
        yield* LaneReads.make
      )
      const permits = yield* Semaphore.make(settings.sessionConcurrency)
      const mediaPermits = yield* Semaphore.make(settings.mediaConcurrency)
      // The lanes' fibers, interrupted when the layer's scope closes (shutdown). Whether a
      // session has a lane is its queue's entry in `lanes`, not a fiber keyed by session (a
      // FiberMap with onlyIfMissing): a lane leaves `lanes` in the step that finds its queue
      // empty, but its fiber stays registered until it has exited, a window in which a pass
      // would skip starting a lane and strand what it queued.
      const running = yield* FiberSet.make<void, never>()
      const lanes = new Map<string, Array<Queued>>()
      // ids queued or being sent by this process, so a pass does not take them twice
      const mine = new Set<string>()
      // what the last preload read, by message id; at most a batch
      const preloaded = new Map<string, Preloaded>()
      let draining = false
      // completed by drain: a lane waiting out its session's gap stops waiting
      const drained = yield* Deferred.make<void>()
      // Pacing: the earliest time each paced session may claim its next message in this process,
      // kept past the end of its lane so the next pass's lane waits too. Entries whose time has
      // passed are dropped by each pass: at most one per session that sent within its gap.
      const pacedUntil = new Map<string, number>()

      // The gap after a send of a paced session: its minimum plus a random part of up to its
      // jitter, drawn anew each time (WAHA: never fixed times).
      const gapAfter = (pacing: SessionPacing) =>
        pacing.jitterSeconds === 0
          ? Effect.succeed(pacing.minGapSeconds * 1000)
          : Effect.map(
              Random.nextIntBetween(0, pacing.jitterSeconds * 1000),
              (jitter) => pacing.minGapSeconds * 1000 + jitter
            )

      // Waits until the session may send again; answers the time it may claim at, or null when
      // drained meanwhile. No permit is held: other sessions go on at their own pace.
      const awaitPace = (sessionId: string): Effect.Effect<number | null> =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const until = pacedUntil.get(sessionId)
          if (until === undefined || until <= now) return now
          const woke = yield* Effect.raceFirst(
            Effect.as(Effect.sleep(Duration.millis(until - now)), "paced" as const),
            Effect.as(Deferred.await(drained), "drained" as const)
          )
          return woke === "drained" ? null : yield* Clock.currentTimeMillis
        })

      // The preload of a message, if it is not older than the view the pass found: a view ahead
      // of it says the stream moved since (an edit), so the claim reads it again. Taken once.
      const takePreloaded = (view: MessageView): Preloaded | undefined => {
        const held = preloaded.get(view.id)
        preloaded.delete(view.id)
        return held !== undefined && held.state.version >= view.version ? held : undefined
      }

      // When each held session whose end the gateway gave was last asked whether it still is: once a minute at most.
      const askedHeld = new Map<string, number>()
      // The sessions this process knows held: held here (the lane that got the refusal) or found
      // held by a pass. Their messages are left out of the due query, so they neither fill a batch
      // others need nor come back every pass; a view read early (a preload) cannot let one through.
      // Each pass reads their views again: a view showing the hold lifted (or another hold) after
      // the one known here ends the entry; one not yet showing a hold made here is behind it.
      const heldKnown = new Map<string, SessionHold>()

      // In the background, at most once a minute: a hold whose end the gateway gave may end early.
      const checkHeldInBackground = (session: SessionView, now: number) =>
        session.limitedUntilKnown && !askedHeld.has(session.id)
          ? Effect.suspend(() => {
              askedHeld.set(session.id, now)
              return FiberSet.run(
                running,
                liftEndedHold(session).pipe(Effect.ignore, Effect.asVoid, Effect.provideContext(context))
              )
            }).pipe(Effect.asVoid)
          : Effect.void

      // The sessions still held among those known held, read again (one key read each).
      const stillHeld = (now: number) =>
        Effect.gen(function* () {
          for (const [id, at] of askedHeld) if (at <= now - HELD_CHECK_EVERY_MS) askedHeld.delete(id)
          for (const [id, hold] of [...heldKnown]) {
            // its time passed: its messages come back to the pass, which lifts it
            if (hold.until <= now) {
              heldKnown.delete(id)
              continue
            }
            const session = yield* sessions.get(id)
            if (session !== null && heldAt(session, now) && session.limitedUntil !== null) {
              heldKnown.set(id, { until: session.limitedUntil, version: session.version })
              yield* checkHeldInBackground(session, now)
            } else if (session === null || session.version > hold.version) heldKnown.delete(id)
          }
          return [...heldKnown.keys()]
        })

      // The sessions among these whose sends are held because WhatsApp limits their number
      // (docs/architecture.md, "When WhatsApp limits a number"): none of their messages is
      // claimed. A session a preload read within the lead is not read again (a due time costs only
      // the claims, docs/architecture.md#loading-ahead); any other is read once (one key read),
      // and that read serves its sends. A hold whose time passed is lifted here; one the gateway
      // may end early is checked in the background, at most once a minute.
      const heldSessions = (sessionIds: ReadonlyArray<string>, due: ReadonlyArray<MessageView>, now: number) =>
        Effect.gen(function* () {
          const held = new Set<string>()
          const read = new Map<string, { readonly view: SessionView; readonly readAt: number }>()
          const known = new Map<string, SessionView>()
          for (const m of due) {
            const ahead = preloaded.get(m.id)
            if (ahead?.session != null && now - ahead.readAt <= settings.preloadLeadMs)
              known.set(m.sessionId, ahead.session)
          }
          for (const id of sessionIds) {
            const session = known.get(id) ?? (yield* sessions.get(id))
            if (session !== null && !known.has(id)) read.set(id, { view: session, readAt: now })
            if (session === null || session.limitedSince === null) continue
            if (!heldAt(session, now)) {
              // lifted in this pass: its messages go now
              yield* liftEndedHold(session).pipe(
                Effect.catch((error) =>
                  Effect.logWarning(`Session ${id}: its hold could not be lifted yet: ${error.message}`)
                ),
                Effect.provideContext(context)
              )
              continue
            }
            held.add(id)
            read.delete(id)
            if (session.limitedUntil !== null)
              heldKnown.set(id, { until: session.limitedUntil, version: session.version })
            yield* checkHeldInBackground(session, now)
          }
          return { held, read }
        })

      // The record of a sent message (processMessage's `recording`), run beside the lane's next
      // claim rather than before it: its durable commit and that claim's share one wait for the
      // disk (the group commit syncs every commit made before it starts), and its view and its
      // campaign's progress leave the lane's path. At most one record a session is pending: the
      // next message's send waits for it after its claim (`awaitRecord`), so a process stopped
      // leaves at most one sent but unrecorded message a session to the lease recovery, as one
      // stopped between a send and its record always could, and records never pile up on the
      // database. Its message stays in `mine` until it is recorded, so no pass takes its session
      // for another scheduler's meanwhile; shutdown's drain waits for it.
      const recording = new Map<string, { readonly messageId: string; readonly fiber: Fiber.Fiber<void> }>()
      const recordInBackground = (sessionId: string, messageId: string, record: Recording) =>
        Effect.flatMap(
          FiberSet.run(
            running,
            record.pipe(
              Effect.catch((error) => logFailed(messageId, error.message)),
              Effect.catchDefect((defect) =>
                logFailed(messageId, defect instanceof Error ? defect.message : String(defect))
              ),
              Effect.ensuring(
                Effect.sync(() => {
                  mine.delete(messageId)
                  if (recording.get(sessionId)?.messageId === messageId) recording.delete(sessionId)
                })
              ),
              Effect.provideContext(context)
            )
          ),
          (fiber) => Effect.sync(() => void recording.set(sessionId, { messageId, fiber }))
        )

      // Between a claim and its send: the session's previous record, if still pending, is waited for.
      const awaitRecord = (sessionId: string, messageId: string) =>
        Effect.suspend(() => {
          const pending = recording.get(sessionId)
          if (pending === undefined) return Effect.void
          recording.delete(sessionId)
          if (pending.fiber.pollUnsafe() !== undefined) return Effect.void
          return Effect.logDebug(
            `Message ${messageId}: claimed; sent once the send of message ${pending.messageId} is recorded`
          ).pipe(Effect.andThen(Fiber.await(pending.fiber)), Effect.asVoid)
        })

      const runLane = (sessionId: string, queue: Array<Queued>): Effect.Effect<void> =>
        Effect.gen(function* () {
          for (;;) {
            // Closed in the same step that found it empty, so a pass cannot queue onto a lane
            // that is about to end.
            if (queue.length === 0) return void lanes.delete(sessionId)
            const claimAt = yield* awaitPace(sessionId)
            // drained while waiting: what the lane held was dropped for the next process
            if (claimAt === null) return
            const next = queue.shift()
            if (next === undefined) continue
            // Typing before the send (docs/architecture.md#pacing), shown here, before any permit is
            // taken and before the claim: the claim below reads the clock after it, so the seconds
            // count toward the 2-minute window (a message they push out of it is recorded missed,
            // never sent late), and a pause holds no permit other sessions need. The session as the
            // pass (or its preload) read it. Shutdown cuts it short.
            const session = next.session?.view ?? next.preloaded?.session ?? null
            // (not for a message already out of its window: it will not be claimed). Only groups
            // get typing: a channel has no chat to type in, and marking status@broadcast seen might
            // mark the contacts' Statuses seen.
            if (
              targetKindOf(next.view.groupId) === "group" &&
              session?.active === true &&
              session.typingBeforeSend &&
              !draining &&
              isDue(next.view.scheduledAt, Math.max(next.selectedAt, claimAt))
            )
              yield* Effect.raceFirst(
                showTyping(session.sessionName, next.view.groupId, next.view.content).pipe(
                  Effect.provideContext(context)
                ),
                Deferred.await(drained)
              )
            // A message that waited for its session's pace is claimed as due at the time of the
            // claim, not of the pass: one the wait pushed out of the 2-minute window is never sent
            // late, it is recorded missed (recordMissedMessages).
            let selectedAt = Math.max(next.selectedAt, claimAt)
            const failed = { result: "failed", pacing: null } as const
            // In its permits: the clock read again (a wait for a turn counts as a wait for the
            // pace: never sent late) and nothing claimed once draining (left for a later process).
            const process = Effect.gen(function* () {
              if (draining) return { result: "skipped", pacing: null } as const
              selectedAt = Math.max(selectedAt, yield* Clock.currentTimeMillis)
              return yield* processMessage(
                next.view,
                selectedAt,
                next.preloaded,
                next.session,
                awaitRecord(sessionId, next.view.id)
              )
            })
            // A sent message's record runs beside the lane's next message (recordInBackground):
            // the message stays this process's until it is recorded.
            let handedOver = false
            // An image or file waits for its media turn before it takes a session permit, so files
            // waiting their turn never hold the permits texts of other sessions need. One order:
            // media, then session. A Status (text too) takes the same turn: the gateway sends it in
            // the same slots as images and files (WahaGateway's mediaSends), and a claimed message
            // must never wait for a slot, its lease running out (docs/architecture.md#media).
            const processed = yield* (
              next.view.media === null && targetKindOf(next.view.groupId) !== "status"
                ? Semaphore.withPermit(permits)(process)
                : Semaphore.withPermit(mediaPermits)(Semaphore.withPermit(permits)(process))
            ).pipe(
              Effect.tap(({ recording }) =>
                recording === undefined
                  ? Effect.void
                  : Effect.suspend(() => {
                      handedOver = true
                      return recordInBackground(sessionId, next.view.id, recording)
                    })
              ),
              Effect.catch((error) => logFailed(next.view.id, error.message).pipe(Effect.as(failed))),
              // a bug is logged as this message's failure and the lane goes on with the next
              Effect.catchDefect((defect) =>
                logFailed(next.view.id, defect instanceof Error ? defect.message : String(defect)).pipe(
                  Effect.as(failed)
                )
              ),
              Effect.ensuring(
                Effect.sync(() => {
                  if (!handedOver) mine.delete(next.view.id)
                })
              ),
              Effect.provideContext(context)
            )
            if (
              processed.result === "skipped" &&
              selectedAt !== next.selectedAt &&
              !isDue(next.view.scheduledAt, selectedAt)
            )
              yield* logFailed(
                next.view.id,
                `missed: scheduled at ${new Date(next.view.scheduledAt).toISOString()}, its session's pacing, typing or its turn to send held it past the 2-minute window; it is recorded missed`
              )
            if (processed.pacing !== null && processed.pacing.minGapSeconds > 0) {
              const gap = yield* gapAfter(processed.pacing)
              pacedUntil.set(sessionId, (yield* Clock.currentTimeMillis) + gap)
            }
            // Another scheduler holds this session: leave the rest to it, in order. WhatsApp limits
            // the session's number: the rest waits, unclaimed, for the hold to lift (what falls out
            // of the 2-minute window meanwhile is recorded missed).
            if (processed.result === "lost" || processed.result === "limited") {
              for (const dropped of queue.splice(0)) mine.delete(dropped.view.id)
            }
            // held here: no pass of this process takes the session's messages until the hold ends,
            // whatever view of the session it read before (docs/architecture.md, "When WhatsApp limits a number")
            if (processed.result === "limited" && processed.hold != null) heldKnown.set(sessionId, processed.hold)
          }
        }).pipe(
          // interrupted (shutdown): forget the lane and what it still held
          Effect.ensuring(
            Effect.sync(() => {
              if (lanes.get(sessionId) === queue) lanes.delete(sessionId)
              for (const left of queue.splice(0)) mine.delete(left.view.id)
            })
          )
        )

      const dispatchDueMessages = Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        // The ones this process already holds come back too; ask for enough to see past them.
        const limit = settings.batchSize + mine.size
        const knownHeld = new Set(yield* stillHeld(now))
        const found = yield* messages.findScheduledBetween(now - LOOKBACK_MS, now, limit, [...knownHeld])
        const full = found.length >= limit
        const fresh = found.filter((m) => !mine.has(m.id))
        const sessionIds = [...new Set(fresh.map((m) => m.sessionId))]
        const busyElsewhere = new Set(
          sessionIds.length === 0
            ? []
            : (yield* messages.findInFlight(sessionIds, now - settings.inFlightGuardMs))
                .filter((m) => !mine.has(m.id))
                .map((m) => m.sessionId)
        )
        const free = sessionIds.filter((id) => !busyElsewhere.has(id))
        const { held, read } = yield* heldSessions(free, fresh, now)
        const due = draining ? [] : fresh.filter((m) => !busyElsewhere.has(m.sessionId) && !held.has(m.sessionId))
        // Another pass follows at once only if this one took something, or found sessions held that
        // the next query leaves out: a batch filled with what cannot go must not spin the loop.
        const more = full && (due.length > 0 || [...heldKnown.keys()].some((id) => !knownHeld.has(id)))
        // preloads of messages that can no longer be due are of no use, gaps past are over
        for (const [id, until] of pacedUntil) if (until <= now) pacedUntil.delete(id)
        for (const [id, held] of preloaded) if (held.state.scheduledAt < now - LOOKBACK_MS) preloaded.delete(id)
        if (due.length === 0) {
          yield* logNoPending(now)
          return { found: 0, more }
        }
        yield* logFound(now, due.length)
        let taken = 0
        for (const view of due) {
          // held here since the pass read its session (a lane got the refusal meanwhile)
          if (heldKnown.has(view.sessionId)) continue
          taken += 1
          mine.add(view.id)
          const queued: Queued = {
            view,
            selectedAt: now,
            preloaded: takePreloaded(view),
            session: read.get(view.sessionId)
          }
          const lane = lanes.get(view.sessionId)
          if (lane) {
            lane.push(queued)
            continue
          }
          const queue: Array<Queued> = [queued]
          lanes.set(view.sessionId, queue)
          // started on the next tick, as a fork is, so the pass hands out its whole batch first
          yield* FiberSet.run(running, runLane(view.sessionId, queue), { startImmediately: false })
        }
        return { found: taken, more }
      })

      const preload = (from: number, to: number) =>
        draining
          ? Effect.void
          : preloadMessages(preloaded, from, to, (id) => mine.has(id), [...heldKnown.keys()]).pipe(
              Effect.provideContext(context)
            )

      return Dispatcher.of({
        dispatchDueMessages,
        preload,
        // lanes never fail (a failed send is logged and the lane goes on)
        awaitIdle: FiberSet.awaitEmpty(running),
        drain: Effect.suspend(() => {
          draining = true
          Deferred.doneUnsafe(drained, Exit.void)
          preloaded.clear()
          for (const queue of lanes.values()) for (const left of queue.splice(0)) mine.delete(left.view.id)
          return FiberSet.awaitEmpty(running)
        }),
        inFlight: Effect.sync(() => mine.size)
      })
    })
  )
}

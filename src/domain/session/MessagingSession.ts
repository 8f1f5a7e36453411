import type { DecideResult, Decider } from "../shared/Decider.ts"
import { accept, reject } from "../shared/Decider.ts"

/** The gateway identifies a session by this name (docs/architecture.md#the-gateway). */
export const SESSION_NAME_PATTERN = /^[a-zA-Z0-9_-]+$/

export type SessionEvent =
  | {
      readonly type: "SessionInitiated"
      readonly sessionId: string
      readonly userId: string
      readonly sessionName: string
      readonly at: number
    }
  | { readonly type: "SessionPhoneUpdated"; readonly phoneNumber: string; readonly at: number }
  | { readonly type: "SessionLoggedOut"; readonly at: number }
  /**
   * The gateway reported a new status for the session (WAHA's `session.status`: STARTING,
   * SCAN_QR_CODE, WORKING, FAILED, STOPPED, …). `reportedAt` is when the gateway says it
   * happened, so an older report arriving late is not taken for news.
   */
  | {
      readonly type: "SessionGatewayStatusChanged"
      readonly status: string
      /** the status it had before (null: none reported yet) */
      readonly previousStatus: string | null
      readonly reportedAt: number
      readonly at: number
    }

  /**
   * The session's pacing (docs/architecture.md#pacing): at least `minGapSeconds`, plus a random
   * part of up to `jitterSeconds`, between two of its sends. 0 and 0: off.
   */
  | {
      readonly type: "SessionPacingSet"
      readonly minGapSeconds: number
      readonly jitterSeconds: number
      readonly at: number
    }
  /**
   * WhatsApp is limiting the number (docs/waha.md, "When WhatsApp limits a number"): a send came
   * back refused as limited (GOWS's "server returned error 463", a reach-out time-lock). The
   * session's sends are held until `until` (epoch ms): the gateway's end of the time-lock when it
   * told one, else Herald's own wait (LIMIT_HOLD_MS). `untilKnown`: the end is the gateway's.
   * A second report while held moves the end; only the first of a hold is news to its owner.
   */
  | {
      readonly type: "SessionLimited"
      readonly until: number
      readonly untilKnown: boolean
      readonly reason: string
      readonly at: number
    }
  /** The hold ended: its time passed (`expired`), or the gateway says the number is free again (`gateway`). */
  | { readonly type: "SessionLimitLifted"; readonly by: "expired" | "gateway"; readonly at: number }
  /** The owner was told of the hold that began at `since` (by mail, once; the web process relays it). */
  | { readonly type: "SessionLimitNotified"; readonly since: number; readonly at: number }
  /**
   * Before each send, mark the chat seen and show "typing…" for a few seconds (WAHA's advice
   * against bans, docs/waha-features.md §4; part of pacing, off by default).
   */
  | { readonly type: "SessionTypingSet"; readonly on: boolean; readonly at: number }

/**
 * How long a session is held when the gateway said it limits the number but not until when: the
 * next send after it is the probe (refused again: held again).
 */
export const LIMIT_HOLD_MS = 30 * 60 * 1000

/** A hold on a session's sends (SessionLimited): since when, until when, and whether its owner was told. */
export interface SessionLimit {
  readonly since: number
  readonly until: number
  readonly untilKnown: boolean
  readonly reason: string
  readonly notified: boolean
}

/**
 * A hold that begins within this time of the owner's last mail about one is not mailed again: a
 * time-lock whose end the gateway does not tell comes back after each probe (LIMIT_HOLD_MS).
 */
export const LIMIT_MAIL_AGAIN_AFTER_MS = 24 * 60 * 60 * 1000

/** Whether a hold stops sends at `now` (its time not yet passed). */
export const isHeld = (limit: SessionLimit | null, now: number): boolean => limit !== null && limit.until > now

/**
 * Pacing bounds, in whole seconds. A gap and its jitter together stay within the 2-minute window
 * in which a due message must go (LOOKBACK_MS); WAHA advises random waits of 30 to 60 s. How many
 * due together are sure to go: sureToGoUnderPacing.
 */
export const PACING_MAX_SECONDS = 120

export interface SessionPacing {
  readonly minGapSeconds: number
  readonly jitterSeconds: number
}

export const NO_PACING: SessionPacing = { minGapSeconds: 0, jitterSeconds: 0 }

/** What is wrong with a pacing, by field; empty when it is acceptable. */
/** A pacing refused: the field, its English words, and a stable code for other languages (its bound is PACING_MAX_SECONDS). */
export interface PacingProblem {
  readonly field: "minGapSeconds" | "jitterSeconds"
  readonly message: string
  readonly code: "pacingRange" | "pacingJitterNeedsGap" | "pacingTooLong"
}

export const pacingProblems = (pacing: SessionPacing): ReadonlyArray<PacingProblem> => {
  const problems: Array<PacingProblem> = []
  for (const field of ["minGapSeconds", "jitterSeconds"] as const) {
    const value = pacing[field]
    if (!Number.isInteger(value) || value < 0 || value > PACING_MAX_SECONDS)
      problems.push({
        field,
        message: `${field} must be a whole number of seconds from 0 to ${PACING_MAX_SECONDS}`,
        code: "pacingRange"
      })
  }
  if (problems.length === 0 && pacing.minGapSeconds === 0 && pacing.jitterSeconds > 0)
    problems.push({
      field: "minGapSeconds",
      message: "a gap is needed for jitter: set a gap, or set jitter to 0",
      code: "pacingJitterNeedsGap"
    })
  if (problems.length === 0 && pacing.minGapSeconds + pacing.jitterSeconds > PACING_MAX_SECONDS)
    problems.push({
      field: "jitterSeconds",
      message: `gap and jitter together must be at most ${PACING_MAX_SECONDS} seconds (the 2-minute window in which a due message must go)`,
      code: "pacingTooLong"
    })
  return problems
}

/**
 * The first of `times` (epoch ms, one per message of a session) that pacing could push past
 * `windowMs` after its time, had it the longest draw (gap + jitter) after each send: the session
 * sends one message at a time, in time order, and one whose turn comes later than the window is
 * recorded missed, never sent late. Null when every one is sure to go, or the session is not paced.
 * `position`: how many of the times are due at or before it (it is the position-th).
 */
export const firstMissedUnderPacing = (
  times: ReadonlyArray<number>,
  pacing: SessionPacing,
  windowMs: number
): { readonly at: number; readonly position: number } | null => {
  const spreadMs = (pacing.minGapSeconds + pacing.jitterSeconds) * 1000
  if (spreadMs <= 0) return null
  let free = Number.NEGATIVE_INFINITY
  let runStart = 0
  for (const [i, at] of [...times].sort((a, b) => a - b).entries()) {
    // the line is empty again: this one starts a new run of messages waiting their turn
    if (at >= free) runStart = i
    const sendAt = Math.max(at, free)
    // a turn exactly at the window's end is lost too: the sends before it took some time
    if (sendAt - at >= windowMs) return { at, position: i - runStart + 1 }
    free = sendAt + spreadMs
  }
  return null
}

/** How many messages of a paced session due together are sure to go within `windowMs` (firstMissedUnderPacing's rule). */
export const sureToGoUnderPacing = (pacing: SessionPacing, windowMs: number): number | null => {
  const spreadMs = (pacing.minGapSeconds + pacing.jitterSeconds) * 1000
  return spreadMs <= 0 ? null : Math.ceil(windowMs / spreadMs)
}

/**
 * How long "typing…" shows before a send (SessionTypingSet): 2 s, plus 40 ms a character, plus up to
 * 2 s at random (`random` in [0, 1)), at most 8 s: a person takes longer to type a longer text, and
 * never the same time twice (WAHA: never fixed times). Short against the 2-minute window and the
 * claim's 5-minute lease, within which it runs.
 */
export const typingDelayMs = (textLength: number, random: number): number =>
  Math.min(8_000, Math.round(2_000 + 40 * Math.max(0, textLength) + 2_000 * Math.min(Math.max(random, 0), 1)))

/** The gateway status in which a session sends. */
export const WORKING = "WORKING"

export interface SessionState {
  readonly id: string
  readonly status: "NEW" | "ACTIVE" | "LOGGED_OUT"
  readonly userId: string
  readonly sessionName: string
  readonly phoneNumber: string
  /** the last status the gateway reported, and when it says it happened; null before any report */
  readonly gatewayStatus: string | null
  readonly gatewayStatusAt: number | null
  readonly pacing: SessionPacing
  /** the hold on its sends while WhatsApp limits the number; null when none */
  readonly limit: SessionLimit | null
  /** when its owner was last told of a hold (null: never) */
  readonly limitNotifiedAt: number | null
  /** mark the chat seen and show "typing…" before each send (SessionTypingSet) */
  readonly typingBeforeSend: boolean
  readonly createdAt: number
  readonly updatedAt: number
  readonly version: number
}

export type SessionCommand =
  | {
      readonly type: "Initiate"
      readonly sessionId: string
      readonly userId: string
      readonly sessionName: string
      readonly now: number
    }
  | { readonly type: "UpdatePhone"; readonly phoneNumber: string; readonly now: number }
  | { readonly type: "LogOut"; readonly now: number }
  | { readonly type: "SetPacing"; readonly pacing: SessionPacing; readonly now: number }
  /**
   * A status report from the gateway: recorded when it is news (a new status, reported after the
   * last one). `reportedAt` null: the gateway did not say when; such a report is never newer than
   * one already recorded (a replayed undated report must not count as news), so it is recorded,
   * at `now`, only when no status is known yet.
   */
  | {
      readonly type: "RecordGatewayStatus"
      readonly status: string
      readonly reportedAt: number | null
      readonly now: number
    }
  /**
   * The gateway's answer, asked at `now`, to "what is the session's status?": the newest truth,
   * recorded as reported at `now` when it differs (so reports dated before the question are
   * older). What settles two reports of one instant (StatusOrderUnknown).
   */
  | { readonly type: "RecordAskedGatewayStatus"; readonly status: string; readonly now: number }
  /** A send came back "number limited": hold the sends until `until` (null: the gateway did not say; LIMIT_HOLD_MS). */
  | { readonly type: "RecordLimited"; readonly until: number | null; readonly reason: string; readonly now: number }
  /**
   * Lift the hold: its time passed (`expired`, refused before), or the gateway no longer shows the
   * time-lock it had shown (`gateway`, only for a hold whose end the gateway gave).
   */
  | { readonly type: "LiftLimit"; readonly by: "expired" | "gateway"; readonly now: number }
  /** The owner is being told of the current hold: recorded once per hold (the relay's lock). */
  | { readonly type: "RecordLimitNotified"; readonly now: number }
  | { readonly type: "SetTyping"; readonly on: boolean; readonly now: number }

export type SessionRejection =
  | { readonly _tag: "SessionNotFound" }
  | { readonly _tag: "SessionAlreadyExists" }
  /**
   * A report of another status dated the very instant of the recorded one (WAHA's timestamps are
   * milliseconds; two changes can share one): which came last cannot be told from the reports,
   * so the gateway is asked (RecordAskedGatewayStatus) rather than letting arrival order decide.
   */
  | { readonly _tag: "StatusOrderUnknown"; readonly reportedAt: number }
  | { readonly _tag: "InvalidSessionName"; readonly sessionName: string }
  | {
      readonly _tag: "InvalidPacing"
      readonly problems: ReadonlyArray<PacingProblem>
    }

export const initialSessionState: SessionState = {
  id: "",
  status: "NEW",
  userId: "",
  sessionName: "",
  phoneNumber: "",
  gatewayStatus: null,
  gatewayStatusAt: null,
  pacing: NO_PACING,
  limit: null,
  limitNotifiedAt: null,
  typingBeforeSend: false,
  createdAt: 0,
  updatedAt: 0,
  version: 0
}

type Result = DecideResult<SessionEvent, SessionRejection>

export const decideSession = (command: SessionCommand, state: SessionState): Result => {
  switch (command.type) {
    case "Initiate":
      if (state.status !== "NEW") return reject({ _tag: "SessionAlreadyExists" })
      if (!SESSION_NAME_PATTERN.test(command.sessionName)) {
        return reject({ _tag: "InvalidSessionName", sessionName: command.sessionName })
      }
      return accept({
        type: "SessionInitiated",
        sessionId: command.sessionId,
        userId: command.userId,
        sessionName: command.sessionName,
        at: command.now
      })
    case "UpdatePhone":
      if (state.status !== "ACTIVE") return reject({ _tag: "SessionNotFound" })
      return accept({ type: "SessionPhoneUpdated", phoneNumber: command.phoneNumber, at: command.now })
    case "LogOut":
      if (state.status !== "ACTIVE") return reject({ _tag: "SessionNotFound" })
      return accept({ type: "SessionLoggedOut", at: command.now })
    case "SetPacing": {
      if (state.status !== "ACTIVE") return reject({ _tag: "SessionNotFound" })
      const problems = pacingProblems(command.pacing)
      if (problems.length > 0) return reject({ _tag: "InvalidPacing", problems })
      // the same pacing again: nothing new
      if (
        command.pacing.minGapSeconds === state.pacing.minGapSeconds &&
        command.pacing.jitterSeconds === state.pacing.jitterSeconds
      )
        return accept()
      return accept({
        type: "SessionPacingSet",
        minGapSeconds: command.pacing.minGapSeconds,
        jitterSeconds: command.pacing.jitterSeconds,
        at: command.now
      })
    }
    case "RecordGatewayStatus":
      if (state.status !== "ACTIVE") return reject({ _tag: "SessionNotFound" })
      // a replay (the same status), or a report older than the last one: nothing new
      if (command.status === state.gatewayStatus) return accept()
      if (state.gatewayStatusAt !== null && (command.reportedAt === null || command.reportedAt < state.gatewayStatusAt))
        return accept()
      if (command.reportedAt !== null && command.reportedAt === state.gatewayStatusAt)
        return reject({ _tag: "StatusOrderUnknown", reportedAt: command.reportedAt })
      return accept({
        type: "SessionGatewayStatusChanged",
        status: command.status,
        previousStatus: state.gatewayStatus,
        reportedAt: command.reportedAt ?? command.now,
        at: command.now
      })
    case "RecordAskedGatewayStatus":
      if (state.status !== "ACTIVE") return reject({ _tag: "SessionNotFound" })
      if (command.status === state.gatewayStatus) return accept()
      // never dated before what is recorded (a clock behind the gateway's must not reopen older reports)
      return accept({
        type: "SessionGatewayStatusChanged",
        status: command.status,
        previousStatus: state.gatewayStatus,
        reportedAt: Math.max(command.now, state.gatewayStatusAt ?? command.now),
        at: command.now
      })
    case "RecordLimited": {
      if (state.status !== "ACTIVE") return reject({ _tag: "SessionNotFound" })
      const untilKnown = command.until !== null && command.until > command.now
      const until = untilKnown && command.until !== null ? command.until : command.now + LIMIT_HOLD_MS
      // held already until then or later: nothing new (two lanes, two schedulers, the same answer)
      if (isHeld(state.limit, command.now) && state.limit !== null && state.limit.until >= until) return accept()
      return accept({ type: "SessionLimited", until, untilKnown, reason: command.reason, at: command.now })
    }
    case "LiftLimit": {
      if (state.status !== "ACTIVE" || state.limit === null) return accept()
      if (command.by === "expired" && state.limit.until > command.now) return accept()
      if (command.by === "gateway" && !state.limit.untilKnown && state.limit.until > command.now) return accept()
      return accept({ type: "SessionLimitLifted", by: command.by, at: command.now })
    }
    case "RecordLimitNotified":
      // only while the hold stands: one that ended unlifted must not count as told, or the next
      // hold within a day would go unmailed (LIMIT_MAIL_AGAIN_AFTER_MS)
      if (state.limit === null || state.limit.notified || !isHeld(state.limit, command.now)) return accept()
      return accept({ type: "SessionLimitNotified", since: state.limit.since, at: command.now })
    case "SetTyping":
      if (state.status !== "ACTIVE") return reject({ _tag: "SessionNotFound" })
      if (command.on === state.typingBeforeSend) return accept()
      return accept({ type: "SessionTypingSet", on: command.on, at: command.now })
  }
}

/** The status a session went to when this event took it out of WORKING, else null. */
export const leftWorking = (event: SessionEvent): string | null =>
  event.type === "SessionGatewayStatusChanged" && event.previousStatus === WORKING && event.status !== WORKING
    ? event.status
    : null

export const evolveSession = (state: SessionState, event: SessionEvent): SessionState => {
  const version = state.version + 1
  switch (event.type) {
    case "SessionInitiated":
      return {
        ...initialSessionState,
        id: event.sessionId,
        status: "ACTIVE",
        userId: event.userId,
        sessionName: event.sessionName,
        createdAt: event.at,
        updatedAt: event.at,
        version
      }
    case "SessionPhoneUpdated":
      return { ...state, phoneNumber: event.phoneNumber, updatedAt: event.at, version }
    case "SessionLoggedOut":
      return { ...state, status: "LOGGED_OUT", updatedAt: event.at, version }
    case "SessionGatewayStatusChanged":
      return { ...state, gatewayStatus: event.status, gatewayStatusAt: event.reportedAt, updatedAt: event.at, version }
    case "SessionPacingSet":
      return {
        ...state,
        pacing: { minGapSeconds: event.minGapSeconds, jitterSeconds: event.jitterSeconds },
        updatedAt: event.at,
        version
      }
    case "SessionLimited": {
      // a hold still running keeps its start and whether its owner was told; a new one starts afresh
      const running = isHeld(state.limit, event.at) ? state.limit : null
      return {
        ...state,
        limit: {
          since: running?.since ?? event.at,
          until: event.until,
          untilKnown: event.untilKnown,
          reason: event.reason,
          notified:
            running?.notified ??
            (state.limitNotifiedAt !== null && event.at - state.limitNotifiedAt < LIMIT_MAIL_AGAIN_AFTER_MS)
        },
        updatedAt: event.at,
        version
      }
    }
    case "SessionLimitLifted":
      return { ...state, limit: null, updatedAt: event.at, version }
    case "SessionTypingSet":
      return { ...state, typingBeforeSend: event.on, updatedAt: event.at, version }
    case "SessionLimitNotified":
      return {
        ...state,
        limit:
          state.limit === null || state.limit.since !== event.since ? state.limit : { ...state.limit, notified: true },
        limitNotifiedAt: event.at,
        updatedAt: event.at,
        version
      }
  }
}

export const SessionDecider: Decider<SessionCommand, SessionState, SessionEvent, SessionRejection> = {
  initialState: initialSessionState,
  decide: decideSession,
  evolve: evolveSession
}

export const sessionStreamId = (sessionId: string): string => `session-${sessionId}`

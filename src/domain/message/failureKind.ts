/**
 * Why a message was not sent, in the organiser's terms (issue 22, "Failures in plain words").
 * The stored reason (`failureReason` of a message or campaign) is the operator's: the gateway's
 * answer as Herald recorded it, e.g. `failed to send message: gateway answered 400:
 * {"statusCode":400,"message":"Chat not found",…}`. It is kept as it is; this module reads it, so
 * events stored before kinds existed are classified too, and gives each kind one sentence and
 * what to do next, with no gateway, HTTP, JSON or timestamp in them.
 *
 * - `session`: the WhatsApp connection was not working (logged out, stopped, not paired, deleted).
 * - `group`: this number is not in that group, or the group is gone.
 * - `refused`: WhatsApp refused the message or is limiting (or has banned) the number.
 * - `unreachable`: Herald could not reach the gateway (down, wrong address, wrong key, a proxy's 502/503).
 * - `noAnswer`: the send went out but no answer came in time (outcome unknown): check the group first.
 * - `missed`: not sent within 2 minutes of its time; never sent late.
 * - `disabled`: not sent because the administrator disabled the owner's account.
 * - `other`: anything else.
 */
export const FAILURE_KINDS = [
  "session",
  "group",
  "refused",
  "unreachable",
  "noAnswer",
  "missed",
  "disabled",
  "other"
] as const
export type FailureKind = (typeof FAILURE_KINDS)[number]

/** A message's status, as far as it decides the kind (the outcome-unknown and missed states have theirs whatever the text). */
type StatusHint = "FAILED" | "OUTCOME_UNKNOWN" | "MISSED" | (string & {})

/** The gateway's HTTP status as the reason quotes it ("gateway answered 422: …", "invalid JSON from gateway (502)"). */
const answeredStatus = (reason: string): number | null => {
  const m = /gateway answered (\d{3})\b|from gateway \((\d{3})\)/.exec(reason)
  const digits = m?.[1] ?? m?.[2]
  return digits === undefined ? null : Number(digits)
}

/**
 * "this engine or version cannot do it", or WAHA Core's one-session rule (wahaAnswers.ts): for
 * the administrator, not a session problem, though a 422
 */
const UNSUPPORTED =
  /not implemented by|only in Plus version|only 'default' session|"mentions":\s*\[\s*"all"\s*\]|can be used only in group chats/i
/**
 * Not in the group, or no such chat: WEBJS/wa-js "Chat not found" (for <id>, in ChatStore),
 * "findChat: new chat not found", Baileys/GOWS "item-not-found" and "forbidden" (WhatsApp's 403
 * for a group the number may not post to), "not a participant", "not in group".
 */
const GROUP =
  /chat not found|item-not-found|not a participant|not in (the )?group|notingroup|group (is )?(gone|not found|does not exist)/i
/** WhatsApp's own lower-case "forbidden" (not HTTP's "Forbidden" of a proxy) */
const GROUP_FORBIDDEN = /\bforbidden\b/
/**
 * WhatsApp limiting or refusing the number: GOWS's "server returned error 463" (the reach-out
 * time-lock), Baileys' "rate-overlimit" (data 429), an HTTP 429,
 * "Your account has been restricted", banned, spam, "too many".
 */
const REFUSED =
  /server returned error 463\b|reach-?out[ _-]?time-?lock|rate-?overlimit|rate.?limit|too many (requests|messages)|\brestricted\b|\bbanned?\b|\bspam\b|not-authorized/i
/** A refused connection, an unknown host, a dropped socket: undici's and Node's words. */
const UNREACHABLE =
  /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|ENETUNREACH|EPIPE|fetch failed|socket hang up|other side closed|could not be reached/i
/** Our deadline, the lease recovery's words, a proxy's 504 */
const NO_ANSWER = /outcome unknown|outcome_unknown|timed out after|never reported back|did not answer in time/i
/**
 * The session, not the message: Herald's SessionMissing, WAHA's 404 (unknown, or "start it first"),
 * its 422 "Session status is not as expected" (not WORKING), a session that "does not exist".
 */
const SESSION =
  /cannot read sessionName|was deleted or logged out|start it first|session status is not as expected|session .{0,80}does not exist|session not found|"status"\s*:\s*"(STOPPED|STARTING|SCAN_QR_CODE|FAILED)"/i

/** Herald's own words when the owner's account is disabled (application/scheduler/checkOwnerMaySend.ts) */
const DISABLED = /this account was disabled by the administrator/i

/**
 * The kind of a stored failure reason. `status`: the message's, when known (an outcome-unknown or
 * missed message is that whatever its text says).
 */
export const failureKindOf = (reason: string | null | undefined, status?: StatusHint): FailureKind => {
  if (status === "OUTCOME_UNKNOWN") return "noAnswer"
  if (status === "MISSED") return "missed"
  const text = reason ?? ""
  // a campaign of several groups names the group first: "group Club B: missed"
  if (/(^|: )missed$/.test(text.trim())) return "missed"
  // missed because WhatsApp was limiting the number (Message.ts, MISSED_WHILE_LIMITED): a campaign says why
  if (/(^|: )missed: WhatsApp was limiting the number/.test(text)) return "refused"
  if (DISABLED.test(text)) return "disabled"
  const http = answeredStatus(text)
  if (NO_ANSWER.test(text) || http === 504) return "noAnswer"
  if (UNSUPPORTED.test(text)) return "other"
  if (GROUP.test(text) || GROUP_FORBIDDEN.test(text)) return "group"
  if (REFUSED.test(text) || http === 429) return "refused"
  if (SESSION.test(text) || http === 404 || http === 422) return "session"
  if (UNREACHABLE.test(text) || http === 401 || http === 502 || http === 503) return "unreachable"
  return "other"
}

export interface FailureWords {
  /** what happened, one sentence */
  readonly sentence: string
  /** what to do next, one sentence */
  readonly nextStep: string
}

/** One sentence and the next step per kind, for an organiser (no gateway, HTTP, JSON or timestamps). */
export const failureWords: Readonly<Record<FailureKind, FailureWords>> = {
  session: {
    sentence: "WhatsApp was not connected when the message was due: the phone may have been logged out or unlinked.",
    nextStep: "Open the WhatsApp page and connect again (scan the QR code), then send the message again."
  },
  group: {
    sentence: "WhatsApp could not deliver to the group: this number is no longer in it, or the group is gone.",
    nextStep: "Check on your phone that this number is still a member of the group, then send the message again."
  },
  refused: {
    sentence: "WhatsApp refused the message or is limiting this number, often after many messages in a short time.",
    nextStep:
      "Wait a few hours before sending again, and turn on pacing on the WhatsApp page so messages go out more slowly."
  },
  unreachable: {
    sentence: "Herald could not reach its WhatsApp connection, so the message was not sent.",
    nextStep: "Tell your Herald administrator; once the connection works again, send the message again."
  },
  noAnswer: {
    sentence:
      "The send started, but no answer came in time, so Herald cannot tell whether the message arrived in the group.",
    nextStep: "Check the group first: send it again only if the message is not there, or it will arrive twice."
  },
  missed: {
    sentence: "The message was not sent: Herald was not running, or not able to send, within 2 minutes of its time.",
    nextStep: "It is not sent later by itself: send it again if it is still useful."
  },
  disabled: {
    sentence: "The message was not sent: this account was disabled by the administrator.",
    nextStep:
      "Ask your Herald administrator to enable your account again; once they have, use Send again for the messages you still want sent."
  },
  other: {
    sentence: "WhatsApp did not accept the message.",
    nextStep: "Send it again; if it fails again, tell your Herald administrator and pass on the details."
  }
}

/**
 * The same kinds when a request to WhatsApp's connection fails while the user acts on the
 * WhatsApp page (status, QR code, restart, groups…): nothing was being sent, so the words are
 * about the connection. `missed` cannot happen there; it reads as `other`.
 */
export const actionFailureWords: Readonly<Record<FailureKind, FailureWords>> = {
  session: {
    sentence: "WhatsApp is not connected for this number right now.",
    nextStep: "Restart the connection, or log out and connect again with a new QR code; then try again."
  },
  group: {
    sentence: "WhatsApp could not find that group or chat for this number.",
    nextStep: "Check on your phone that this number is still a member of the group."
  },
  refused: {
    sentence: "WhatsApp refused the request or is limiting this number.",
    nextStep: "Wait a few hours before trying again."
  },
  unreachable: {
    sentence: "Herald could not reach its WhatsApp connection.",
    nextStep: "Try again in a few minutes; if it keeps failing, tell your Herald administrator."
  },
  noAnswer: {
    sentence: "Herald's WhatsApp connection did not answer in time.",
    nextStep: "Try again in a minute; if it keeps failing, tell your Herald administrator."
  },
  missed: {
    sentence: "Herald's WhatsApp connection could not do this.",
    nextStep: "Try again; if it fails again, tell your Herald administrator and pass on the details."
  },
  disabled: {
    sentence: "This account was disabled by the administrator.",
    nextStep: "Ask your Herald administrator to enable your account again."
  },
  other: {
    sentence: "Herald's WhatsApp connection could not do this.",
    nextStep: "Try again; if it fails again, tell your Herald administrator and pass on the details."
  }
}

/** What a failed copy was sent to: a group (or a contact), or a WhatsApp channel. */
export type FailedTargetKind = "group" | "channel"

/**
 * The group or channel a campaign's reason names (Campaign.ts: `group <name>: <reason>` when it
 * sends to several, `channel <name>: <reason>` for a channel's), or null: the shortest name
 * followed by the start of a reason Herald records.
 */
export const failedTargetOf = (
  reason: string | null | undefined
): { readonly kind: FailedTargetKind; readonly name: string } | null => {
  const m =
    /^(group|channel) (.+?): (?=failed to |cannot read |missed$|outcome unknown|outcome_unknown$|not sent: |the .+ attached to this message)/s.exec(
      reason ?? ""
    )
  const kind = m?.[1]
  const name = m?.[2]
  return name === undefined ? null : { kind: kind === "channel" ? "channel" : "group", name }
}

/**
 * Where a channel's failure reads differently from a group's: posting to a channel needs its owner
 * or an admin, not a member, and "check the group" is "check the channel".
 */
const channelFailureWords: Readonly<Partial<Record<FailureKind, FailureWords>>> = {
  group: {
    sentence:
      "WhatsApp could not post to the channel: this number is no longer an owner or admin of the channel, or the channel is gone.",
    nextStep: "Check on your phone that this number still owns or administers the channel, then send the message again."
  },
  noAnswer: {
    sentence:
      "The send started, but no answer came in time, so Herald cannot tell whether the message reached the channel.",
    nextStep: "Check the channel first: send it again only if the message is not there, or it will arrive twice."
  }
}

/** The sentence and next step of a send's failure to a group or to a channel. */
export const failureWordsFor = (kind: FailureKind, target: FailedTargetKind = "group"): FailureWords =>
  (target === "channel" ? channelFailureWords[kind] : undefined) ?? failureWords[kind]

/** Sentence and next step of a stored reason, in one go. */
export const failureExplained = (
  reason: string | null | undefined,
  status?: StatusHint,
  /** what the copy went to; absent: as the reason names it (a group unless it names a channel) */
  target?: FailedTargetKind
): FailureWords & { readonly kind: FailureKind } => {
  const kind = failureKindOf(reason, status)
  return { kind, ...failureWordsFor(kind, target ?? failedTargetOf(reason)?.kind ?? "group") }
}

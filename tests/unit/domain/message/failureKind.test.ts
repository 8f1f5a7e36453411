import { describe, expect, it } from "vitest"
import type { GatewayFailure } from "../../../../src/application/ports/GatewayPort.ts"
import { GatewayError } from "../../../../src/application/ports/GatewayPort.ts"
import type { FailureKind } from "../../../../src/domain/message/failureKind.ts"
import {
  actionFailureWords,
  FAILURE_KINDS,
  failedTargetOf,
  failureExplained,
  failureKindOf,
  failureWords,
  failureWordsFor
} from "../../../../src/domain/message/failureKind.ts"

// Reasons as Herald stores them (processMessage, sendMessage, WahaGateway, recoverExpiredClaims,
// recordMissedMessages, Campaign's "group <name>: …"), with WAHA's own words in the answers
// (fakeWahaRules.ts; waha#619 for Baileys' rate-overlimit; wa-js "Chat not found").
const table: ReadonlyArray<readonly [string, FailureKind]> = [
  // the session
  ["cannot read sessionName: session s-1 was deleted or logged out", "session"],
  [
    `failed to send message: gateway answered 422: {"message":"Session status is not as expected","status":"SCAN_QR_CODE","expected":["WORKING"]}`,
    "session"
  ],
  [
    `failed to send message: gateway answered 422: {"error":"Session status is not as expected. Try again later or restart the session","session":"herald_1","status":"FAILED","expected":["WORKING"]}`,
    "session"
  ],
  [
    `failed to send message: gateway answered 404: {"statusCode":404,"message":"We didn't find a session with name 'herald_1'. Please start it first by using POST /api/sessions/herald_1/start request","error":"Not Found"}`,
    "session"
  ],
  [`failed to send message: gateway answered 404: {"message":"Session \\"herald_1\\" does not exist"}`, "session"],
  ["failed to send message: gateway answered 404: Not Found", "session"],
  // the group
  [
    `failed to send message: gateway answered 400: {"statusCode":400,"message":"Chat not found","error":"Bad Request"}`,
    "group"
  ],
  [
    `group Club B: failed to send message: gateway answered 500: {"statusCode":500,"message":"Chat not found","error":"Internal Server Error"}`,
    "group"
  ],
  [
    `failed to send message: gateway answered 500: {"statusCode":500,"exception":{"message":"Chat not found for 1203@g.us","name":"Error"}}`,
    "group"
  ],
  [`failed to send message: gateway answered 500: {"exception":{"message":"item-not-found"}}`, "group"],
  [`failed to send poll: gateway answered 500: {"exception":{"message":"forbidden","data":403}}`, "group"],
  // WhatsApp refusing or limiting the number
  [
    `failed to send message: gateway answered 500: {"statusCode":500,"timestamp":"2026-07-20T15:27:41.024Z","exception":{"message":"2 UNKNOWN: server returned error 463","code":2}}`,
    "refused"
  ],
  [
    `failed to send message: gateway answered 500: {"statusCode":500,"exception":{"message":"rate-overlimit","data":429}}`,
    "refused"
  ],
  [`failed to send message: gateway answered 429: {"message":"Too Many Requests"}`, "refused"],
  [
    `failed to send message: gateway answered 500: {"exception":{"message":"Your account has been restricted"}}`,
    "refused"
  ],
  // the gateway could not be reached
  ["failed to send message: connect ECONNREFUSED 127.0.0.1:3000", "unreachable"],
  ["failed to send message: connect ECONNREFUSED [::1]:3000", "unreachable"],
  ["failed to send message: getaddrinfo ENOTFOUND waha.internal", "unreachable"],
  ["failed to send message: fetch failed", "unreachable"],
  [`failed to send message: gateway answered 401: {"message":"Unauthorized","statusCode":401}`, "unreachable"],
  ["failed to send message: gateway answered 502: <html>Bad Gateway</html>", "unreachable"],
  ["failed to send message: gateway answered 503", "unreachable"],
  // no answer in time: outcome unknown
  [
    "failed to send message: timed out after 30000 ms; outcome unknown: the gateway may still have sent it, so look in the group before sending it again",
    "noAnswer"
  ],
  [
    "outcome unknown: the send claimed at 2026-01-01T10:00:00.000Z never reported back; not resent to avoid a duplicate",
    "noAnswer"
  ],
  ["failed to send message: gateway answered 504: Gateway Time-out; outcome unknown: …", "noAnswer"],
  ["outcome_unknown", "noAnswer"],
  // missed
  ["missed", "missed"],
  ["group Club B: missed", "missed"],
  // missed while WhatsApp was limiting the number: the campaign says WhatsApp is limiting it
  ["missed: WhatsApp was limiting the number at its time", "refused"],
  ["group Club B: missed: WhatsApp was limiting the number at its time", "refused"],
  // the owner's account disabled (checkOwnerMaySend.ts)
  ["not sent: this account was disabled by the administrator", "disabled"],
  ["group Club B: not sent: this account was disabled by the administrator", "disabled"],
  // anything else
  [`failed to send message: gateway answered 500: {"message":"boom"}`, "other"],
  ["failed to send message: gateway answered 403: <html>403 Forbidden</html>", "other"],
  [
    `failed to send poll: gateway answered 501: {"statusCode":501,"message":"The method is not implemented by 'WEBJS' engine.","error":"Not Implemented"}`,
    "other"
  ],
  [
    `failed to send message: gateway answered 422: {"statusCode":422,"message":"\\"mentions\\":[\\"all\\"] can be used only in group chats, not in '123@c.us'","error":"Unprocessable Entity"}`,
    "other"
  ],
  [
    `failed to send image: gateway answered 422: {"message":"The feature is available only in Plus version for 'NOWEB' engine.","statusCode":422}`,
    "other"
  ],
  [
    `failed to send message: gateway answered 422: {"statusCode":422,"message":"WAHA Core support only 'default' session. You tried to access 'herald_1' session"}`,
    "other"
  ],
  ["the photo.png attached to this message is no longer stored (media m-1); attach it again to a new message", "other"],
  ["failed to send message: unexpected response shape: id: Invalid input", "other"],
  ["", "other"]
]

describe("failureKindOf (issue 22 item 1)", () => {
  it.each(table)("%s → %s", (reason, kind) => {
    expect(failureKindOf(reason)).toBe(kind)
  })

  it("takes the message's state first: outcome unknown and missed whatever the text", () => {
    expect(failureKindOf("failed to send message: gateway answered 500: boom", "OUTCOME_UNKNOWN")).toBe("noAnswer")
    expect(failureKindOf(null, "MISSED")).toBe("missed")
    expect(failureKindOf(undefined, "FAILED")).toBe("other")
  })

  it("explains a reason with its kind's sentence and next step", () => {
    const explained = failureExplained(
      `failed to send message: gateway answered 400: {"statusCode":400,"message":"Chat not found"}`
    )
    expect(explained).toEqual({ kind: "group", ...failureWords.group })
  })
})

describe("failureWords", () => {
  it.each(FAILURE_KINDS)("%s: a sentence and a next step for an organiser, no technical words", (kind) => {
    const { sentence, nextStep } = failureWords[kind]
    for (const text of [sentence, nextStep]) {
      expect(text).toMatch(/^[A-Z].*\.$/)
      expect(text).not.toMatch(/WAHA|HTTP|JSON|gateway|session|status|[{}"]|\d{4}-\d\d-\d\dT|\b[45]\d\d\b/i)
    }
  })
})

describe("GatewayError.kind: the same kinds for a structured gateway error (the WhatsApp page)", () => {
  const error = (reason: GatewayFailure, message: string, status?: number) =>
    new GatewayError({ reason, message, ...(status === undefined ? {} : { status }) })
  it.each([
    [error("Unreachable", "failed to get QR code: connect ECONNREFUSED 127.0.0.1:3000"), "unreachable"],
    [error("Unauthorized", "failed to get session status: gateway answered 401", 401), "unreachable"],
    [error("Timeout", "failed to get session status: timed out after 30000 ms"), "noAnswer"],
    [error("SessionNotFound", "failed to restart session: gateway answered 404", 404), "session"],
    [error("SessionNotRunning", "failed to list groups: gateway answered 404: … start it first", 404), "session"],
    [error("SessionNotReady", "failed to list groups: gateway answered 422", 422), "session"],
    [error("SessionAlreadyStarted", "failed to start session: gateway answered 422", 422), "other"],
    [error("FeatureUnsupported", "failed to send poll: gateway answered 501", 501), "other"],
    [error("BadResponse", `failed to list groups: gateway answered 400: {"message":"Chat not found"}`, 400), "group"],
    [error("BadResponse", "failed to list contacts: gateway answered 400: Enable NOWEB store", 400), "other"],
    [
      error(
        "ServerError",
        `failed to list groups: gateway answered 500: {"exception":{"message":"rate-overlimit"}}`,
        500
      ),
      "refused"
    ],
    [error("ServerError", "failed to get QR code: gateway answered 500: engine crashed", 500), "other"],
    [error("ServerError", "failed to get QR code: gateway answered 502", 502), "unreachable"],
    [error("ServerError", "failed to get QR code: gateway answered 504", 504), "other"]
  ] as const)("%s → %s", (gatewayError, kind) => {
    expect(gatewayError.kind).toBe(kind)
  })

  it.each(FAILURE_KINDS)("%s on the WhatsApp page: a sentence and a next step, no technical words", (kind) => {
    const { sentence, nextStep } = actionFailureWords[kind]
    for (const text of [sentence, nextStep]) {
      expect(text).toMatch(/^[A-Z].*\.$/)
      expect(text).not.toMatch(/WAHA|HTTP|JSON|gateway|status|[{}"]|\b[45]\d\d\b/i)
    }
  })
})

describe("failedTargetOf: the group or channel a campaign's reason names", () => {
  it.each([
    ["group Club B: failed to send message: gateway answered 400: Chat not found", "group", "Club B"],
    ["group Club B: missed", "group", "Club B"],
    ["group Club B: not sent: this account was disabled by the administrator", "group", "Club B"],
    ["group U15: Saturday: outcome unknown: the send claimed at … never reported back", "group", "U15: Saturday"],
    ["group 1203@g.us: cannot read sessionName: session s-1 was deleted or logged out", "group", "1203@g.us"],
    ["channel Club news: failed to send message: gateway answered 400: forbidden", "channel", "Club news"],
    ["channel Club news: missed", "channel", "Club news"]
  ] as const)("%s → %s %s", (reason, kind, name) => {
    expect(failedTargetOf(reason)).toEqual({ kind, name })
  })

  it.each(["failed to send message: connect ECONNREFUSED 127.0.0.1:3000", "missed", null])("%s → none", (reason) => {
    expect(failedTargetOf(reason)).toBeNull()
  })
})

describe("a channel's failure reads as a channel's", () => {
  it("not a member of a group: no longer an owner or admin of the channel", () => {
    const words = failureExplained("channel Club news: failed to send message: gateway answered 400: forbidden")
    expect(words.kind).toBe("group")
    expect(words.sentence).toBe(
      "WhatsApp could not post to the channel: this number is no longer an owner or admin of the channel, or the channel is gone."
    )
    expect(words.nextStep).not.toMatch(/member|group/)
  })

  it("no answer: check the channel first", () => {
    expect(failureWordsFor("noAnswer", "channel").nextStep).toMatch(/^Check the channel first/)
    expect(failureExplained("channel Club news: outcome unknown: never reported back").nextStep).toMatch(
      /^Check the channel first/
    )
    // a group's as before
    expect(failureExplained("group Club B: outcome unknown: never reported back").nextStep).toMatch(
      /^Check the group first/
    )
  })

  it("the other kinds read as a group's do", () => {
    for (const kind of FAILURE_KINDS.filter((k) => k !== "group" && k !== "noAnswer"))
      expect(failureWordsFor(kind, "channel")).toEqual(failureWordsFor(kind, "group"))
  })
})

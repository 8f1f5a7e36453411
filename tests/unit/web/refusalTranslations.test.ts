import { describe, expect, it } from "vitest"
import {
  ApiKeyLimitReached,
  ApiKeyNotFound,
  InvalidApiKey,
  TooManyBadApiKeys
} from "../../../src/application/apiKey/ApiKeyErrors.ts"
import {
  AccountDisabled,
  AccountRejected,
  EmailAlreadyRegistered,
  EmailNotVerified,
  InvalidCredentials,
  InvalidPreferences,
  InvalidResetToken,
  InvalidVerificationToken,
  ProtectedAccount,
  TooManySignInAttempts,
  UserNotFound,
  UserStatusConflict,
  VerificationPasswordMismatch
} from "../../../src/application/auth/AuthErrors.ts"
import {
  CAMPAIGN_CONFLICT_CODES,
  CampaignConflict,
  CampaignMessageNotFound,
  CampaignNotFound,
  CampaignQuotaExceeded,
  INVALID_CAMPAIGN_CODES,
  InvalidCampaign,
  MediaNotFound
} from "../../../src/application/campaign/CampaignErrors.ts"
import { GATEWAY_FEATURES } from "../../../src/application/campaign/gatewayRefusal.ts"
import { MediaQuotaExceeded, MediaTooLarge, UnsupportedMediaType } from "../../../src/application/media/uploadMedia.ts"
import { StoreUnavailable } from "../../../src/application/ports/StoreErrors.ts"
import {
  InvalidSessionPacing,
  MessagingSessionNotFound,
  SessionCreationFailed
} from "../../../src/application/session/SessionErrors.ts"
import {
  InvalidWebhookEndpoint,
  TooManyWebhookPings,
  WebhookEndpointLimitReached,
  WebhookEndpointNotFound
} from "../../../src/application/webhook/WebhookErrors.ts"
import { CSV_PROBLEM_CODES } from "../../../src/domain/campaign/messageCsv.ts"
import { MESSAGE_STATUSES } from "../../../src/domain/message/Message.ts"
import { APP_LANGUAGES } from "../../../src/domain/shared/languages.ts"
import { WEBHOOK_URL_PROBLEM_CODES } from "../../../src/domain/webhook/Webhook.ts"
import type { ErrorReader } from "../../../src/interfaces/web/refusalWords.ts"
import { REFUSAL_CATALOGS, refusalSentence, sentence } from "../../../src/interfaces/web/refusalWords.ts"
import { ERROR_TAGS, GATEWAY_REASONS } from "../../../src/interfaces/web/trpc.ts"
import { differences, flatten } from "../../support/catalogShape.ts"

// Fails when a refusal of the server has no sentence in one of the four languages
// (src/interfaces/web/refusalWords.ts): every code of every error the API answers renders in each,
// the catalogs hold the same keys, {{variables}} and plural forms as English, and none is unused.

/**
 * Refusals whose words stay the error's English `message` in every language, and why. A new tag
 * of the API (trpc.ts CODES) must be in SAMPLES or here.
 */
const ENGLISH_ONLY: Readonly<Record<string, string>> = {
  IdempotencyKeyReused: "an API caller's Idempotency-Key: the browser app sends none",
  IdempotentRequestInProgress: "an API caller's Idempotency-Key: the browser app sends none",
  IdempotentAnswerNotKept: "an API caller's Idempotency-Key: the browser app sends none"
}

const manyParams = {
  scheduledAt: Date.UTC(2026, 0, 5, 9),
  lastAt: Date.UTC(2026, 0, 5, 9),
  lateAt: Date.UTC(2026, 0, 5, 9),
  timeZone: "Europe/Berlin",
  zone: "Mars/Olympus",
  max: 1000,
  count: 3,
  groups: 2,
  copies: 6,
  position: 2,
  name: "نادي الكتاب",
  now: 2,
  value: "2026-13-01",
  feature: "polls",
  engine: "WPP",
  version: "2025.1.0",
  since: "2025.5.5",
  min: 2,
  option: "Pizza",
  fonts: "0, 1, 2",
  found: 4,
  gap: 30,
  jitter: 10,
  sure: 3,
  length: 5000
}

/** One instance of every refusal variant the API words, by its tag. */
const SAMPLES: Readonly<Record<string, ReadonlyArray<object>>> = {
  InvalidCredentials: [new InvalidCredentials()],
  TooManySignInAttempts: ([undefined, "signUps", "resetRequests", "linkTries"] as const).flatMap((tries) =>
    [30_000, 600_000].map(
      (retryAfterMs) => new TooManySignInAttempts(tries === undefined ? { retryAfterMs } : { retryAfterMs, tries })
    )
  ),
  EmailAlreadyRegistered: [new EmailAlreadyRegistered()],
  InvalidResetToken: [new InvalidResetToken()],
  InvalidVerificationToken: [new InvalidVerificationToken()],
  VerificationPasswordMismatch: [new VerificationPasswordMismatch()],
  EmailNotVerified: [new EmailNotVerified()],
  AccountDisabled: [new AccountDisabled({ admin: null }), new AccountDisabled({ admin: "admin@example.org" })],
  AccountRejected: [new AccountRejected({ admin: null }), new AccountRejected({ admin: "admin@example.org" })],
  ProtectedAccount: [new ProtectedAccount({ reason: "self" }), new ProtectedAccount({ reason: "adminEmail" })],
  UserStatusConflict: (["approve", "decline", "disable", "enable"] as const).flatMap((action) =>
    ["ACTIVE", "PENDING", "REJECTED", "DISABLED"].map(
      (status) => new UserStatusConflict({ userId: "u", status, action })
    )
  ),
  InvalidPreferences: [
    new InvalidPreferences({ field: "timeZone", value: "x" }),
    new InvalidPreferences({ field: "locale", value: "x" })
  ],
  UserNotFound: [new UserNotFound({ userId: "u" })],
  MessagingSessionNotFound: [new MessagingSessionNotFound()],
  CampaignNotFound: [new CampaignNotFound()],
  CampaignMessageNotFound: [new CampaignMessageNotFound()],
  MediaNotFound: [new MediaNotFound({})],
  InvalidCampaign: INVALID_CAMPAIGN_CODES.map(
    (code) =>
      new InvalidCampaign({
        message: "m",
        code,
        // a copy's message holds the original's refusal
        params: code === "copyMessage" ? { ...manyParams, reasonCode: "pastTime", copyPosition: 2 } : manyParams
      })
  ),
  CampaignConflict: CAMPAIGN_CONFLICT_CODES.flatMap((code) =>
    MESSAGE_STATUSES.map(
      (state) => new CampaignConflict({ message: "m", code, params: { state, name: "a.pdf", days: 7 } })
    )
  ),
  CampaignQuotaExceeded: (["campaigns", "messages", "both"] as const).map(
    (code) =>
      new CampaignQuotaExceeded({
        message: "m",
        code,
        params: { campaigns: 21, campaignLimit: 20, messages: 10_001, messageLimit: 10_000 }
      })
  ),
  InvalidApiKey: [
    new InvalidApiKey({ message: "m", field: "name" }),
    new InvalidApiKey({ message: "m", field: "expiresAt" })
  ],
  ApiKeyNotFound: [new ApiKeyNotFound({ id: "k" })],
  ApiKeyLimitReached: [new ApiKeyLimitReached()],
  TooManyBadApiKeys: [new TooManyBadApiKeys({ retryAfterMs: 1 }), new TooManyBadApiKeys({ retryAfterMs: 300_000 })],
  InvalidWebhookEndpoint: [
    new InvalidWebhookEndpoint({ message: "m", field: "events" }),
    ...WEBHOOK_URL_PROBLEM_CODES.map(
      (urlProblem) => new InvalidWebhookEndpoint({ message: "m", field: "url", urlProblem })
    )
  ],
  InvalidSessionPacing: (["pacingRange", "pacingJitterNeedsGap", "pacingTooLong"] as const).map(
    (code) => new InvalidSessionPacing({ message: "m", field: "minGapSeconds", code })
  ),
  WebhookEndpointNotFound: [new WebhookEndpointNotFound({ id: "w" })],
  WebhookEndpointLimitReached: [new WebhookEndpointLimitReached()],
  TooManyWebhookPings: [new TooManyWebhookPings({ retryAfterMs: 1 }), new TooManyWebhookPings({ retryAfterMs: 5_000 })],
  UnsupportedMediaType: [
    new UnsupportedMediaType({ detected: null }),
    new UnsupportedMediaType({ detected: "video/mp4" })
  ],
  MediaTooLarge: [new MediaTooLarge()],
  MediaQuotaExceeded: [new MediaQuotaExceeded()],
  StoreUnavailable: [new StoreUnavailable({ message: "connect ECONNREFUSED 127.0.0.1:27017" })],
  SessionCreationFailed: [
    new SessionCreationFailed({ cause: "c" }),
    new SessionCreationFailed({ cause: "c", hint: "upgrade" })
  ]
}

/** Sentences the API asks for by key, not through an error's tag and code (trpc.ts, the importCsv answer). */
const CSV_KEYS = [...CSV_PROBLEM_CODES, "dstGap", "dstTwice"].map((code) => `csv.${code}`)
const GATEWAY_KEYS = [...GATEWAY_REASONS, "Refused", "SessionNotReadyStatus"].map((reason) => `GatewayError.${reason}`)
const DIRECT_KEYS = [
  "withErrorId",
  "withHttp",
  "unexpected",
  "signInFirst",
  "awaitingApproval",
  "readOnlyKey",
  "adminsOnly",
  "notWithKey",
  "StoreUnavailable",
  // POST /api/media's own refusals (mediaRoutes.ts)
  "media.stalled",
  "media.tooManyUploads"
]
const DIRECT_PARAMS = {
  ...manyParams,
  written: "02:30",
  sent: "03:30",
  sessionStatus: "STARTING",
  limit: 20,
  text: "t",
  id: "i",
  status: "503"
}

const readers: ReadonlyArray<ErrorReader> = APP_LANGUAGES.map((language) => ({ language, locale: language }))

describe("the server's refusals in the reader's language", () => {
  it("cover every error the API answers: a sample of each, or a reason to stay English", () => {
    const uncovered = ERROR_TAGS.filter((tag) => SAMPLES[tag] === undefined && ENGLISH_ONLY[tag] === undefined)
    expect(uncovered).toEqual([])
  })

  it.each(readers)("every refusal, code and state has a sentence in $language", (reader) => {
    const missing: Array<string> = []
    for (const feature of GATEWAY_FEATURES)
      if (sentence(reader, `gatewayFeature.${feature}`) === null) missing.push(`gatewayFeature.${feature}`)
    for (const [tag, samples] of Object.entries(SAMPLES))
      for (const error of samples) {
        const text = refusalSentence(reader, error)
        const code = "code" in error ? String(error.code) : ""
        if (text === null || text.includes("{{")) missing.push(`${tag}.${code}`)
      }
    for (const key of [...CSV_KEYS, ...GATEWAY_KEYS, ...DIRECT_KEYS])
      if (sentence(reader, key, DIRECT_PARAMS) === null) missing.push(key)
    expect(missing).toEqual([])
  })

  it.each(APP_LANGUAGES.filter((language) => language !== "en"))(
    "%s has English's keys, {{variables}} and its own plural forms",
    (language) => {
      expect(differences(REFUSAL_CATALOGS.en, REFUSAL_CATALOGS[language], language)).toEqual([])
    }
  )

  // the browser app's own names for who runs Herald and for WAHA (i18n/locales/*.json), not other words for them
  it.each([
    ["de", /Administrat|Nachrichten-Gateway/],
    // a channel's own administrators are WhatsApp's, not Herald's
    ["es", /administrador(?!es pueden publicar)|pasarela de mensajes/],
    ["pt-BR", /administrador(?!es podem publicar)|gateway de mensagens/]
  ] as const)("names the administrator and the gateway as the app does in %s", (language, other) => {
    expect(Object.values(flatten(REFUSAL_CATALOGS[language])).filter((text) => other.test(text))).toEqual([])
  })

  it("holds no sentence nothing asks for", () => {
    const asked = new Set<string>()
    const englishReader: ErrorReader = { language: "en", locale: "en" }
    const keys = Object.keys(flatten(REFUSAL_CATALOGS.en)).map((key) => key.replace(/_(one|other)$/, ""))
    for (const samples of Object.values(SAMPLES))
      for (const error of samples) {
        const tag = "_tag" in error ? String(error._tag) : ""
        const code = "code" in error && typeof error.code === "string" ? `.${error.code}` : ""
        if (refusalSentence(englishReader, error) !== null) asked.add(`${tag}${code}`)
      }
    for (const status of MESSAGE_STATUSES) asked.add(`messageState.${status}`)
    for (const feature of GATEWAY_FEATURES) asked.add(`gatewayFeature.${feature}`)
    for (const status of ["ACTIVE", "PENDING", "REJECTED", "DISABLED"]) asked.add(`userStatus.${status}`)
    const states = REFUSAL_CATALOGS.en["sessionState"]
    for (const state of Object.keys(typeof states === "object" ? states : {})) asked.add(`sessionState.${state}`)
    for (const key of ["zone", ...CSV_KEYS, ...GATEWAY_KEYS, ...DIRECT_KEYS]) asked.add(key)
    expect([...new Set(keys)].filter((key) => !asked.has(key))).toEqual([])
  })
})

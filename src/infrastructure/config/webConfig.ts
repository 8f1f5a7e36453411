import { z } from "zod"
import type { CampaignQuotaShape } from "../../application/campaign/CampaignQuota.ts"
import { normalizeEmail } from "../../domain/user/User.ts"
import {
  allowPrivateTargets,
  httpUrl,
  parseEnvWithDatabaseUrl,
  positiveInt,
  quotaOf,
  quotaVariables,
  trustProxy,
  webhookSecret
} from "./env.ts"
import type { ConfigResult } from "./schedulerConfig.ts"

const required = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
const email = (name: string) => required(name).pipe(z.email({ error: `${name} must be an e-mail address` }))
const flag = (name: string, fallback: boolean) =>
  z
    .enum(["true", "false"], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "true"))

/**
 * The web application needs all eleven variables of README "Configuration"
 * (ADMIN_PHONE_NUMBER and PUBLIC_SHOW_FOOTER optional). PORT and REQUIRE_APPROVAL are
 * Herald's own; MAIL_API_URL (EU region, a relay) and MAIL_SMTP_URL (SMTP instead of the HTTP
 * API) choose how mail leaves; WEB_GATEWAY_TIMEOUT_MS and ALERT_INTERVAL_MS are optional tuning;
 * MAX_OPEN_CAMPAIGNS_PER_USER and MAX_PENDING_MESSAGES_PER_USER bound what one user schedules.
 */
const WebEnv = z
  .object({
    DATABASE_URL: required("DATABASE_URL"),
    GATEWAY_API_URL: httpUrl("GATEWAY_API_URL"),
    GATEWAY_API_KEY: required("GATEWAY_API_KEY"),
    AUTH_SECRET: required("AUTH_SECRET").refine(
      (v) => v.length >= 32,
      "AUTH_SECRET must be at least 32 characters (make one with: openssl rand -base64 32)"
    ),
    AUTH_URL: httpUrl("AUTH_URL"),
    MAIL_API_KEY: required("MAIL_API_KEY").refine(
      (v) => v.startsWith("key-"),
      "MAIL_API_KEY must start with key- (the provider's private API key)"
    ),
    MAIL_DOMAIN: required("MAIL_DOMAIN").refine(
      (v) => /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(v),
      "MAIL_DOMAIN must be a domain name such as mg.example.com"
    ),
    FROM_EMAIL: email("FROM_EMAIL"),
    ADMIN_EMAIL: email("ADMIN_EMAIL"),
    ADMIN_PHONE_NUMBER: z
      .string()
      .regex(
        /^\+[1-9]\d{6,14}$/,
        "ADMIN_PHONE_NUMBER must be + and the country code and number, digits only (e.g. +15551234567)"
      )
      .optional(),
    PUBLIC_SHOW_FOOTER: z
      .string()
      .optional()
      .transform((v) => v !== "false"),
    PORT: positiveInt("PORT", 1).max(65_535, "PORT must be at most 65535").default(8080),
    REQUIRE_APPROVAL: flag("REQUIRE_APPROVAL", true),
    WEB_GATEWAY_TIMEOUT_MS: positiveInt("WEB_GATEWAY_TIMEOUT_MS", 100).default(15_000),
    MAIL_API_URL: httpUrl("MAIL_API_URL").optional(),
    MAIL_SMTP_URL: z
      .string()
      .refine(
        (v) => /^smtps?:\/\/[^/\s]+/.test(v) && URL.canParse(v),
        "MAIL_SMTP_URL must be smtp://user:password@host:port or smtps://…, user and password URL-encoded"
      )
      .optional(),
    ALERT_INTERVAL_MS: positiveInt("ALERT_INTERVAL_MS", 1_000).default(30_000),
    TRUST_PROXY: trustProxy,
    GATEWAY_WEBHOOK_SECRET: webhookSecret,
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: allowPrivateTargets,
    ...quotaVariables
  })
  .superRefine((env, ctx) => {
    const domain = env.FROM_EMAIL.split("@")[1]?.toLowerCase()
    if (domain !== undefined && domain !== env.MAIL_DOMAIN.toLowerCase()) {
      ctx.addIssue({ code: "custom", path: ["FROM_EMAIL"], message: "FROM_EMAIL must be an address at MAIL_DOMAIN" })
    }
  })

export interface WebConfig {
  readonly databaseUrl: string
  readonly databaseUrlRedacted: string
  readonly gatewayUrl: string
  readonly gatewayApiKey: string
  readonly gatewayTimeoutMs: number
  readonly authSecret: string
  readonly authUrl: string
  readonly mailApiKey: string
  readonly mailDomain: string
  readonly fromEmail: string
  readonly adminEmail: string
  readonly adminPhoneNumber: string | null
  readonly showFooter: boolean
  readonly port: number
  readonly requireApproval: boolean
  /** how mail leaves: the provider's HTTP API (default Mailgun's, or MAIL_API_URL), or SMTP when MAIL_SMTP_URL is set */
  readonly mail:
    | { readonly kind: "api"; readonly baseUrl: string | null }
    | { readonly kind: "smtp"; readonly url: string }
  /** how often the web process looks for failed campaigns to tell the admin about */
  readonly alertIntervalMs: number
  /** TRUST_PROXY: proxies in front that append to X-Forwarded-For (0: the header is ignored) */
  readonly trustProxy: number
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS: outgoing webhooks may call private addresses and plain http */
  readonly webhooksAllowPrivateTargets: boolean
  /** per-user limits of campaign.create */
  readonly quota: CampaignQuotaShape
  /** GATEWAY_WEBHOOK_SECRET: WAHA signs its webhooks with it; null: no webhooks (no delivery receipts) */
  readonly webhookSecret: string | null
}

export const loadWebConfig = (env: Record<string, string | undefined>): ConfigResult<WebConfig> => {
  const parsed = parseEnvWithDatabaseUrl(WebEnv, env)
  if (!parsed.ok) return parsed
  const e = parsed.env
  return {
    ok: true,
    config: {
      databaseUrl: parsed.database.url,
      databaseUrlRedacted: parsed.database.redacted,
      gatewayUrl: e.GATEWAY_API_URL,
      gatewayApiKey: e.GATEWAY_API_KEY,
      gatewayTimeoutMs: e.WEB_GATEWAY_TIMEOUT_MS,
      authSecret: e.AUTH_SECRET,
      authUrl: e.AUTH_URL,
      mailApiKey: e.MAIL_API_KEY,
      mailDomain: e.MAIL_DOMAIN,
      fromEmail: e.FROM_EMAIL,
      adminEmail: normalizeEmail(e.ADMIN_EMAIL),
      adminPhoneNumber: e.ADMIN_PHONE_NUMBER ?? null,
      showFooter: e.PUBLIC_SHOW_FOOTER,
      port: e.PORT,
      requireApproval: e.REQUIRE_APPROVAL,
      mail:
        e.MAIL_SMTP_URL !== undefined
          ? { kind: "smtp", url: e.MAIL_SMTP_URL }
          : { kind: "api", baseUrl: e.MAIL_API_URL ?? null },
      alertIntervalMs: e.ALERT_INTERVAL_MS,
      trustProxy: e.TRUST_PROXY,
      webhooksAllowPrivateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
      quota: quotaOf(e),
      webhookSecret: e.GATEWAY_WEBHOOK_SECRET
    }
  }
}

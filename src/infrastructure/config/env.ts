import { z } from "zod"
import type { CampaignQuotaShape } from "../../application/campaign/CampaignQuota.ts"
import { DEFAULT_CAMPAIGN_QUOTA } from "../../application/campaign/CampaignQuota.ts"
import { parseDatabaseUrl } from "../mongo/DatabaseUrl.ts"

/** "problem and how to fix it" lines from a zod error, naming variables, never their values. */
export const describeProblems = (error: z.ZodError): Array<string> =>
  error.issues.map((issue) => {
    const name = issue.path.join(".") || "environment"
    return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`
  })

export const httpUrl = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .superRefine((value, ctx) => {
      if (!/^https?:\/\/[^/\s]+/.test(value)) {
        ctx.addIssue({ code: "custom", message: `${name} must start with http:// or https:// and name a host` })
      } else if (!URL.canParse(value)) {
        ctx.addIssue({ code: "custom", message: `${name} is not a valid URL` })
      }
      if (value.endsWith("/")) ctx.addIssue({ code: "custom", message: `${name} must not end with a slash` })
    })

export const positiveInt = (name: string, min: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)

/**
 * TRUST_PROXY: how many proxies in front of the web application append to X-Forwarded-For
 * (0, the default: none, and the header is ignored).
 */
export const trustProxy = z
  .string()
  .regex(
    /^\d{1,2}$/,
    "TRUST_PROXY must be the number of proxies in front of Herald that append to X-Forwarded-For (0, 1, 2, …; 0 or unset: none)"
  )
  .transform(Number)
  .optional()
  .transform((v) => v ?? 0)

/**
 * GATEWAY_WEBHOOK_SECRET: the key WAHA signs its webhooks with (web and standalone). Unset: no
 * webhook is registered on new sessions and /api/webhooks/waha refuses every call.
 */
export const webhookSecret = z
  .string()
  .refine(
    (v) => v.length >= 32,
    "GATEWAY_WEBHOOK_SECRET must be at least 32 characters (make one with: openssl rand -hex 32), or unset to go without delivery receipts"
  )
  .optional()
  .transform((v) => v ?? null)

/** The per-user quota of campaign.create (CampaignQuota), for the web and standalone schemas. */
export const quotaVariables = {
  MAX_OPEN_CAMPAIGNS_PER_USER: positiveInt("MAX_OPEN_CAMPAIGNS_PER_USER", 1).default(
    DEFAULT_CAMPAIGN_QUOTA.maxOpenCampaigns
  ),
  MAX_PENDING_MESSAGES_PER_USER: positiveInt("MAX_PENDING_MESSAGES_PER_USER", 1).default(
    DEFAULT_CAMPAIGN_QUOTA.maxPendingMessages
  )
}

export const quotaOf = (env: {
  readonly MAX_OPEN_CAMPAIGNS_PER_USER: number
  readonly MAX_PENDING_MESSAGES_PER_USER: number
}): CampaignQuotaShape => ({
  maxOpenCampaigns: env.MAX_OPEN_CAMPAIGNS_PER_USER,
  maxPendingMessages: env.MAX_PENDING_MESSAGES_PER_USER
})

type Parsed<T, D> =
  | { readonly ok: true; readonly env: T; readonly database: D }
  | { readonly ok: false; readonly problems: ReadonlyArray<string> }

/**
 * Parses a process's variables: empty values count as unset (as in most .env tooling), and a
 * DATABASE_URL that is set gets its own checks (URL-encoding, redaction). Every problem at
 * once, no values. `database` is null when DATABASE_URL is unset.
 */
export const parseEnv = <T>(
  schema: z.ZodType<T>,
  env: Record<string, string | undefined>
): Parsed<T, { readonly url: string; readonly redacted: string } | null> => {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""))
  const parsed = schema.safeParse(present)
  const problems = parsed.success ? [] : describeProblems(parsed.error)
  const db = present.DATABASE_URL === undefined ? null : parseDatabaseUrl(present.DATABASE_URL)
  if (db && !db.ok) problems.push(...db.problems.map((p) => `DATABASE_URL: ${p}`))
  if (!parsed.success || (db && !db.ok) || problems.length > 0) return { ok: false, problems }
  return { ok: true, env: parsed.data, database: db === null ? null : { url: db.url, redacted: db.redacted } }
}

/** parseEnv for a process that cannot run without DATABASE_URL (its schema requires it). */
export const parseEnvWithDatabaseUrl = <T>(
  schema: z.ZodType<T>,
  env: Record<string, string | undefined>
): Parsed<T, { readonly url: string; readonly redacted: string }> => {
  const parsed = parseEnv(schema, env)
  if (!parsed.ok) return parsed
  if (parsed.database === null) return { ok: false, problems: ["DATABASE_URL is required"] }
  return { ok: true, env: parsed.env, database: parsed.database }
}

/**
 * WEBHOOKS_ALLOW_PRIVATE_TARGETS: outgoing webhooks may call loopback, private and link-local
 * addresses, and plain http (a receiver on the same machine or network). Off unless "true":
 * otherwise an account could make Herald call into its own network (docs/security.md#outgoing-webhooks).
 */
export const allowPrivateTargets = z
  .enum(["true", "false"], { error: "WEBHOOKS_ALLOW_PRIVATE_TARGETS must be true or false" })
  .optional()
  .transform((v) => v === "true")

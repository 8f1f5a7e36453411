import { randomBytes } from "node:crypto"
import { readFileSync, statSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { z } from "zod"
import type { CampaignQuotaShape } from "../../application/campaign/CampaignQuota.ts"
import { normalizeEmail } from "../../domain/user/User.ts"
import { makeOwnerOnlyFolder, restrictToOwner, writeOwnerOnlyFile } from "../fs/ownerOnly.ts"
import {
  allowPrivateTargets,
  httpUrl,
  parseEnv,
  positiveInt,
  quotaOf,
  quotaVariables,
  trustProxy,
  webhookSecret
} from "./env.ts"
import type { ConfigResult } from "./schedulerConfig.ts"

/**
 * `npm start`: web and scheduler in one process with no configuration at all (docs/architecture.md#processes-and-configuration).
 * Every variable is optional; each one that is set switches its part to the real thing:
 * DATABASE_URL → MongoDB (else SQLite under the data folder), GATEWAY_API_URL + GATEWAY_API_KEY
 * → WAHA (else the sandbox gateway), MAIL_SMTP_URL or MAIL_API_KEY + MAIL_DOMAIN + FROM_EMAIL →
 * real mail (else files under the data folder).
 */
const Env = z
  .object({
    HERALD_DATA_DIR: z.string().default("./data"),
    PORT: positiveInt("PORT", 1).max(65_535, "PORT must be at most 65535").default(8080),
    // localhost only by default: the first account made becomes the admin
    HOST: z.string().min(1).default("127.0.0.1"),
    AUTH_URL: httpUrl("AUTH_URL").optional(),
    AUTH_SECRET: z
      .string()
      .refine(
        (v) => v.length >= 32,
        "AUTH_SECRET must be at least 32 characters (or unset: one is generated and kept in the data folder)"
      )
      .optional(),
    DATABASE_URL: z.string().optional(),
    GATEWAY_API_URL: httpUrl("GATEWAY_API_URL").optional(),
    GATEWAY_API_KEY: z.string().optional(),
    MAIL_API_KEY: z
      .string()
      .refine((v) => v.startsWith("key-"), "MAIL_API_KEY must start with key-")
      .optional(),
    MAIL_DOMAIN: z.string().optional(),
    MAIL_API_URL: httpUrl("MAIL_API_URL").optional(),
    MAIL_SMTP_URL: z
      .string()
      .refine(
        (v) => /^smtps?:\/\/[^/\s]+/.test(v) && URL.canParse(v),
        "MAIL_SMTP_URL must be smtp://user:password@host:port or smtps://…"
      )
      .optional(),
    FROM_EMAIL: z.email({ error: "FROM_EMAIL must be an e-mail address" }).optional(),
    ADMIN_EMAIL: z.email({ error: "ADMIN_EMAIL must be an e-mail address" }).optional(),
    ADMIN_PHONE_NUMBER: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "ADMIN_PHONE_NUMBER must be + and the country code and number, digits only")
      .optional(),
    PUBLIC_SHOW_FOOTER: z
      .string()
      .optional()
      .transform((v) => v !== "false"),
    REQUIRE_APPROVAL: z
      .enum(["true", "false"], { error: "REQUIRE_APPROVAL must be true or false" })
      .optional()
      .transform((v) => v !== "false"),
    SANDBOX_CONNECT_AFTER_MS: positiveInt("SANDBOX_CONNECT_AFTER_MS", 0).default(5_000),
    SCHEDULER_POLL_INTERVAL_MS: positiveInt("SCHEDULER_POLL_INTERVAL_MS", 100).default(30_000),
    SCHEDULER_LEASE_MS: positiveInt("SCHEDULER_LEASE_MS", 1_000).default(5 * 60_000),
    SCHEDULER_SEND_TIMEOUT_MS: positiveInt("SCHEDULER_SEND_TIMEOUT_MS", 100).default(30_000),
    SCHEDULER_SESSION_CONCURRENCY: positiveInt("SCHEDULER_SESSION_CONCURRENCY", 1).default(100),
    ALERT_INTERVAL_MS: positiveInt("ALERT_INTERVAL_MS", 1_000).default(30_000),
    TRUST_PROXY: trustProxy,
    GATEWAY_WEBHOOK_SECRET: webhookSecret,
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: allowPrivateTargets,
    ...quotaVariables
  })
  .superRefine((e, ctx) => {
    if ((e.GATEWAY_API_URL === undefined) !== (e.GATEWAY_API_KEY === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["GATEWAY_API_KEY"],
        message:
          "GATEWAY_API_URL and GATEWAY_API_KEY go together: set both for WAHA, or neither for the sandbox gateway"
      })
    }
    const api = [e.MAIL_API_KEY, e.MAIL_DOMAIN].filter((v) => v !== undefined).length
    if (api === 1)
      ctx.addIssue({ code: "custom", path: ["MAIL_DOMAIN"], message: "MAIL_API_KEY and MAIL_DOMAIN go together" })
    const realMail = api === 2 || e.MAIL_SMTP_URL !== undefined
    if (realMail && e.FROM_EMAIL === undefined)
      ctx.addIssue({ code: "custom", path: ["FROM_EMAIL"], message: "FROM_EMAIL is required to send real mail" })
    if (realMail && e.ADMIN_EMAIL === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_EMAIL"],
        message: "ADMIN_EMAIL is required to send real mail (admin notices need an address)"
      })
    if (
      api === 2 &&
      e.FROM_EMAIL !== undefined &&
      e.FROM_EMAIL.split("@")[1]?.toLowerCase() !== e.MAIL_DOMAIN?.toLowerCase()
    ) {
      ctx.addIssue({ code: "custom", path: ["FROM_EMAIL"], message: "FROM_EMAIL must be an address at MAIL_DOMAIN" })
    }
  })

export interface StandaloneConfig {
  readonly dataDir: string
  readonly port: number
  /** the address to listen on (HOST; default 127.0.0.1) */
  readonly host: string
  readonly authUrl: string
  /**
   * The origins mutations are accepted from (CSRF): AUTH_URL's when it is set; else this port
   * on every loopback name, as a browser may be pointed at any of them.
   */
  readonly allowedOrigins: ReadonlyArray<string>
  readonly authSecret: { readonly value: string; readonly generatedIn: string | null }
  readonly store:
    | { readonly kind: "sqlite"; readonly path: string }
    | { readonly kind: "mongo"; readonly url: string; readonly redacted: string }
  readonly gateway:
    | { readonly kind: "sandbox"; readonly dir: string; readonly connectAfterMs: number }
    | { readonly kind: "waha"; readonly url: string; readonly apiKey: string }
  readonly mail:
    | { readonly kind: "files"; readonly dir: string }
    | { readonly kind: "api"; readonly apiKey: string; readonly domain: string; readonly baseUrl: string | null }
    | { readonly kind: "smtp"; readonly url: string }
  readonly fromEmail: string
  readonly adminEmail: string | null
  readonly adminPhoneNumber: string | null
  readonly showFooter: boolean
  readonly requireApproval: boolean
  readonly pollIntervalMs: number
  readonly leaseMs: number
  readonly sendTimeoutMs: number
  readonly sessionConcurrency: number
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

const secretFile = (dataDir: string) => join(dataDir, "auth-secret")

/** The AUTH_SECRET kept in the data folder (made on first start, readable only by its owner). */
const keptSecret = (dataDir: string): { value: string; generatedIn: string } => {
  const file = secretFile(dataDir)
  try {
    const value = readFileSync(file, "utf8").trim()
    if (value.length >= 32) return { value, generatedIn: file }
  } catch {
    /* first start */
  }
  const value = randomBytes(48).toString("base64")
  writeOwnerOnlyFile(file, `${value}\n`, "w")
  return { value, generatedIn: file }
}

/**
 * Password hashes (the event log), reset links (mail files), the AUTH_SECRET: the data folder is
 * its owner's only (0700) whatever it was, and so is the secret kept there (0600). The store, the
 * mail and the sandbox do the same for their own files. Files Herald does not know are left alone
 * (HERALD_DATA_DIR might name a folder that holds other things), and a folder that is shared by
 * design (the root, or sticky like /tmp) is refused, never closed to the others (Herald may run as
 * root). Null when done, else the problem.
 */
const makeDataFolderPrivate = (dataDir: string): string | null => {
  try {
    const mode = statSync(dataDir, { throwIfNoEntry: false })?.mode
    if (dirname(dataDir) === dataDir || (mode !== undefined && (mode & 0o1000) !== 0)) {
      return `HERALD_DATA_DIR ${dataDir} is a shared folder (the file system root, or sticky like /tmp): give Herald a folder of its own, e.g. ./data`
    }
    makeOwnerOnlyFolder(dataDir)
    restrictToOwner(secretFile(dataDir))
    return null
  } catch (error) {
    return `HERALD_DATA_DIR ${dataDir} cannot be made readable by its owner only (${error instanceof Error ? error.message : String(error)}): choose a folder this account owns`
  }
}

export const loadStandaloneConfig = (env: Record<string, string | undefined>): ConfigResult<StandaloneConfig> => {
  const parsed = parseEnv(Env, env)
  if (!parsed.ok) return parsed
  const e = parsed.env
  const db = parsed.database
  const dataDir = resolve(e.HERALD_DATA_DIR)
  const folderProblem = makeDataFolderPrivate(dataDir)
  if (folderProblem !== null) return { ok: false, problems: [folderProblem] }
  return {
    ok: true,
    config: {
      dataDir,
      port: e.PORT,
      host: e.HOST,
      authUrl: e.AUTH_URL ?? `http://localhost:${e.PORT}`,
      allowedOrigins:
        e.AUTH_URL !== undefined
          ? [new URL(e.AUTH_URL).origin]
          : ["localhost", "127.0.0.1", "[::1]"].map((name) => `http://${name}:${e.PORT}`),
      authSecret: e.AUTH_SECRET !== undefined ? { value: e.AUTH_SECRET, generatedIn: null } : keptSecret(dataDir),
      store:
        db !== null
          ? { kind: "mongo", url: db.url, redacted: db.redacted }
          : { kind: "sqlite", path: join(dataDir, "herald.db") },
      gateway:
        e.GATEWAY_API_URL !== undefined && e.GATEWAY_API_KEY !== undefined
          ? { kind: "waha", url: e.GATEWAY_API_URL, apiKey: e.GATEWAY_API_KEY }
          : { kind: "sandbox", dir: join(dataDir, "sandbox"), connectAfterMs: e.SANDBOX_CONNECT_AFTER_MS },
      mail:
        e.MAIL_SMTP_URL !== undefined
          ? { kind: "smtp", url: e.MAIL_SMTP_URL }
          : e.MAIL_API_KEY !== undefined && e.MAIL_DOMAIN !== undefined
            ? { kind: "api", apiKey: e.MAIL_API_KEY, domain: e.MAIL_DOMAIN, baseUrl: e.MAIL_API_URL ?? null }
            : { kind: "files", dir: join(dataDir, "mail") },
      fromEmail: e.FROM_EMAIL ?? "herald@localhost",
      adminEmail: e.ADMIN_EMAIL === undefined ? null : normalizeEmail(e.ADMIN_EMAIL),
      adminPhoneNumber: e.ADMIN_PHONE_NUMBER ?? null,
      showFooter: e.PUBLIC_SHOW_FOOTER,
      requireApproval: e.REQUIRE_APPROVAL,
      pollIntervalMs: e.SCHEDULER_POLL_INTERVAL_MS,
      leaseMs: e.SCHEDULER_LEASE_MS,
      sendTimeoutMs: e.SCHEDULER_SEND_TIMEOUT_MS,
      sessionConcurrency: e.SCHEDULER_SESSION_CONCURRENCY,
      alertIntervalMs: e.ALERT_INTERVAL_MS,
      trustProxy: e.TRUST_PROXY,
      webhooksAllowPrivateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
      quota: quotaOf(e),
      webhookSecret: e.GATEWAY_WEBHOOK_SECRET
    }
  }
}

import { z } from "zod"
import { httpUrl, parseEnvWithDatabaseUrl, positiveInt } from "./env.ts"

/**
 * The scheduler needs DATABASE_URL, GATEWAY_API_URL and
 * GATEWAY_API_KEY only (README "Configuration"). The SCHEDULER_* variables are optional tuning.
 */
const SchedulerEnv = z.object({
  DATABASE_URL: z.string({ error: "DATABASE_URL is required" }).min(1, "DATABASE_URL is required"),
  GATEWAY_API_URL: httpUrl("GATEWAY_API_URL"),
  GATEWAY_API_KEY: z.string({ error: "GATEWAY_API_KEY is required" }).min(1, "GATEWAY_API_KEY is required"),
  SCHEDULER_POLL_INTERVAL_MS: positiveInt("SCHEDULER_POLL_INTERVAL_MS", 100).default(30_000),
  SCHEDULER_LEASE_MS: positiveInt("SCHEDULER_LEASE_MS", 1_000).default(5 * 60_000),
  SCHEDULER_SEND_TIMEOUT_MS: positiveInt("SCHEDULER_SEND_TIMEOUT_MS", 100).default(30_000),
  SCHEDULER_SESSION_CONCURRENCY: positiveInt("SCHEDULER_SESSION_CONCURRENCY", 1).default(100),
  SCHEDULER_DATABASE_TIMEOUT_MS: positiveInt("SCHEDULER_DATABASE_TIMEOUT_MS", 100).default(30_000)
})

export interface SchedulerConfig {
  readonly databaseUrl: string
  /** DATABASE_URL with its credentials masked, for logs */
  readonly databaseUrlRedacted: string
  readonly gatewayUrl: string
  readonly gatewayApiKey: string
  readonly pollIntervalMs: number
  readonly leaseMs: number
  readonly sendTimeoutMs: number
  readonly sessionConcurrency: number
  /** how long one database operation may take (answer, or wait for the connection) before it fails */
  readonly databaseTimeoutMs: number
}

export type ConfigResult<C> =
  | { readonly ok: true; readonly config: C }
  | { readonly ok: false; readonly problems: ReadonlyArray<string> }

export const loadSchedulerConfig = (env: Record<string, string | undefined>): ConfigResult<SchedulerConfig> => {
  const parsed = parseEnvWithDatabaseUrl(SchedulerEnv, env)
  if (!parsed.ok) return parsed
  const e = parsed.env
  return {
    ok: true,
    config: {
      databaseUrl: parsed.database.url,
      databaseUrlRedacted: parsed.database.redacted,
      gatewayUrl: e.GATEWAY_API_URL,
      gatewayApiKey: e.GATEWAY_API_KEY,
      pollIntervalMs: e.SCHEDULER_POLL_INTERVAL_MS,
      leaseMs: e.SCHEDULER_LEASE_MS,
      sendTimeoutMs: e.SCHEDULER_SEND_TIMEOUT_MS,
      sessionConcurrency: e.SCHEDULER_SESSION_CONCURRENCY,
      databaseTimeoutMs: e.SCHEDULER_DATABASE_TIMEOUT_MS
    }
  }
}

export const formatConfigProblems = (process: string, problems: ReadonlyArray<string>): string =>
  [`Herald ${process} cannot start: fix these settings (see .env.example):`, ...problems.map((p) => `  - ${p}`)].join(
    "\n"
  )

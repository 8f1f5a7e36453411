import { z } from "zod"
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
 * Parses a process's variables: empty values count as unset (as in most .env tooling), and
 * DATABASE_URL gets its own checks (URL-encoding, redaction). Every problem at once, no values.
 */
export const parseEnvWithDatabaseUrl = <T extends { readonly DATABASE_URL: string }>(
  schema: z.ZodType<T>,
  env: Record<string, string | undefined>
): { readonly ok: true; readonly env: T; readonly databaseUrl: string; readonly databaseUrlRedacted: string } | { readonly ok: false; readonly problems: ReadonlyArray<string> } => {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""))
  const parsed = schema.safeParse(present)
  const problems = parsed.success ? [] : describeProblems(parsed.error)
  const db = present.DATABASE_URL === undefined ? null : parseDatabaseUrl(present.DATABASE_URL)
  if (db && !db.ok) problems.push(...db.problems.map((p) => `DATABASE_URL: ${p}`))
  if (!parsed.success || !db || !db.ok || problems.length > 0) return { ok: false, problems }
  return { ok: true, env: parsed.data, databaseUrl: db.url, databaseUrlRedacted: db.redacted }
}

import { z } from "zod"

/** "problem and how to fix it" lines from a zod error, naming variables, never their values. */
export const describeProblems = (error: z.ZodError): Array<string> =>
  error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`)

export const httpUrl = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .refine((v) => /^https?:\/\/[^/\s]+/.test(v), `${name} must start with http:// or https:// and name a host`)
    .refine((v) => !v.endsWith("/"), `${name} must not end with a slash`)
    .refine((v) => URL.canParse(v), `${name} is not a valid URL`)

export const positiveInt = (name: string, min: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)

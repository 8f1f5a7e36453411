import { z } from "zod"

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

// The account screens' checks made in the browser, before anything is sent: pure, unit-tested
// (tests/unit/browser/accountForms.test.ts). The server checks again; these only spare a round trip.

import i18next from "i18next"

/** The server's minimum (auth.signUp, auth.resetPassword). */
export const MIN_PASSWORD_LENGTH = 8

export type Problems<K extends string> = Partial<Record<K, string>>

export const hasProblems = (problems: Problems<string>): boolean => Object.values(problems).some((p) => p !== undefined)

const passwordProblem = (password: string): string | undefined =>
  password.length === 0
    ? i18next.t("accountForms.choosePassword")
    : password.length < MIN_PASSWORD_LENGTH
      ? i18next.t("accountForms.passwordTooShort", { min: MIN_PASSWORD_LENGTH, length: password.length })
      : undefined

/** A new password typed twice (reset): too short, or the two differ. */
export const newPasswordProblems = (password: string, repeat: string): Problems<"password" | "repeat"> => {
  const problems: Problems<"password" | "repeat"> = {}
  const p = passwordProblem(password)
  if (p !== undefined) problems.password = p
  if (repeat.length === 0) problems.repeat = i18next.t("accountForms.typeAgain")
  else if (repeat !== password) problems.repeat = i18next.t("accountForms.passwordsDiffer")
  return problems
}

/** Sign-up: what is missing or too short. The address's form is left to the server. */
export const signUpProblems = (input: {
  readonly name: string
  readonly email: string
  readonly password: string
}): Problems<"name" | "email" | "password"> => {
  const problems: Problems<"name" | "email" | "password"> = {}
  if (input.name.trim().length === 0) problems.name = i18next.t("accountForms.tellName")
  if (input.email.trim().length === 0) problems.email = i18next.t("accountForms.enterEmail")
  const p = passwordProblem(input.password)
  if (p !== undefined) problems.password = p
  return problems
}

/** The server's messages are lower-case fragments ("wrong e-mail or password"): shown as a sentence. */
export const sentence = (text: string): string => {
  const trimmed = text.trim()
  if (trimmed.length === 0) return trimmed
  const first = trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
  return /[.!?)]$/.test(first) ? first : `${first}.`
}

/** Where a finished sign-up leads: confirm the address by mail, wait for the admin, or into the app. */
export const afterSignUp = (result: {
  readonly user: { readonly status: string } | null
  readonly verificationSent: boolean
}): "check-mailbox" | "pending" | "app" =>
  result.verificationSent || result.user === null
    ? "check-mailbox"
    : result.user.status === "ACTIVE"
      ? "app"
      : "pending"

/** The one-time token of a mailed link (`?token=…`), or null when it is missing or blank. */
export const tokenFrom = (search: string): string | null => {
  const token = new URLSearchParams(search).get("token")?.trim() ?? ""
  return token.length === 0 ? null : token
}

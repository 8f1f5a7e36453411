import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useRef, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Link, useLocation, useSearch } from "wouter"
import type { Problems } from "../accountForms.ts"
import { hasProblems, MIN_PASSWORD_LENGTH, newPasswordProblems, tokenFrom } from "../accountForms.ts"
import { useSetSignedInUser } from "../session.tsx"
import { errorCode, fieldErrors, useTRPC } from "../trpc.ts"
import { AccountPanel, ErrorAlert, useFocusFirstInvalid } from "../ui/account.tsx"
import { Alert, Button, linkLook, TextField } from "../ui/kit.tsx"

const AskAgain = () => (
  <Trans i18nKey="reset.askAgain" components={{ ask: <Link href="/forgot-password" className={linkLook} /> }} />
)

/** `/reset-password?token=…`, the link of the reset mail: a new password, typed twice. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const setSignedInUser = useSetSignedInUser()
  const [, navigate] = useLocation()
  const token = tokenFrom(useSearch())
  const [password, setPassword] = useState("")
  const [repeat, setRepeat] = useState("")
  const [problems, setProblems] = useState<Problems<"password" | "repeat">>({})
  const form = useRef<HTMLFormElement>(null)
  const [refused, setRefused] = useState(0)
  useFocusFirstInvalid(form, refused)
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess: () => {
        // every session of the account has ended, this browser's too
        setSignedInUser(null)
        navigate("/sign-in?reset=done", { replace: true })
      }
    })
  )
  if (token === null) {
    return (
      <AccountPanel title={t("reset.title")}>
        <Alert kind="warning">
          <p>{t("reset.noToken")}</p>
          <p className="mt-1">
            <AskAgain />
          </p>
        </Alert>
      </AccountPanel>
    )
  }
  const server = fieldErrors(reset.error)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = newPasswordProblems(password, repeat)
    setProblems(found)
    if (hasProblems(found)) setRefused((n) => n + 1)
    else reset.mutate({ token, password })
  }
  return (
    <AccountPanel
      title={t("reset.title")}
      after={
        <p>
          <Link href="/sign-in" className={linkLook}>
            {t("common.backToSignIn")}
          </Link>
        </p>
      }
    >
      <form ref={form} onSubmit={submit} className="space-y-4" noValidate>
        {reset.isError && server["password"] === undefined ? (
          <ErrorAlert error={reset.error}>
            {errorCode(reset.error) === "BAD_REQUEST" ? <AskAgain /> : undefined}
          </ErrorAlert>
        ) : null}
        <TextField
          label={t("reset.newPassword")}
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          error={problems.password ?? server["password"]}
          hint={t("reset.hint", { min: MIN_PASSWORD_LENGTH })}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label={t("reset.repeat")}
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          error={problems.repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
        <Button type="submit" disabled={reset.isPending} className="w-full">
          {reset.isPending ? t("common.saving") : t("reset.save")}
        </Button>
      </form>
    </AccountPanel>
  )
}

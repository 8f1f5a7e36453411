import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Link, useSearch } from "wouter"
import { tokenFrom } from "../accountForms.ts"
import { errorCode, useTRPC } from "../trpc.ts"
import { AccountPanel, ErrorAlert } from "../ui/account.tsx"
import { Alert, Button, linkLook, TextField } from "../ui/kit.tsx"

const againLink = { again: <Link href="/sign-up" className={linkLook} /> }

/**
 * `/verify-email?token=…`, the link of the confirmation mail. auth.verifyEmail starts no session
 * (the link alone must not sign anyone in), so success leads to sign-in.
 */
export const VerifyEmailPage = () => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const token = tokenFrom(useSearch())
  const [password, setPassword] = useState("")
  const [missing, setMissing] = useState(false)
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions())
  if (token === null) {
    return (
      <AccountPanel title={t("verify.title")}>
        <Alert kind="warning">
          <p>{t("verify.noToken")}</p>
          <p className="mt-1">
            <Trans i18nKey="verify.signUpAgainNewLink" components={againLink} />
          </p>
        </Alert>
      </AccountPanel>
    )
  }
  if (verify.isSuccess) {
    return (
      <AccountPanel title={t("verify.confirmedTitle")}>
        <div className="space-y-4">
          <Alert kind="success">{t("verify.confirmed")}</Alert>
          <p>{t("verify.signInNext")}</p>
          <Link href="/sign-in?verified=done" className={`${linkLook} font-medium`}>
            {t("signIn.title")}
          </Link>
        </div>
      </AccountPanel>
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setMissing(password.length === 0)
    if (password.length > 0) verify.mutate({ token, password })
  }
  return (
    <AccountPanel title={t("verify.title")}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">{t("verify.intro")}</p>
        {verify.isError ? (
          errorCode(verify.error) === "TOO_MANY_REQUESTS" ? (
            // a new link would not help: the wait is per account, so say why and let it pass
            <ErrorAlert error={verify.error}>{t("verify.tooMany")}</ErrorAlert>
          ) : (
            <ErrorAlert error={verify.error}>
              <Trans i18nKey="verify.signUpAgainIfNeeded" components={againLink} />
            </ErrorAlert>
          )
        ) : null}
        <TextField
          label={t("verify.passwordLabel")}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={missing ? t("verify.enterPassword") : null}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={verify.isPending} className="w-full">
          {verify.isPending ? t("verify.confirming") : t("verify.confirm")}
        </Button>
      </form>
    </AccountPanel>
  )
}

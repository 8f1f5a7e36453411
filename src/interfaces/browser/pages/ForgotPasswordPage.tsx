import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Link } from "wouter"
import { offeredPreferences } from "../preferences.ts"
import { useTRPC } from "../trpc.ts"
import { AccountPanel, ErrorAlert } from "../ui/account.tsx"
import { Alert, Button, linkLook, TextField } from "../ui/kit.tsx"

export const ForgotPasswordPage = () => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const [email, setEmail] = useState("")
  const [missing, setMissing] = useState(false)
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions())
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = email.trim()
    setMissing(trimmed.length === 0)
    // the browser's zone and locale, for the link's expiry when the account has none of its own
    if (trimmed.length > 0) request.mutate({ email: trimmed, ...offeredPreferences() })
  }
  const back = (
    <p>
      <Link href="/sign-in" className={linkLook}>
        {t("common.backToSignIn")}
      </Link>
    </p>
  )
  if (request.isSuccess) {
    return (
      <AccountPanel title={t("common.checkMailbox")} after={back}>
        <div className="space-y-3">
          {/* the same answer for every address: the page does not tell who has an account */}
          <Alert kind="success">{t("forgot.ifExists", { email: request.variables.email })}</Alert>
          <p>
            <Trans
              i18nKey="forgot.linkOnce"
              components={{ again: <button type="button" className={linkLook} onClick={() => request.reset()} /> }}
            />
          </p>
        </div>
      </AccountPanel>
    )
  }
  return (
    <AccountPanel title={t("forgot.title")} after={back}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">{t("forgot.intro")}</p>
        {request.isError ? <ErrorAlert error={request.error} /> : null}
        <TextField
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={missing ? t("accountForms.enterEmail") : null}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={request.isPending} className="w-full">
          {request.isPending ? t("common.sending") : t("forgot.send")}
        </Button>
      </form>
    </AccountPanel>
  )
}

import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Link, useLocation, useSearch } from "wouter"
import { safeNextPath } from "../nextPath.ts"
import { useSetSignedInUser } from "../session.tsx"
import { accountReason, errorCode, useTRPC } from "../trpc.ts"
import { ErrorAlert, FirstAccountHint } from "../ui/account.tsx"
import { Alert, Button, Card, linkLook, PageTitle, TextField } from "../ui/kit.tsx"

/** Wrong password, too many tries, an unconfirmed address: each said plainly, with the way out. */
const SignInError = ({ error }: { readonly error: unknown }) => {
  const { t } = useTranslation()
  switch (errorCode(error)) {
    case "UNAUTHORIZED":
      return (
        <ErrorAlert error={error}>
          <Trans
            i18nKey="signIn.wrongPassword"
            components={{ reset: <Link href="/forgot-password" className={linkLook} /> }}
          />
        </ErrorAlert>
      )
    case "TOO_MANY_REQUESTS":
      return <ErrorAlert error={error}>{t("signIn.tooMany")}</ErrorAlert>
    case "FORBIDDEN":
      // disabled or declined: the message names whom to ask, and there is nothing to do here
      return accountReason(error) === "EmailNotVerified" ? (
        <ErrorAlert error={error}>
          <Trans i18nKey="signIn.signUpAgain" components={{ again: <Link href="/sign-up" className={linkLook} /> }} />
        </ErrorAlert>
      ) : (
        <ErrorAlert error={error} />
      )
    default:
      return <ErrorAlert error={error} />
  }
}

export const SignInPage = () => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const setSignedInUser = useSetSignedInUser()
  const [, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const next = safeNextPath(params.get("next"), window.location.origin)
  // set by the reset and verification pages when they send the user here
  const notice =
    params.get("reset") === "done"
      ? t("signIn.passwordChanged")
      : params.get("verified") === "done"
        ? t("signIn.emailConfirmed")
        : null
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({
      onSuccess: (result) => {
        setSignedInUser(result.user)
        // a PENDING account sees the "waiting for approval" page there (App.tsx's guard)
        navigate(next, { replace: true })
      }
    })
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    signIn.mutate({ email, password })
  }
  return (
    <div className="mx-auto max-w-md">
      <PageTitle>{t("signIn.title")}</PageTitle>
      <FirstAccountHint>
        <Link href="/sign-up" className={linkLook}>
          {t("signIn.createFirst")}
        </Link>
      </FirstAccountHint>
      <Card>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {notice !== null && !signIn.isError ? <Alert kind="success">{notice}</Alert> : null}
          {signIn.isError ? <SignInError error={signIn.error} /> : null}
          <TextField
            label={t("fields.email")}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label={t("fields.password")}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" disabled={signIn.isPending} className="w-full">
            {signIn.isPending ? t("signIn.signingIn") : t("signIn.title")}
          </Button>
        </form>
        <p className="mt-4 text-sm">
          <Link href="/forgot-password" className={linkLook}>
            {t("signIn.forgotten")}
          </Link>
        </p>
        <p className="mt-2 text-sm">
          <Trans i18nKey="signIn.newHere" components={{ create: <Link href="/sign-up" className={linkLook} /> }} />
        </p>
      </Card>
    </div>
  )
}

import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useRef, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Link, useLocation } from "wouter"
import type { Problems } from "../accountForms.ts"
import { afterSignUp, hasProblems, MIN_PASSWORD_LENGTH, signUpProblems } from "../accountForms.ts"
import { offeredPreferences } from "../preferences.ts"
import { useSetSignedInUser } from "../session.tsx"
import { errorCode, fieldErrors, useTRPC } from "../trpc.ts"
import { AccountPanel, ErrorAlert, FirstAccountHint, useFocusFirstInvalid } from "../ui/account.tsx"
import { Alert, Button, linkLook, TextField } from "../ui/kit.tsx"

type Field = "name" | "email" | "password"

/** Where real mail goes out the address is confirmed first: nobody is signed in until then. */
const CheckMailbox = ({ email }: { readonly email: string }) => {
  const { t } = useTranslation()
  return (
    <AccountPanel
      title={t("common.checkMailbox")}
      after={
        <p>
          <Link href="/sign-in" className={linkLook}>
            {t("common.goToSignIn")}
          </Link>
        </p>
      }
    >
      <div className="space-y-3">
        <Alert kind="success">
          <Trans i18nKey="signUp.sentLink" values={{ email }} components={{ strong: <strong /> }} />
        </Alert>
        <p>{t("signUp.openMail")}</p>
        <p className="text-sm text-slate-600">{t("signUp.nothingArrived")}</p>
      </div>
    </AccountPanel>
  )
}

export const SignUpPage = () => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const setSignedInUser = useSetSignedInUser()
  const [, navigate] = useLocation()
  const [name, setName] = useState("")
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [problems, setProblems] = useState<Problems<Field>>({})
  const [mailedTo, setMailedTo] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const [refused, setRefused] = useState(0)
  useFocusFirstInvalid(form, refused)
  const signUp = useMutation(
    trpc.auth.signUp.mutationOptions({
      onError: () => setRefused((n) => n + 1),
      onSuccess: (result, input) => {
        const next = afterSignUp(result)
        if (next === "check-mailbox" || result.user === null) {
          setMailedTo(input.email)
          return
        }
        setSignedInUser(result.user)
        // a newcomer's next step is connecting WhatsApp; a pending account sees the waiting page there
        navigate(next === "app" ? "/whatsapp" : "/", { replace: true })
      }
    })
  )
  if (mailedTo !== null) return <CheckMailbox email={mailedTo} />

  const server = fieldErrors(signUp.error)
  const fieldError = (field: Field) => problems[field] ?? server[field]
  const taken = errorCode(signUp.error) === "CONFLICT"
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = signUpProblems({ name, email, password })
    setProblems(found)
    if (hasProblems(found)) {
      setRefused((n) => n + 1)
      return
    }
    // the browser's zone and locale: the very first mails already read in them
    signUp.mutate({ name: name.trim(), email: email.trim(), password, ...offeredPreferences() })
  }
  return (
    <AccountPanel
      title={t("signUp.title")}
      after={
        <p>
          <Trans i18nKey="signUp.already" components={{ signin: <Link href="/sign-in" className={linkLook} /> }} />
        </p>
      }
    >
      <FirstAccountHint />
      <form ref={form} onSubmit={submit} className="space-y-4" noValidate>
        {signUp.isError && Object.keys(server).length === 0 ? (
          <ErrorAlert error={signUp.error}>
            {taken ? (
              <Trans
                i18nKey="signUp.forgottenIts"
                components={{ reset: <Link href="/forgot-password" className={linkLook} /> }}
              />
            ) : undefined}
          </ErrorAlert>
        ) : null}
        {signUp.isError && Object.keys(server).length > 0 ? <Alert>{t("signUp.fieldsNeedLook")}</Alert> : null}
        <TextField
          label={t("fields.yourName")}
          name="name"
          autoComplete="name"
          required
          value={name}
          error={fieldError("name")}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label={t("fields.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={fieldError("email")}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={t("fields.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          error={fieldError("password")}
          hint={t("fields.atLeast", { min: MIN_PASSWORD_LENGTH })}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={signUp.isPending} className="w-full">
          {signUp.isPending ? t("signUp.creating") : t("signUp.create")}
        </Button>
      </form>
    </AccountPanel>
  )
}

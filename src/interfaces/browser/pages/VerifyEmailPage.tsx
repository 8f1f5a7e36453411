import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useState } from "react"
import { Link, useSearch } from "wouter"
import { tokenFrom } from "../accountForms.ts"
import { errorCode, useTRPC } from "../trpc.ts"
import { AccountPanel, ErrorAlert } from "../ui/account.tsx"
import { Alert, Button, linkLook, TextField } from "../ui/kit.tsx"

const signUpAgain = (
  <Link href="/sign-up" className={linkLook}>
    Sign up again
  </Link>
)

/**
 * `/verify-email?token=…`, the link of the confirmation mail. auth.verifyEmail starts no session
 * (the link alone must not sign anyone in), so success leads to sign-in.
 */
export const VerifyEmailPage = () => {
  const trpc = useTRPC()
  const token = tokenFrom(useSearch())
  const [password, setPassword] = useState("")
  const [missing, setMissing] = useState(false)
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions())
  if (token === null) {
    return (
      <AccountPanel title="Confirm your e-mail address">
        <Alert kind="warning">
          <p>
            This address lacks its confirmation token: open the link from the mail exactly as it was sent (some mail
            programs cut long links).
          </p>
          <p className="mt-1">{signUpAgain} with the same address for a new link.</p>
        </Alert>
      </AccountPanel>
    )
  }
  if (verify.isSuccess) {
    return (
      <AccountPanel title="Address confirmed">
        <div className="space-y-4">
          <Alert kind="success">Your e-mail address is confirmed.</Alert>
          <p>
            Sign in with the address and password you chose. If this Herald needs an administrator's approval, you will
            see it there.
          </p>
          <Link href="/sign-in?verified=done" className={`${linkLook} font-medium`}>
            Sign in
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
    <AccountPanel title="Confirm your e-mail address">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          Enter the password you chose when you signed up: it proves that this link and that sign-up are both yours, so
          nobody who signed up with your address can use your confirmation.
        </p>
        {verify.isError ? (
          errorCode(verify.error) === "TOO_MANY_REQUESTS" ? (
            // a new link would not help: the wait is per account, so say why and let it pass
            <ErrorAlert error={verify.error}>
              This protects your account from password guessing through its link. Wait, then enter the password you
              chose at sign-up.
            </ErrorAlert>
          ) : (
            <ErrorAlert error={verify.error}>{signUpAgain} if you need a new link.</ErrorAlert>
          )
        ) : null}
        <TextField
          label="Password chosen at sign-up"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={missing ? "Enter the password you chose when you signed up." : null}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={verify.isPending} className="w-full">
          {verify.isPending ? "Confirming…" : "Confirm my address"}
        </Button>
      </form>
    </AccountPanel>
  )
}

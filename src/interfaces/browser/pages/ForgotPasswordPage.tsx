import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useState } from "react"
import { Link } from "wouter"
import { offeredPreferences } from "../preferences.ts"
import { useTRPC } from "../trpc.ts"
import { AccountPanel, ErrorAlert } from "../ui/account.tsx"
import { Alert, Button, linkLook, TextField } from "../ui/kit.tsx"

export const ForgotPasswordPage = () => {
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
        Back to sign-in
      </Link>
    </p>
  )
  if (request.isSuccess) {
    return (
      <AccountPanel title="Check your mailbox" after={back}>
        <div className="space-y-3">
          {/* the same answer for every address: the page does not tell who has an account */}
          <Alert kind="success">
            If an account exists for {request.variables.email}, we sent it a link to choose a new password.
          </Alert>
          <p>
            The link works once and expires after a while. Nothing arrived? Look in your spam folder, or{" "}
            <button type="button" className={linkLook} onClick={() => request.reset()}>
              ask again
            </button>
            .
          </p>
        </div>
      </AccountPanel>
    )
  }
  return (
    <AccountPanel title="Forgotten password" after={back}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          Enter the address you signed up with: we will mail you a link to choose a new password.
        </p>
        {request.isError ? <ErrorAlert error={request.error} /> : null}
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={missing ? "Enter your e-mail address." : null}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={request.isPending} className="w-full">
          {request.isPending ? "Sending…" : "Send me a link"}
        </Button>
      </form>
    </AccountPanel>
  )
}

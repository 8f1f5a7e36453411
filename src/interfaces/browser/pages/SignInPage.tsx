import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useState } from "react"
import { Link, useLocation, useSearch } from "wouter"
import { safeNextPath } from "../nextPath.ts"
import { useSetSignedInUser } from "../session.tsx"
import { accountReason, errorCode, useTRPC } from "../trpc.ts"
import { ErrorAlert, FirstAccountHint } from "../ui/account.tsx"
import { Alert, Button, Card, linkLook, PageTitle, TextField } from "../ui/kit.tsx"

/** Wrong password, too many tries, an unconfirmed address: each said plainly, with the way out. */
const SignInError = ({ error }: { readonly error: unknown }) => {
  switch (errorCode(error)) {
    case "UNAUTHORIZED":
      return (
        <ErrorAlert error={error}>
          Check both and try again, or{" "}
          <Link href="/forgot-password" className={linkLook}>
            reset your password
          </Link>
          .
        </ErrorAlert>
      )
    case "TOO_MANY_REQUESTS":
      return <ErrorAlert error={error}>This protects your account from password guessing.</ErrorAlert>
    case "FORBIDDEN":
      // disabled or declined: the message names whom to ask, and there is nothing to do here
      return accountReason(error) === "EmailNotVerified" ? (
        <ErrorAlert error={error}>
          <Link href="/sign-up" className={linkLook}>
            Sign up again
          </Link>{" "}
          if the link is lost or expired.
        </ErrorAlert>
      ) : (
        <ErrorAlert error={error} />
      )
    default:
      return <ErrorAlert error={error} />
  }
}

export const SignInPage = () => {
  const trpc = useTRPC()
  const setSignedInUser = useSetSignedInUser()
  const [, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const next = safeNextPath(params.get("next"), window.location.origin)
  // set by the reset and verification pages when they send the user here
  const notice =
    params.get("reset") === "done"
      ? "Your password has been changed and every session signed out. Sign in with the new password."
      : params.get("verified") === "done"
        ? "Your e-mail address is confirmed. Sign in to continue."
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
      <PageTitle>Sign in</PageTitle>
      <FirstAccountHint>
        <Link href="/sign-up" className={linkLook}>
          Create the first account
        </Link>
      </FirstAccountHint>
      <Card>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {notice !== null && !signIn.isError ? <Alert kind="success">{notice}</Alert> : null}
          {signIn.isError ? <SignInError error={signIn.error} /> : null}
          <TextField
            label="E-mail address"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" disabled={signIn.isPending} className="w-full">
            {signIn.isPending ? "Signing in…" : "Sign in"}
          </Button>
        </form>
        <p className="mt-4 text-sm">
          <Link href="/forgot-password" className={linkLook}>
            Forgotten your password?
          </Link>
        </p>
        <p className="mt-2 text-sm">
          New here?{" "}
          <Link href="/sign-up" className={linkLook}>
            Create an account
          </Link>
        </p>
      </Card>
    </div>
  )
}

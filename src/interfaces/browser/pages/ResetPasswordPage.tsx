import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useRef, useState } from "react"
import { Link, useLocation, useSearch } from "wouter"
import type { Problems } from "../accountForms.ts"
import { hasProblems, MIN_PASSWORD_LENGTH, newPasswordProblems, tokenFrom } from "../accountForms.ts"
import { useSetSignedInUser } from "../session.tsx"
import { errorCode, fieldErrors, useTRPC } from "../trpc.ts"
import { AccountPanel, ErrorAlert, useFocusFirstInvalid } from "../ui/account.tsx"
import { Alert, Button, linkLook, TextField } from "../ui/kit.tsx"

const askAgain = (
  <Link href="/forgot-password" className={linkLook}>
    Ask for a new link
  </Link>
)

/** `/reset-password?token=…`, the link of the reset mail: a new password, typed twice. */
export const ResetPasswordPage = () => {
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
      <AccountPanel title="Choose a new password">
        <Alert kind="warning">
          <p>
            This address lacks its reset token: open the link from the mail exactly as it was sent (some mail programs
            cut long links).
          </p>
          <p className="mt-1">{askAgain}.</p>
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
      title="Choose a new password"
      after={
        <p>
          <Link href="/sign-in" className={linkLook}>
            Back to sign-in
          </Link>
        </p>
      }
    >
      <form ref={form} onSubmit={submit} className="space-y-4" noValidate>
        {reset.isError && server["password"] === undefined ? (
          <ErrorAlert error={reset.error}>
            {errorCode(reset.error) === "BAD_REQUEST" ? <>{askAgain}.</> : undefined}
          </ErrorAlert>
        ) : null}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          error={problems.password ?? server["password"]}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. Saving it signs you out everywhere.`}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          error={problems.repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
        <Button type="submit" disabled={reset.isPending} className="w-full">
          {reset.isPending ? "Saving…" : "Save the new password"}
        </Button>
      </form>
    </AccountPanel>
  )
}

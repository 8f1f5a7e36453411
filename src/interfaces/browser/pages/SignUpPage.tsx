import { useMutation } from "@tanstack/react-query"
import type { FormEvent } from "react"
import { useRef, useState } from "react"
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
const CheckMailbox = ({ email }: { readonly email: string }) => (
  <AccountPanel
    title="Check your mailbox"
    after={
      <p>
        <Link href="/sign-in" className={linkLook}>
          Go to sign-in
        </Link>
      </p>
    }
  >
    <div className="space-y-3">
      <Alert kind="success">
        We sent a confirmation link to <strong>{email}</strong>.
      </Alert>
      <p>
        Open the mail and follow its link, then enter the password you just chose to confirm that the address is yours.
        The link works once and expires after a while.
      </p>
      <p className="text-sm text-slate-600">
        Nothing arrived? Look in your spam folder, or sign up again with the same address for a new link.
      </p>
    </div>
  </AccountPanel>
)

export const SignUpPage = () => {
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
      title="Create an account"
      after={
        <p>
          Already have an account?{" "}
          <Link href="/sign-in" className={linkLook}>
            Sign in
          </Link>
        </p>
      }
    >
      <FirstAccountHint />
      <form ref={form} onSubmit={submit} className="space-y-4" noValidate>
        {signUp.isError && Object.keys(server).length === 0 ? (
          <ErrorAlert error={signUp.error}>
            {taken ? (
              <>
                Forgotten its password?{" "}
                <Link href="/forgot-password" className={linkLook}>
                  Reset it
                </Link>
                .
              </>
            ) : undefined}
          </ErrorAlert>
        ) : null}
        {signUp.isError && Object.keys(server).length > 0 ? <Alert>Some fields need another look.</Alert> : null}
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          required
          value={name}
          error={fieldError("name")}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={fieldError("email")}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          error={fieldError("password")}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={signUp.isPending} className="w-full">
          {signUp.isPending ? "Creating your account…" : "Create account"}
        </Button>
      </form>
    </AccountPanel>
  )
}

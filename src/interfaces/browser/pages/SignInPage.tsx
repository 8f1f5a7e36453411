import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import type { FormEvent } from "react"
import { Link, useLocation, useSearch } from "wouter"
import { errorText, useTRPC } from "../trpc.ts"
import { Alert, Button, Card, linkLook, PageTitle, TextField } from "../ui/kit.tsx"

/** Only an in-app path may follow sign-in: `next=https://elsewhere` would be an open redirect. */
export const safeNext = (next: string | null): string => (next !== null && next.startsWith("/") && !next.startsWith("//") ? next : "/campaigns")

export const SignInPage = () => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const next = safeNext(new URLSearchParams(useSearch()).get("next"))
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const signIn = useMutation(trpc.auth.signIn.mutationOptions({
    onSuccess: async (result) => {
      queryClient.setQueryData(trpc.auth.me.queryKey(), { user: result.user })
      navigate(next, { replace: true })
    }
  }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    signIn.mutate({ email, password })
  }
  return (
    <div className="mx-auto max-w-md">
      <PageTitle>Sign in</PageTitle>
      <Card>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {signIn.isError ? <Alert>{errorText(signIn.error)}</Alert> : null}
          <TextField label="E-mail address" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="submit" disabled={signIn.isPending} className="w-full">{signIn.isPending ? "Signing in…" : "Sign in"}</Button>
        </form>
        <p className="mt-4 text-sm">
          <Link href="/forgot-password" className={linkLook}>Forgotten your password?</Link>
        </p>
        <p className="mt-2 text-sm">
          New here? <Link href="/sign-up" className={linkLook}>Create an account</Link>
        </p>
      </Card>
    </div>
  )
}

import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { browserPreferences, preferencesToKeep } from "./preferences.ts"
import { useMe } from "./session.tsx"
import { useTRPC } from "./trpc.ts"

/**
 * Keeps the signed-in account's time zone and locale in step with this browser's, so the mails
 * Herald sends read in them: once per page load and account, when they differ, quietly (no
 * message; a failure is left for the next load to try again). Renders nothing.
 */
export const KeepPreferences = () => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const me = useMe()
  const tried = useRef<string | null>(null)
  const keep = useMutation(
    trpc.auth.setPreferences.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey(), exact: true })
    })
  )
  const user = me.data?.user ?? null
  useEffect(() => {
    // setPreferences is for approved accounts; a waiting one keeps what it signed up with
    if (user === null || user.status !== "ACTIVE" || tried.current === user.id) return
    tried.current = user.id
    const wanted = preferencesToKeep(user, browserPreferences())
    if (wanted !== null) keep.mutate(wanted)
  }, [user, keep.mutate])
  return null
}

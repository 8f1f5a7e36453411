import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useLocation } from "wouter"
import { rememberLanguage } from "./i18n/i18n.ts"
import { useSetSignedInUser } from "./session.tsx"
import { errorText, useTRPC } from "./trpc.ts"

/**
 * Signs out. Once the server has ended the session, auth.me is set to "nobody" (rather than
 * removed: the header's mounted auth.me observer would stay on the removed query, still showing
 * the user) and that change of user forgets the rest (signedInUser.ts). When signing out fails,
 * nothing is pretended: auth.me is asked again (the server clears the cookie even then, so it may
 * well answer "nobody", and the guard leads to sign-in) and the caller shows signOutError. The
 * language this browser remembered is forgotten too (a shared computer: the next person starts in
 * the browser's own, and their choice is not taken for the last person's).
 */
export const useSignOut = () => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const setSignedInUser = useSetSignedInUser()
  const [, navigate] = useLocation()
  return useMutation(
    trpc.auth.signOut.mutationOptions({
      onSuccess: () => {
        rememberLanguage(null)
        setSignedInUser(null)
        navigate("/sign-in")
      },
      onError: () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey(), exact: true })
    })
  )
}

/** The reason a sign-out failed (the server's words), which the header puts in a sentence of the page's language. */
export const signOutErrorText = (error: unknown) => errorText(error)

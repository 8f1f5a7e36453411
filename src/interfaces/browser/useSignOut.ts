import { hashKey, useMutation, useQueryClient } from "@tanstack/react-query"
import { useLocation } from "wouter"
import { useTRPC } from "./trpc.ts"

/**
 * Signs out and forgets what the signed-in user saw. auth.me is set to "nobody" rather than
 * removed: queryClient.clear() would leave the header's mounted auth.me observer on the removed
 * query, still showing the user's name and navigation after sign-out. Whatever the server
 * answered, this browser forgets the session.
 */
export const useSignOut = () => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return useMutation(trpc.auth.signOut.mutationOptions({
    onSettled: () => {
      const meKey = trpc.auth.me.queryKey()
      const meHash = hashKey(meKey)
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash })
      queryClient.setQueryData(meKey, { user: null })
      navigate("/sign-in")
    }
  }))
}

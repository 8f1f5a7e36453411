import { useQuery, useQueryClient } from "@tanstack/react-query"
import type { inferRouterOutputs } from "@trpc/server"
import { createContext, use } from "react"
import type { AppRouter } from "../web/routers/appRouter.ts"
import type { RuntimeConfig } from "./runtimeConfig.ts"
import { useTRPC } from "./trpc.ts"

export const RuntimeConfigContext = createContext<RuntimeConfig>({ showFooter: true })
export const useRuntimeConfig = () => use(RuntimeConfigContext)

/** The signed-in user (auth.me), shared by every screen through the query cache. */
export const useMe = () => {
  const trpc = useTRPC()
  return useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 30_000 }))
}

export type SignedInUser = NonNullable<inferRouterOutputs<AppRouter>["auth"]["me"]["user"]>

/**
 * Says who is signed in now (after a sign-in, sign-up, reset or sign-out): auth.me is set, and
 * the change of user makes every other cached query and mutation go (signedInUser.ts).
 */
export const useSetSignedInUser = () => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return (user: SignedInUser | null) => void queryClient.setQueryData(trpc.auth.me.queryKey(), { user })
}

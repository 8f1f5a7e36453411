import { useQuery } from "@tanstack/react-query"
import { createContext, use } from "react"
import type { RuntimeConfig } from "./runtimeConfig.ts"
import { useTRPC } from "./trpc.ts"

export const RuntimeConfigContext = createContext<RuntimeConfig>({ showFooter: true })
export const useRuntimeConfig = () => use(RuntimeConfigContext)

/** The signed-in user (auth.me), shared by every screen through the query cache. */
export const useMe = () => {
  const trpc = useTRPC()
  return useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 30_000 }))
}

import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { StrictMode, useState } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./App.tsx"
import { readRuntimeConfig } from "./runtimeConfig.ts"
import { RuntimeConfigContext } from "./session.tsx"
import "./styles.css"
import { makeTrpcClient, TRPCProvider } from "./trpc.ts"

const Root = () => {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // a refused or failed call is shown to the user; retrying it by itself would hide it
          queries: { retry: false, refetchOnWindowFocus: true, staleTime: 5_000 },
          mutations: { retry: false }
        }
      })
  )
  const [trpcClient] = useState(makeTrpcClient)
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <RuntimeConfigContext value={readRuntimeConfig(document)}>
          <App />
        </RuntimeConfigContext>
      </TRPCProvider>
    </QueryClientProvider>
  )
}

const root = document.getElementById("root")
if (root !== null) createRoot(root).render(<StrictMode><Root /></StrictMode>)

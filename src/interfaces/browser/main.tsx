import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query"
import { StrictMode, useState } from "react"
import { createRoot } from "react-dom/client"
import type { AppRouter } from "../web/routers/appRouter.ts"
import { App } from "./App.tsx"
import { startI18n } from "./i18n/i18n.ts"
import { readRuntimeConfig } from "./runtimeConfig.ts"
import { RuntimeConfigContext } from "./session.tsx"
import { checkSessionOnUnauthorized, followSignedInUser } from "./signedInUser.ts"
import "./styles.css"
import { makeTrpcClient, TRPCProvider } from "./trpc.ts"

/** The query client, made once with the tRPC client: it follows the signed-in user (signedInUser.ts). */
const makeClients = () => {
  const trpcClient = makeTrpcClient()
  const onError = (error: unknown) => check(error)
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      // a refused or failed call is shown to the user; retrying it by itself would hide it
      queries: { retry: false, refetchOnWindowFocus: true, staleTime: 5_000 },
      mutations: { retry: false }
    }
  })
  const meKey = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient }).auth.me.queryKey()
  const check = checkSessionOnUnauthorized(queryClient, meKey)
  // for the page's whole life (one client per page)
  followSignedInUser(queryClient, meKey)
  return { queryClient, trpcClient }
}

const Root = () => {
  const [{ queryClient, trpcClient }] = useState(makeClients)
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

// the page's words first (one catalog, its own chunk), then the page (also when the catalog
// could not be fetched: the page then says so in its keys rather than staying blank)
const root = document.getElementById("root")
const render = () => {
  if (root !== null)
    createRoot(root).render(
      <StrictMode>
        <Root />
      </StrictMode>
    )
}
void startI18n().then(render, render)

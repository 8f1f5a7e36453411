import type { TRPCClient } from "@trpc/client"
import { createTRPCClient, httpLink } from "@trpc/client"
import type { APIRequestContext } from "playwright-core"
import type { AppRouter } from "../../src/interfaces/web/routers/appRouter.ts"
import { eventually } from "./eventually.ts"

/**
 * A tRPC client typed from the server's AppRouter whose calls go through a browser context's own
 * cookie jar (Playwright's `context.request`): set-up a test does not click through (a sign-up,
 * a connected session, a planned campaign) lands in the same signed-in state the page sees.
 * Mutations carry the Origin the CSRF check wants.
 */
export const browserApi = (request: APIRequestContext, baseUrl: string): TRPCClient<AppRouter> =>
  createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl}/api/trpc`,
        fetch: async (url, init) => {
          const headers = new Headers(init?.headers)
          headers.set("Origin", baseUrl)
          const response = await request.fetch(String(url), {
            method: init?.method ?? "GET",
            headers: Object.fromEntries(headers),
            ...(typeof init?.body === "string" ? { data: init.body } : {})
          })
          return new Response(new Uint8Array(await response.body()), {
            status: response.status(),
            headers: response.headers()
          })
        }
      })
    ]
  })

/** Under `npm start` (sandbox gateway): the caller's session, connected (the sandbox "scans" the QR code by itself). */
export const connectSandboxSession = async (api: TRPCClient<AppRouter>): Promise<string> => {
  const { sessionName } = await api.user.initiateMessagingSession.mutate()
  await api.user.getSessionQR.query({ sessionName })
  await eventually(
    "the sandbox session is WORKING",
    () => api.user.getSessionStatus.query({ sessionName }),
    (s) => s.status === "WORKING"
  )
  return sessionName
}

import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client"
import { createTRPCContext } from "@trpc/tanstack-react-query"
import i18next from "i18next"
import type { AppRouter } from "../web/routers/appRouter.ts"
import { formattingLocale } from "./i18n/language.ts"
import { onViewerClock } from "./ui/viewerClock.ts"

/** Typed straight from the server's router: a renamed procedure or field fails the build. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

export const makeTrpcClient = () =>
  createTRPCClient<AppRouter>({
    // same origin: the browser sends the cookie and the Origin header the CSRF check wants;
    // X-Herald-Locale asks for the server's refusals in the language on screen, its dates in this
    // locale (docs/browser-app.md, "Errors"), read at each request so a change of language holds at once
    links: [
      httpBatchLink({ url: "/api/trpc", maxItems: 10, headers: () => ({ "X-Herald-Locale": formattingLocale() }) })
    ]
  })

export type AppError = TRPCClientError<AppRouter>

export const isAppError = (error: unknown): error is AppError => error instanceof TRPCClientError

/** The server's words for a failure, or a plain sentence when the server could not be reached. */
export const errorText = (error: unknown): string => {
  if (isAppError(error)) {
    if (error.data?.code === "TOO_MANY_REQUESTS") return error.message
    if (error.data === undefined || error.data === null) return i18next.t("helpers.unreachable")
    return onViewerClock(error.message)
  }
  return error instanceof Error ? error.message : i18next.t("helpers.wrong")
}

export const errorCode = (error: unknown): string | null => (isAppError(error) ? (error.data?.code ?? null) : null)

/** Invalid input, field by field (the server's `data.issues`, path like "recurrence.startDate"). */
export const fieldErrors = (error: unknown): Readonly<Record<string, string>> => {
  if (!isAppError(error)) return {}
  const data = error.data
  // the server's errorFormatter adds `issues` to invalid input's data alone
  if (data === null || data === undefined || !("issues" in data)) return {}
  const out: Record<string, string> = {}
  for (const issue of data.issues) out[issue.path] ??= onViewerClock(issue.message)
  return out
}

/** Why sign-in refused the right password (the server's `data.reason`), or null. */
export const accountReason = (error: unknown): "EmailNotVerified" | "AccountDisabled" | "AccountRejected" | null => {
  if (!isAppError(error)) return null
  const data = error.data
  if (data === null || data === undefined || !("reason" in data)) return null
  return data.reason
}

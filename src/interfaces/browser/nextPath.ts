/**
 * Where to go after signing in (`/sign-in?next=…`): only a path of this app. The value is parsed
 * against the page's own origin and anything that lands elsewhere (`//evil.example`,
 * `/\evil.example`, `https://…`, control characters a browser strips) is refused: otherwise the
 * sign-in page would be an open redirect.
 */
export const safeNextPath = (next: string | null, origin: string): string => {
  const fallback = "/campaigns"
  if (next === null || !next.startsWith("/")) return fallback
  let url: URL
  try {
    url = new URL(next, origin)
  } catch {
    return fallback
  }
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : fallback
}

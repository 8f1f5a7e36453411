/**
 * Where to go after signing in (`/sign-in?next=…`): only a path of this app. The value is parsed
 * against the page's own origin and anything that lands elsewhere (`//evil.example`,
 * `/\evil.example`, `https://…`, control characters a browser strips) is refused: otherwise the
 * sign-in page would be an open redirect. A same-origin result that starts with `//` is refused
 * too (`/.//evil.example/x` resolves to the path `//evil.example/x`): whatever reads it next as a
 * URL (the router, `location.assign`, a proxy) would take it for another host.
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
  if (url.origin !== origin) return fallback
  const path = `${url.pathname}${url.search}${url.hash}`
  return path.startsWith("//") ? fallback : path
}

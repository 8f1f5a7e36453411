/**
 * The session cookie (docs/architecture.md#the-web-contract): HttpOnly, SameSite=Lax, expiring with the session. On https it
 * is `__Host-session`: the prefix makes browsers insist on Secure, Path=/ and no Domain, so a
 * sibling subdomain or a plain-http page cannot set or shadow it. On http (localhost) it is
 * `session`, as a browser refuses `__Host-` cookies without https.
 */
export const sessionCookieName = (secure: boolean): string => (secure ? "__Host-session" : "session")

export const sessionCookie = (token: string, expiresAt: number, now: number, secure: boolean): string =>
  [
    `${sessionCookieName(secure)}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.max(0, Math.floor((expiresAt - now) / 1000))}`,
    `Expires=${new Date(expiresAt).toUTCString()}`,
    ...(secure ? ["Secure"] : [])
  ].join("; ")

export const clearedSessionCookie = (secure: boolean): string =>
  [
    `${sessionCookieName(secure)}=`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=0",
    "Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    ...(secure ? ["Secure"] : [])
  ].join("; ")

/** The session token of a Cookie header (tokens are base32: anything else is ignored); only the cookie of this scheme counts. */
export const sessionTokenOf = (cookieHeader: string | null, secure: boolean): string | null => {
  if (cookieHeader === null) return null
  const wanted = sessionCookieName(secure)
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=")
    const value = rest.join("=")
    if (name === wanted && /^[a-z2-7]{16,64}$/.test(value)) return value
  }
  return null
}

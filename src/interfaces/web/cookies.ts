export const SESSION_COOKIE = "session"

/** DESIGN §4: HttpOnly, SameSite=Lax, Secure on https, expiring with the session. */
export const sessionCookie = (token: string, expiresAt: number, now: number, secure: boolean): string =>
  [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.max(0, Math.floor((expiresAt - now) / 1000))}`,
    `Expires=${new Date(expiresAt).toUTCString()}`,
    ...(secure ? ["Secure"] : [])
  ].join("; ")

export const clearedSessionCookie = (secure: boolean): string =>
  [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", "Expires=Thu, 01 Jan 1970 00:00:00 GMT", ...(secure ? ["Secure"] : [])].join("; ")

/** The session token of a Cookie header (tokens are base32: anything else is ignored). */
export const sessionTokenOf = (cookieHeader: string | null): string | null => {
  if (cookieHeader === null) return null
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=")
    const value = rest.join("=")
    if (name === SESSION_COOKIE && /^[a-z2-7]{16,64}$/.test(value)) return value
  }
  return null
}

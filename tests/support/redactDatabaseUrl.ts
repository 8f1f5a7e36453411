/** Masks whatever stands between `://` and the last '@' (best effort, for URLs that do not parse). */
export const redactDatabaseUrl = (raw: string): string => {
  const trimmed = raw.trim()
  const start = trimmed.indexOf("://")
  const at = trimmed.lastIndexOf("@")
  const masked = start >= 0 && at > start ? `${trimmed.slice(0, start + 3)}***${trimmed.slice(at)}` : trimmed
  return masked.replace(/([?&][^=&]*password[^=&]*=)[^&]*/gi, "$1***")
}

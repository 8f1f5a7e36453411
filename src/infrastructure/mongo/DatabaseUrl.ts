/**
 * DATABASE_URL (README "Configuration"): `<scheme>://<user>:<password>@<host>/<database>`,
 * scheme `mongodb` or `mongodb+srv`, user and password optional (together) and URL-encoded,
 * a database name required (the database itself is created if absent).
 *
 * Problems are phrased for the operator who has to fix the variable, and never quote the
 * user or the password: not even the host is echoed, since a URL with a forgotten '@' puts
 * the credentials where the host should be. Use `redacted` in logs.
 */

export type DatabaseUrlResult =
  | {
      readonly ok: true
      /** the URL to connect with (surrounding whitespace removed) */
      readonly url: string
      /** the database name, decoded */
      readonly database: string
      /** the URL with the credentials (and any *password* option) replaced by `***`, for logs */
      readonly redacted: string
    }
  | { readonly ok: false; readonly problems: ReadonlyArray<string> }

const SCHEMES = ["mongodb", "mongodb+srv"] as const

/** Characters that must be percent-encoded in a user name or password, with their encoding. */
const MUST_ENCODE: ReadonlyArray<readonly [string, string]> = [
  ["@", "%40"],
  [":", "%3A"],
  ["/", "%2F"],
  ["?", "%3F"],
  ["#", "%23"],
  ["[", "%5B"],
  ["]", "%5D"],
  [" ", "%20"]
]

/** MongoDB: database names cannot contain these, nor be empty, nor exceed 63 bytes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters MongoDB forbids
const DB_NAME_FORBIDDEN = /[/\\. "$*<>:|?\u0000]/

const credentialProblems = (what: "user name" | "password", value: string): Array<string> => {
  const problems: Array<string> = []
  for (const [char, encoded] of MUST_ENCODE) {
    // ':' separates the user from the password, so it can only be seen inside the password.
    if (value.includes(char)) {
      const shown = char === " " ? "a space" : `'${char}'`
      problems.push(`the ${what} contains ${shown}: URL-encode it as ${encoded}`)
    }
  }
  if (/[\t\n\r\f\v]/.test(value)) problems.push(`the ${what} contains a tab or line break: URL-encode it`)
  if (/%(?![0-9A-Fa-f]{2})/.test(value)) {
    problems.push(`the ${what} contains a '%' that does not start an escape like %40: URL-encode a literal '%' as %25`)
  } else {
    try {
      decodeURIComponent(value)
    } catch {
      problems.push(`the ${what} contains a %-escape that is not valid UTF-8: URL-encode it with encodeURIComponent`)
    }
  }
  return problems
}

const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~%-]+)(?::\d{1,5})?$/

export const parseDatabaseUrl = (raw: string): DatabaseUrlResult => {
  const url = raw.trim()
  const example = "e.g. mongodb://user:password@localhost:27017/herald"
  if (url === "") return { ok: false, problems: [`it is empty: set it to a connection string, ${example}`] }

  const schemeEnd = url.indexOf("://")
  const scheme = schemeEnd < 0 ? "" : url.slice(0, schemeEnd)
  if (!SCHEMES.some((s) => s === scheme)) {
    return {
      ok: false,
      problems: [`it must start with mongodb:// or mongodb+srv://, ${example}`]
    }
  }
  const problems: Array<string> = []
  const rest = url.slice(schemeEnd + 3)

  // The credentials end at the LAST '@': an '@' before it belongs to the user name or the
  // password and is reported as unencoded, instead of being taken for the host.
  const at = rest.lastIndexOf("@")
  const userinfo = at < 0 ? null : rest.slice(0, at)
  const afterCredentials = at < 0 ? rest : rest.slice(at + 1)

  let hasCredentials = false
  if (userinfo !== null) {
    const colon = userinfo.indexOf(":")
    const user = colon < 0 ? userinfo : userinfo.slice(0, colon)
    const password = colon < 0 ? null : userinfo.slice(colon + 1)
    if (user === "") {
      problems.push(
        "the user name before ':' is empty: write <user>:<password>@<host>, or leave out the credentials and the '@'"
      )
    }
    if (password === null || password === "") {
      problems.push(
        "the password is missing: write <user>:<password>@<host> with both URL-encoded, or leave out the credentials and the '@'"
      )
    }
    problems.push(...credentialProblems("user name", user))
    if (password !== null) problems.push(...credentialProblems("password", password))
    hasCredentials = true
  }

  if (afterCredentials.includes("#"))
    problems.push("it contains '#' after the host: remove it (a URL fragment means nothing to MongoDB)")
  if (/\s/.test(afterCredentials)) problems.push("it contains spaces or line breaks after the credentials: remove them")

  const pathStart = afterCredentials.search(/[/?]/)
  const hosts = pathStart < 0 ? afterCredentials : afterCredentials.slice(0, pathStart)
  const tail = pathStart < 0 ? "" : afterCredentials.slice(pathStart)
  const queryStart = tail.indexOf("?")
  const path = queryStart < 0 ? tail : tail.slice(0, queryStart)
  const query = queryStart < 0 ? "" : tail.slice(queryStart + 1).replace(/#.*$/, "")

  const hostList = hosts.split(",")
  if (hosts === "") {
    problems.push(
      `it names no host: write the server after '${scheme}://'${hasCredentials ? " and the '@'" : ""}, ${example}`
    )
  } else if (hostList.some((h) => !HOST.test(h))) {
    problems.push(
      "the host part is not a host name or address with an optional :port (several hosts are separated by commas)"
    )
  } else if (scheme === "mongodb+srv" && (hostList.length !== 1 || hosts.includes(":"))) {
    problems.push("a mongodb+srv:// URL takes exactly one host name and no port")
  }

  let database = ""
  if (path === "" || path === "/") {
    problems.push(`it names no database: add one after the host, ${example} (the database is created if absent)`)
  } else {
    const encoded = path.slice(1)
    let decoded: string | null = null
    try {
      decoded = decodeURIComponent(encoded)
    } catch {
      problems.push("the database name contains an invalid %-escape")
    }
    if (decoded !== null) {
      if (DB_NAME_FORBIDDEN.test(decoded)) {
        problems.push(
          `the database name may not contain / \\ . space " $ * < > : | ? (use letters, digits, '_' or '-', e.g. herald)`
        )
      } else if (new TextEncoder().encode(decoded).length > 63) {
        problems.push("the database name is longer than 63 bytes")
      } else {
        database = decoded
      }
    }
  }

  if (problems.length > 0) return { ok: false, problems }
  const redactedQuery = query === "" ? "" : `?${query.replace(/((?:^|&)[^=&]*password[^=&]*=)[^&]*/gi, "$1***")}`
  return {
    ok: true,
    url,
    database,
    redacted: `${scheme}://${hasCredentials ? "***@" : ""}${hosts}${path}${redactedQuery}`
  }
}

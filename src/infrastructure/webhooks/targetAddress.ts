import { Resolver } from "node:dns/promises"
import { readFile } from "node:fs/promises"
import { isIP } from "node:net"
import { isPrivateAddress } from "../../domain/webhook/privateAddress.ts"

export interface CheckedAddress {
  readonly address: string
  readonly family: 4 | 6
}

export type TargetCheck =
  | { readonly ok: true; readonly target: CheckedAddress }
  /** the name leads to an address webhooks may not call (`address` for the log, not the page) */
  | { readonly ok: false; readonly why: "private"; readonly address: string }
  /** the name has no address, or its lookup failed (`detail` for the log) */
  | { readonly ok: false; readonly why: "unresolved"; readonly detail: string }
  /** the lookup did not finish by the deadline (or was stopped) */
  | { readonly ok: false; readonly why: "timedOut" }

export interface LookupOptions {
  /** the lookup's deadline: past it the queries are cancelled */
  readonly timeoutMs: number
  /** the exchange stopped (its own deadline, or the process shutting down): cancel the queries */
  readonly signal?: AbortSignal
  /** DNS servers to ask instead of the system's (tests) */
  readonly servers?: ReadonlyArray<string>
  /** the hosts file to read instead of /etc/hosts (tests) */
  readonly hostsPath?: string
  /** the resolver configuration (search domains, ndots) to read instead of /etc/resolv.conf (tests) */
  readonly resolvConfPath?: string
}

/** A file the lookup reads, or "" when it cannot (absent, unreadable): then it adds nothing. */
const readOrEmpty = (path: string): Promise<string> => readFile(path, "utf8").catch(() => "")

/** The addresses a hosts file gives `name` (lower case, no trailing dot), in its order. */
export const hostsEntries = (text: string, name: string): ReadonlyArray<CheckedAddress> => {
  const found: Array<CheckedAddress> = []
  for (const line of text.split("\n")) {
    const [address, ...names] = (line.split("#")[0] ?? "").trim().split(/\s+/)
    if (address === undefined || names.length === 0) continue
    const family = isIP(address)
    if (family === 0) continue
    if (names.some((n) => n.toLowerCase().replace(/\.$/, "") === name))
      found.push({ address, family: family === 6 ? 6 : 4 })
  }
  return found
}

/**
 * The names to ask DNS for `name`, in order, as the system resolver does (resolv.conf(5)): with
 * fewer dots than `ndots` (1 unless set) the search domains first, then the name itself; with as
 * many or more, the name first; a name with a trailing dot is only itself. Lets Kubernetes short
 * service names and a LAN's search domain work (docs/operations.md#outgoing-webhooks).
 */
export const searchNames = (hostname: string, resolvConf: string): ReadonlyArray<string> => {
  if (hostname.endsWith(".")) return [hostname.slice(0, -1)]
  let search: ReadonlyArray<string> = []
  let ndots = 1
  for (const line of resolvConf.split("\n")) {
    const [keyword, ...values] = (line.split(/[#;]/)[0] ?? "").trim().split(/\s+/)
    // the last `search` or `domain` line wins, as in glibc
    if (keyword === "search" || keyword === "domain") search = values.filter((v) => v !== "" && v !== ".")
    else if (keyword === "options")
      for (const option of values) {
        const set = /^ndots:(\d+)$/.exec(option)
        if (set?.[1] !== undefined) ndots = Math.min(15, Number(set[1]))
      }
  }
  const dots = hostname.split(".").length - 1
  const searched = search.map((domain) => `${hostname}.${domain.replace(/\.$/, "")}`)
  return dots >= ndots ? [hostname, ...searched] : [...searched, hostname]
}

/** `localhost` and its subdomains are loopback (RFC 6761) without asking DNS, as the system resolver answers. */
const LOOPBACK = [
  { address: "127.0.0.1", family: 4 },
  { address: "::1", family: 6 }
] as const

const codeOf = (error: unknown): string | undefined => {
  const code = typeof error === "object" && error !== null ? Reflect.get(error, "code") : undefined
  return typeof code === "string" ? code : undefined
}

/** A family with no record (or no such name) is an empty answer; anything else is the lookup's failure. */
const isNone = (error: unknown): boolean => {
  const code = codeOf(error)
  return code === "ENODATA" || code === "ENOTFOUND"
}

/**
 * The first of `names` with an address, A and AAAA asked at once: one family's answer is enough
 * when the other fails (a server answering SERVFAIL to AAAA, say). A name neither family knows
 * passes to the next; when none has an address, the last failure other than "no such name" is
 * thrown, or none is found.
 */
const firstAnswered = async (
  resolver: Resolver,
  names: ReadonlyArray<string>
): Promise<ReadonlyArray<CheckedAddress>> => {
  let failure: unknown
  for (const name of names) {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)])
    const found = [
      ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 as const })) : [])
    ]
    if (found.length > 0) return found
    for (const result of [v4, v6]) if (result.status === "rejected" && !isNone(result.reason)) failure = result.reason
  }
  if (failure !== undefined) throw failure
  return []
}

/**
 * The name's A and AAAA records through c-ares (`dns.promises.Resolver`), not `dns.lookup`:
 * getaddrinfo runs on libuv's four shared threads and cannot be cancelled, so slow names would
 * hold scrypt, file I/O and the gateway's own lookups back (docs/security.md#outgoing-webhooks).
 * Queries are cancelled at the deadline. c-ares asks DNS only, for the name as given: the hosts
 * file and the search domains are applied by checkTarget.
 */
const resolveBoth = async (
  names: ReadonlyArray<string>,
  options: LookupOptions
): Promise<{ readonly addresses: ReadonlyArray<CheckedAddress> } | { readonly timedOut: true }> => {
  // a short per-query timeout, tried twice, within the whole deadline
  const resolver = new Resolver({
    timeout: Math.max(100, Math.min(3_000, Math.floor(options.timeoutMs / 2))),
    tries: 2
  })
  if (options.servers !== undefined) resolver.setServers([...options.servers])
  let timer: ReturnType<typeof setTimeout> | undefined
  const stopped = new Promise<{ readonly timedOut: true }>((resolve) => {
    const stop = () => {
      resolver.cancel()
      resolve({ timedOut: true })
    }
    timer = setTimeout(stop, options.timeoutMs)
    if (options.signal?.aborted === true) stop()
    options.signal?.addEventListener("abort", stop, { once: true })
  })
  const answered = firstAnswered(resolver, names).then((addresses) => ({ addresses }))
  try {
    return await Promise.race([answered, stopped])
  } finally {
    clearTimeout(timer)
    resolver.cancel()
  }
}

/**
 * The address to connect to for `hostname` (a name, or an IP literal, IPv6 without brackets):
 * every address the name resolves to is checked, and any private one refuses the whole name (a
 * name answering both is refused rather than trusted half-way). The caller connects to the
 * returned address itself, so a second, different answer (DNS rebinding) is never used.
 */
export const checkTarget = async (
  hostname: string,
  allowPrivate: boolean,
  options: LookupOptions
): Promise<TargetCheck> => {
  const literal = isIP(hostname)
  const name = hostname.toLowerCase().replace(/\.$/, "")
  let found: ReadonlyArray<CheckedAddress>
  if (literal !== 0) found = [{ address: hostname, family: literal === 6 ? 6 : 4 }]
  else if (name === "localhost" || name.endsWith(".localhost")) found = LOOPBACK
  else {
    try {
      // the hosts file first, as nsswitch's usual "files dns" (Docker's extra_hosts, a VM's name)
      const listed = hostsEntries(await readOrEmpty(options.hostsPath ?? "/etc/hosts"), name)
      const resolved =
        listed.length > 0
          ? { addresses: listed }
          : await resolveBoth(
              searchNames(hostname.toLowerCase(), await readOrEmpty(options.resolvConfPath ?? "/etc/resolv.conf")),
              options
            )
      if ("timedOut" in resolved) return { ok: false, why: "timedOut" }
      found = resolved.addresses
    } catch (error) {
      const code = codeOf(error)
      const message = error instanceof Error ? error.message : String(error)
      return {
        ok: false,
        why: "unresolved",
        detail: code !== undefined && !message.includes(code) ? `${code}: ${message}` : message
      }
    }
  }
  const first = found[0]
  if (first === undefined) return { ok: false, why: "unresolved", detail: `${hostname} has no address` }
  if (!allowPrivate) {
    const blocked = found.find((a) => isPrivateAddress(a.address))
    if (blocked !== undefined) return { ok: false, why: "private", address: blocked.address }
  }
  return { ok: true, target: first }
}

import { Resolver } from "node:dns/promises"
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
const orNone = (found: Promise<Array<string>>): Promise<Array<string>> =>
  found.catch((error: unknown) => {
    const code = codeOf(error)
    if (code === "ENODATA" || code === "ENOTFOUND") return []
    throw error
  })

/**
 * The name's A and AAAA records through c-ares (`dns.promises.Resolver`), not `dns.lookup`:
 * getaddrinfo runs on libuv's four shared threads and cannot be cancelled, so slow names would
 * hold scrypt, file I/O and the gateway's own lookups back (docs/security.md#outgoing-webhooks).
 * Queries are cancelled at the deadline.
 */
const resolveBoth = async (
  hostname: string,
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
  const answered = Promise.all([orNone(resolver.resolve4(hostname)), orNone(resolver.resolve6(hostname))]).then(
    ([v4, v6]) => ({
      addresses: [
        ...v4.map((address) => ({ address, family: 4 as const })),
        ...v6.map((address) => ({ address, family: 6 as const }))
      ]
    })
  )
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
      const resolved = await resolveBoth(hostname, options)
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

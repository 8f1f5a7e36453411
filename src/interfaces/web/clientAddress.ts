/**
 * The caller's address, for SignInThrottle (sign-in, sign-up and reset requests; TRUST_PROXY).
 *
 * Each proxy appends to X-Forwarded-For the address it was reached from, so the last
 * `trustedProxies` entries were written by our own proxies and anything to their left was
 * sent by the client, which may write whatever it likes there. The client is therefore the
 * `trustedProxies`-th entry counted from the right: the address the outermost trusted proxy
 * saw. With fewer entries than that, the request did not come through the whole chain and
 * none of the list can be trusted: the socket's address is used (every such request shares
 * one allowance, which throttles more, never less). 0 trusts no header at all.
 */
export const clientAddress = (request: {
  /** the address of the TCP peer: the nearest proxy, or the client itself */
  readonly socket: string
  /** X-Forwarded-For as received (several header lines are one list, in order) */
  readonly forwardedFor: string | ReadonlyArray<string> | undefined
  /** how many proxies in front of Herald append to X-Forwarded-For */
  readonly trustedProxies: number
}): string => {
  const { socket, forwardedFor, trustedProxies } = request
  if (trustedProxies <= 0 || forwardedFor === undefined) return socket
  const entries = (typeof forwardedFor === "string" ? [forwardedFor] : forwardedFor)
    .flatMap((line) => line.split(","))
    .map((entry) => entry.trim())
  // An empty entry still counts as a position: skipping it would let a client shift the list.
  const chosen = entries.length >= trustedProxies ? entries[entries.length - trustedProxies] : undefined
  return chosen === undefined || chosen === "" ? socket : chosen
}

const HEX_GROUP = /^[0-9a-f]{1,4}$/
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

const isIpv4 = (text: string) =>
  IPV4.exec(text)
    ?.slice(1)
    .every((n) => Number(n) <= 255) ?? false

/** The eight 16-bit groups of an IPv6 address (zone and an IPv4 tail allowed), or null when it is not one. */
const ipv6Groups = (address: string): ReadonlyArray<number> | null => {
  const text = address.toLowerCase().replace(/%.*$/, "")
  const halves = text.split("::")
  if (halves.length > 2) return null
  const parts = (half: string | undefined) => (half === undefined || half === "" ? [] : half.split(":"))
  const head = parts(halves[0])
  const tail = parts(halves[1])
  // an IPv4 tail (::ffff:192.0.2.1, 64:ff9b::192.0.2.1) is two groups
  const last = (halves.length === 2 ? tail : head).at(-1)
  const v4 = last !== undefined && isIpv4(last) ? last.split(".").map(Number) : null
  const groups = [...head, ...tail].slice(0, v4 === null ? undefined : -1)
  if (!groups.every((g) => HEX_GROUP.test(g))) return null
  const words = groups.map((g) => Number.parseInt(g, 16))
  const [a = 0, b = 0, c = 0, d = 0] = v4 ?? []
  const v4Words = v4 === null ? [] : [(a << 8) | b, (c << 8) | d]
  const given = words.length + v4Words.length
  if (halves.length === 1) return given === 8 ? [...words, ...v4Words] : null
  if (given > 7) return null
  const zeros = new Array<number>(8 - given).fill(0)
  return [...words.slice(0, head.length), ...zeros, ...words.slice(head.length), ...v4Words]
}

/**
 * Whom a client's allowance belongs to: an IPv6 client is its /64 (`2001:db8:0:1::/64`), the
 * block one subscriber or host usually gets whole, so one sender cannot take a new allowance per
 * address; IPv4 and IPv4-mapped IPv6 addresses are kept whole, and anything else ("unknown", a
 * name a proxy wrote) is kept as it is.
 */
export const addressBlock = (address: string): string => {
  const groups = ipv6Groups(address)
  if (groups === null) return address
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return address
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`
}

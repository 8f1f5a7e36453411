/**
 * Which addresses an outgoing webhook may not reach unless the operator allows private targets
 * (WEBHOOKS_ALLOW_PRIVATE_TARGETS): a URL must not turn Herald into a way into its own network
 * (docs/security.md#outgoing-webhooks). IPv4: "this network", RFC 1918, CGNAT, loopback,
 * link-local, IETF protocol assignments, benchmarking, multicast, reserved and broadcast.
 * Cloud metadata services on public-looking addresses (Azure 168.63.129.16, Alibaba 100.100.100.200).
 * IPv6: unspecified, loopback, unique local, link-local, site-local, multicast, and IPv4 of those
 * embedded (mapped, compatible, SIIT, NAT64 well-known and local-use, 6to4); Teredo is refused whole
 * (its embedded IPv4 is obfuscated and its relays reach anything).
 */
const V4_BLOCKED: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
  // cloud metadata services: Azure's wire server (public-looking), Alibaba's (within CGNAT above, named anyway)
  ["168.63.129.16", 32],
  ["100.100.100.200", 32]
]

const v4Bits = (address: string): bigint | null => {
  const parts = address.split(".")
  if (parts.length !== 4) return null
  let bits = 0n
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null
    bits = (bits << 8n) | BigInt(Number(part))
  }
  return bits
}

/** The 128 bits of an IPv6 address (with an IPv4 tail, or `::`), or null. */
const v6Bits = (address: string): bigint | null => {
  const zoneless = address.split("%")[0] ?? ""
  let text = zoneless
  let tail: Array<string> = []
  const lastColon = text.lastIndexOf(":")
  if (text.slice(lastColon + 1).includes(".")) {
    const v4 = v4Bits(text.slice(lastColon + 1))
    if (v4 === null) return null
    tail = [((v4 >> 16n) & 0xffffn).toString(16), (v4 & 0xffffn).toString(16)]
    text = `${text.slice(0, lastColon + 1)}${tail.join(":")}`
  }
  const halves = text.split("::")
  if (halves.length > 2) return null
  const head = halves[0] === "" ? [] : (halves[0] ?? "").split(":")
  const rest = halves.length === 2 ? (halves[1] === "" ? [] : (halves[1] ?? "").split(":")) : []
  const missing = 8 - head.length - rest.length
  if (halves.length === 1 ? head.length !== 8 : missing < 0) return null
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => "0"), ...rest]
  let bits = 0n
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null
    bits = (bits << 16n) | BigInt(Number.parseInt(group, 16))
  }
  return bits
}

const inPrefix = (bits: bigint, width: number, base: bigint, length: number): boolean =>
  bits >> BigInt(width - length) === base >> BigInt(width - length)

const v4Blocked = (bits: bigint): boolean =>
  V4_BLOCKED.some(([base, length]) => inPrefix(bits, 32, v4Bits(base) ?? 0n, length))

const V6_BLOCKED: ReadonlyArray<readonly [bigint, number]> = [
  [0xfc00n << 112n, 7], // unique local
  [0xfe80n << 112n, 10], // link-local
  [0xfec0n << 112n, 10], // site-local (deprecated)
  [0xff00n << 112n, 8], // multicast
  [0x20010000n << 96n, 32] // Teredo
]

const v6Blocked = (bits: bigint): boolean => {
  if (bits === 0n || bits === 1n) return true // unspecified, loopback
  // IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96), SIIT (::ffff:0:0:0/96), NAT64
  // (64:ff9b::/96, and local-use 64:ff9b:1::/48 whose IPv4 sits in the last 32 bits): judged as their IPv4
  if (
    inPrefix(bits, 128, 0xffffn << 32n, 96) ||
    inPrefix(bits, 128, 0n, 96) ||
    inPrefix(bits, 128, 0xffffn << 48n, 96) ||
    inPrefix(bits, 128, 0x64ff9bn << 96n, 96) ||
    inPrefix(bits, 128, 0x64ff9b0001n << 80n, 48)
  )
    return v4Blocked(bits & 0xffffffffn)
  // 6to4 (2002::/16): the IPv4 it leads to is bits 16–47
  if (inPrefix(bits, 128, 0x2002n << 112n, 16)) return v4Blocked((bits >> 80n) & 0xffffffffn)
  return V6_BLOCKED.some(([base, length]) => inPrefix(bits, 128, base, length))
}

/** Whether a text is an IP address literal (IPv4 dotted, or IPv6 without brackets). */
export const isIpLiteral = (text: string): boolean =>
  v4Bits(text) !== null || (text.includes(":") && v6Bits(text) !== null)

/** Whether an IP address (either family) is one webhooks may not reach by default; anything unreadable is. */
export const isPrivateAddress = (address: string): boolean => {
  const v4 = v4Bits(address)
  if (v4 !== null) return v4Blocked(v4)
  const v6 = address.includes(":") ? v6Bits(address) : null
  return v6 === null || v6Blocked(v6)
}

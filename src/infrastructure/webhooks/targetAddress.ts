import { lookup } from "node:dns/promises"
import { isIP } from "node:net"
import { isPrivateAddress } from "../../domain/webhook/privateAddress.ts"

export interface CheckedAddress {
  readonly address: string
  readonly family: 4 | 6
}

/**
 * The address to connect to for `hostname` (a name, or an IP literal, IPv6 without brackets):
 * every address the name resolves to is checked, and any private one refuses the whole name (a
 * name answering both is refused rather than trusted half-way). The caller connects to the
 * returned address itself, so a second, different answer (DNS rebinding) is never used.
 */
export const checkTarget = async (
  hostname: string,
  allowPrivate: boolean
): Promise<
  { readonly ok: true; readonly target: CheckedAddress } | { readonly ok: false; readonly reason: string }
> => {
  const literal = isIP(hostname)
  const found =
    literal === 0 ? await lookup(hostname, { all: true, verbatim: true }) : [{ address: hostname, family: literal }]
  const first = found[0]
  if (first === undefined) return { ok: false, reason: `${hostname} has no address` }
  if (!allowPrivate) {
    const blocked = found.find((a) => isPrivateAddress(a.address))
    if (blocked !== undefined)
      return {
        ok: false,
        reason: `${hostname} leads to ${blocked.address}, a loopback, private or link-local address`
      }
  }
  return { ok: true, target: { address: first.address, family: first.family === 6 ? 6 : 4 } }
}

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

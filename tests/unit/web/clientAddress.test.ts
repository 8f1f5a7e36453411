import { describe, expect, it } from "vitest"
import { addressBlock, clientAddress } from "../../../src/interfaces/web/clientAddress.ts"

const SOCKET = "10.0.0.2" // the nearest proxy, as the socket sees it

describe("clientAddress: who the caller is, behind TRUST_PROXY trusted proxies", () => {
  it("TRUST_PROXY=0 ignores X-Forwarded-For entirely: the socket's address", () => {
    expect(clientAddress({ socket: SOCKET, forwardedFor: undefined, trustedProxies: 0 })).toBe(SOCKET)
    expect(clientAddress({ socket: SOCKET, forwardedFor: "203.0.113.7", trustedProxies: 0 })).toBe(SOCKET)
    expect(clientAddress({ socket: SOCKET, forwardedFor: "1.1.1.1, 2.2.2.2", trustedProxies: 0 })).toBe(SOCKET)
  })

  it("one proxy: the last entry, the one the proxy appended", () => {
    expect(clientAddress({ socket: SOCKET, forwardedFor: "203.0.113.7", trustedProxies: 1 })).toBe("203.0.113.7")
    expect(clientAddress({ socket: SOCKET, forwardedFor: "  203.0.113.7  ", trustedProxies: 1 })).toBe("203.0.113.7")
    expect(clientAddress({ socket: SOCKET, forwardedFor: "2001:db8::1", trustedProxies: 1 })).toBe("2001:db8::1")
  })

  it("one proxy: entries the client sent itself (a spoofed prefix) are never taken", () => {
    expect(clientAddress({ socket: SOCKET, forwardedFor: "198.51.100.1, 203.0.113.7", trustedProxies: 1 })).toBe(
      "203.0.113.7"
    )
    expect(
      clientAddress({ socket: SOCKET, forwardedFor: "198.51.100.1,198.51.100.2,,203.0.113.7", trustedProxies: 1 })
    ).toBe("203.0.113.7")
    // a client cannot smuggle a comma into the proxy's entry: its text stays to the left
    expect(clientAddress({ socket: SOCKET, forwardedFor: "127.0.0.1, 8.8.8.8,203.0.113.7", trustedProxies: 1 })).toBe(
      "203.0.113.7"
    )
  })

  it("N proxies: the N-th entry from the right (the one the outermost trusted proxy appended)", () => {
    // client → CDN (appends client) → nginx (appends CDN) → Herald
    expect(clientAddress({ socket: SOCKET, forwardedFor: "203.0.113.7, 10.0.0.1", trustedProxies: 2 })).toBe(
      "203.0.113.7"
    )
    expect(
      clientAddress({ socket: SOCKET, forwardedFor: "6.6.6.6, 7.7.7.7, 203.0.113.7, 10.0.0.1", trustedProxies: 2 })
    ).toBe("203.0.113.7")
    expect(
      clientAddress({ socket: SOCKET, forwardedFor: "a, b, 203.0.113.7, 10.0.0.9, 10.0.0.1", trustedProxies: 3 })
    ).toBe("203.0.113.7")
  })

  it("fewer entries than trusted proxies (the request skipped part of the chain): the socket, never the leftmost", () => {
    expect(clientAddress({ socket: SOCKET, forwardedFor: undefined, trustedProxies: 1 })).toBe(SOCKET)
    expect(clientAddress({ socket: SOCKET, forwardedFor: "", trustedProxies: 1 })).toBe(SOCKET)
    expect(clientAddress({ socket: SOCKET, forwardedFor: " , ", trustedProxies: 1 })).toBe(SOCKET)
    // the one entry could be the client's own forgery sent straight to the inner proxy
    expect(clientAddress({ socket: SOCKET, forwardedFor: "198.51.100.1", trustedProxies: 2 })).toBe(SOCKET)
  })

  it("several X-Forwarded-For header lines count as one list, in order", () => {
    expect(clientAddress({ socket: SOCKET, forwardedFor: ["198.51.100.1", "203.0.113.7"], trustedProxies: 1 })).toBe(
      "203.0.113.7"
    )
    expect(
      clientAddress({ socket: SOCKET, forwardedFor: ["198.51.100.1, 203.0.113.7", "10.0.0.1"], trustedProxies: 2 })
    ).toBe("203.0.113.7")
  })
})

describe("addressBlock: whose allowance a client's refusals count against", () => {
  it.each([
    // IPv6: the /64, written shortest
    ["2001:db8:0:1::5", "2001:db8:0:1::/64"],
    ["2001:db8:0:1:ffff:ffff:ffff:ffff", "2001:db8:0:1::/64"],
    ["2001:0DB8:0000:0001:0000:0000:0000:0001", "2001:db8:0:1::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["1:2:3:4:5:6:7::", "1:2:3:4::/64"],
    ["64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
    // IPv4 and IPv4-mapped IPv6: the whole address
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "::ffff:203.0.113.7"],
    ["::FFFF:cb00:7107", "::FFFF:cb00:7107"],
    // not an address: as it is
    ["unknown", "unknown"],
    ["", ""],
    ["1::2::3", "1::2::3"],
    ["1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8:9"],
    ["1::2:3:4:5:6:7:8", "1::2:3:4:5:6:7:8"],
    ["12345::", "12345::"],
    ["::ffff:999.0.0.1", "::ffff:999.0.0.1"],
    ["gggg::1", "gggg::1"]
  ])("%s → %s", (address, block) => {
    expect(addressBlock(address)).toBe(block)
  })
})

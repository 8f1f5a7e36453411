import { scrypt } from "node:crypto"
import type { Socket } from "node:dgram"
import { createSocket } from "node:dgram"
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { checkTarget } from "../../../src/infrastructure/webhooks/targetAddress.ts"

/**
 * A DNS server on a local UDP port: answers A queries from `records` (no AAAA), or stays silent
 * for the names in `silent` (a blackholed name server), and answers SERVFAIL to AAAA queries with
 * `servfailAaaa`. Counts the questions it got.
 */
const startDns = async (
  records: Readonly<Record<string, string>>,
  silent: ReadonlySet<string> = new Set(),
  servfailAaaa = false
) => {
  const socket: Socket = createSocket("udp4")
  const asked: Array<string> = []
  socket.on("message", (query, from) => {
    // the question: labels from byte 12, then type and class
    const labels: Array<string> = []
    let at = 12
    while (query[at] !== 0) {
      const length = query[at] ?? 0
      labels.push(query.subarray(at + 1, at + 1 + length).toString("ascii"))
      at += length + 1
    }
    const name = labels.join(".").toLowerCase()
    const type = query.readUInt16BE(at + 1)
    asked.push(`${name}/${type === 1 ? "A" : type === 28 ? "AAAA" : type}`)
    if (silent.has(name)) return
    const question = query.subarray(12, at + 5)
    const address = type === 1 ? records[name] : undefined
    const header = Buffer.alloc(12)
    header.writeUInt16BE(query.readUInt16BE(0), 0)
    // SERVFAIL, NXDOMAIN or NOERROR
    header.writeUInt16BE(servfailAaaa && type === 28 ? 0x8182 : records[name] === undefined ? 0x8183 : 0x8180, 2)
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(address === undefined ? 0 : 1, 6)
    const answer =
      address === undefined
        ? Buffer.alloc(0)
        : Buffer.concat([
            Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4]),
            Buffer.from(address.split(".").map(Number))
          ])
    socket.send(Buffer.concat([header, question, answer]), from.port, from.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve))
  return { server: `127.0.0.1:${socket.address().port}`, asked, close: () => socket.close() }
}

let closing: Array<() => unknown> = []
afterEach(async () => {
  for (const close of closing) await close()
  closing = []
})

/** A temporary hosts file and resolv.conf (the system's are not the test's to change). */
const systemFiles = async (hosts: string, resolvConf: string) => {
  const dir = await mkdtemp(join(tmpdir(), "herald-dns-"))
  closing.push(() => rm(dir, { recursive: true, force: true }))
  const hostsPath = join(dir, "hosts")
  const resolvConfPath = join(dir, "resolv.conf")
  await writeFile(hostsPath, hosts)
  await writeFile(resolvConfPath, resolvConf)
  return { hostsPath, resolvConfPath }
}

describe("where a webhook's name leads: asked of DNS off libuv's thread pool", () => {
  it("a name is resolved through the Resolver (A and AAAA asked), and a private answer refuses it", async () => {
    const dns = await startDns({ "hooks.example.test": "93.184.216.34", "inside.example.test": "10.0.0.7" })
    closing.push(dns.close)
    const servers = [dns.server]
    expect(await checkTarget("hooks.example.test", false, { timeoutMs: 5_000, servers })).toEqual({
      ok: true,
      target: { address: "93.184.216.34", family: 4 }
    })
    expect(dns.asked).toEqual(expect.arrayContaining(["hooks.example.test/A", "hooks.example.test/AAAA"]))
    expect(await checkTarget("inside.example.test", false, { timeoutMs: 5_000, servers })).toEqual({
      ok: false,
      why: "private",
      address: "10.0.0.7"
    })
    expect(await checkTarget("nowhere.example.test", false, { timeoutMs: 5_000, servers })).toMatchObject({
      ok: false,
      why: "unresolved"
    })
    // literals and localhost ask nothing
    const before = dns.asked.length
    await checkTarget("8.8.8.8", false, { timeoutMs: 5_000, servers })
    await checkTarget("localhost", true, { timeoutMs: 5_000, servers })
    expect(dns.asked).toHaveLength(before)
  })

  it("names whose server never answers end at their deadline, and meanwhile the thread pool stays free", async () => {
    const dns = await startDns({}, new Set(["slow.example.test"]))
    closing.push(dns.close)
    const settled: Array<string> = []
    // more stuck lookups than libuv has threads (4)
    const lookups = Array.from({ length: 8 }, () =>
      checkTarget("slow.example.test", false, { timeoutMs: 1_500, servers: [dns.server] }).then((result) => {
        settled.push("lookup")
        return result
      })
    )
    // work that needs a pool thread: with getaddrinfo holding all four it would wait for them
    await new Promise<void>((resolve, reject) =>
      scrypt("password", "salt", 32, (error) => {
        if (error !== null) reject(error)
        else resolve()
      })
    )
    settled.push("scrypt")
    const results = await Promise.all(lookups)
    expect(settled[0]).toBe("scrypt")
    expect(results.every((r) => !r.ok && r.why === "timedOut")).toBe(true)
  })

  it("a lookup stopped by its caller is cancelled at once", async () => {
    const dns = await startDns({}, new Set(["slow.example.test"]))
    closing.push(dns.close)
    const stop = new AbortController()
    const pending = checkTarget("slow.example.test", false, {
      timeoutMs: 60_000,
      servers: [dns.server],
      signal: stop.signal
    })
    stop.abort()
    expect(await pending).toEqual({ ok: false, why: "timedOut" })
  })

  it("a name the hosts file lists is taken from it, DNS not asked, and still checked", async () => {
    const dns = await startDns({ "n8n.example.test": "93.184.216.34" })
    closing.push(dns.close)
    const files = await systemFiles(
      "127.0.0.1 localhost\n# a comment\n172.17.0.1\thost.docker.internal   gateway.docker.internal # Docker\n" +
        "93.184.216.35 n8n.example.test\nnot-an-address broken\n",
      ""
    )
    const options = { timeoutMs: 5_000, servers: [dns.server], ...files }
    // a private address from the hosts file is refused unless private targets are allowed
    expect(await checkTarget("host.docker.internal", false, options)).toEqual({
      ok: false,
      why: "private",
      address: "172.17.0.1"
    })
    expect(await checkTarget("Gateway.Docker.Internal.", true, options)).toEqual({
      ok: true,
      target: { address: "172.17.0.1", family: 4 }
    })
    // the hosts file wins over DNS, as with nsswitch's "files dns"
    expect(await checkTarget("n8n.example.test", false, options)).toEqual({
      ok: true,
      target: { address: "93.184.216.35", family: 4 }
    })
    expect(await checkTarget("broken", true, options)).toMatchObject({ ok: false, why: "unresolved" })
    expect(dns.asked.filter((q) => !q.startsWith("broken"))).toEqual([])
  })

  it("a short name is tried with resolv.conf's search domains, as the system resolver does", async () => {
    const dns = await startDns({
      "n8n.herald.svc.cluster.local": "10.96.0.20",
      "hooks.example.test": "93.184.216.34"
    })
    closing.push(dns.close)
    const files = await systemFiles(
      "",
      "nameserver 10.96.0.10\nsearch herald.svc.cluster.local svc.cluster.local cluster.local\noptions ndots:5\n"
    )
    const options = { timeoutMs: 5_000, servers: [dns.server], ...files }
    expect(await checkTarget("n8n", true, options)).toEqual({ ok: true, target: { address: "10.96.0.20", family: 4 } })
    // still checked: a private answer through a search domain is refused
    expect(await checkTarget("n8n", false, options)).toEqual({ ok: false, why: "private", address: "10.96.0.20" })
    // fewer dots than ndots: the search domains first, then the name itself
    dns.asked.length = 0
    expect(await checkTarget("hooks.example.test", false, options)).toMatchObject({ ok: true })
    expect(dns.asked.filter((q) => q.endsWith("/A"))).toEqual([
      "hooks.example.test.herald.svc.cluster.local/A",
      "hooks.example.test.svc.cluster.local/A",
      "hooks.example.test.cluster.local/A",
      "hooks.example.test/A"
    ])
    // a trailing dot: the name only
    dns.asked.length = 0
    expect(await checkTarget("n8n.", true, options)).toMatchObject({ ok: false, why: "unresolved" })
    expect(dns.asked.filter((q) => q.endsWith("/A"))).toEqual(["n8n/A"])
  })

  it("one family's answer is enough when the other's query fails", async () => {
    const dns = await startDns({ "hooks.example.test": "93.184.216.34" }, new Set(), true)
    closing.push(dns.close)
    const files = await systemFiles("", "")
    const options = { timeoutMs: 5_000, servers: [dns.server], ...files }
    expect(await checkTarget("hooks.example.test", false, options)).toEqual({
      ok: true,
      target: { address: "93.184.216.34", family: 4 }
    })
    // with no answer at all, the failure is told
    expect(await checkTarget("nowhere.example.test", false, options)).toMatchObject({
      ok: false,
      why: "unresolved",
      detail: expect.stringContaining("SERVFAIL")
    })
  })
})

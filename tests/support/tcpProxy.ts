import type { AddressInfo, Socket } from "node:net"
import { connect, createServer } from "node:net"

/**
 * A TCP proxy in front of a server, to make the network misbehave on purpose. `blackHole()`
 * freezes every open connection: bytes sent into it are swallowed and nothing comes back, but
 * it is never closed, like a peer that vanished without a reset (a crashed host, a firewall or
 * NAT that dropped the connection's state). New connections made after `restore()` work; the
 * frozen ones stay frozen, as they would on a real network.
 */
export interface TcpProxy {
  /** `127.0.0.1:<port>` to connect to instead of the target */
  readonly address: string
  blackHole(): void
  restore(): void
  /** bytes clients sent into frozen connections (something is waiting on them) */
  readonly swallowedBytes: () => number
  close(): Promise<void>
}

export const startTcpProxy = (targetHost: string, targetPort: number): Promise<TcpProxy> =>
  new Promise((resolve, reject) => {
    let frozen = false
    let swallowed = 0
    const open = new Set<Socket>()
    const live = new Set<{ freeze: () => void }>()

    const server = createServer((client) => {
      open.add(client)
      client.on("close", () => open.delete(client))
      client.on("error", () => undefined)
      const swallow = (chunk: Buffer) => {
        swallowed += chunk.length
      }
      if (frozen) {
        client.on("data", swallow)
        return
      }
      const upstream = connect(targetPort, targetHost)
      open.add(upstream)
      upstream.on("close", () => {
        open.delete(upstream)
        if (!pair.frozen) client.destroy()
      })
      upstream.on("error", () => undefined)
      client.on("close", () => {
        if (!pair.frozen) upstream.destroy()
      })
      const toUpstream = (chunk: Buffer) => void upstream.write(chunk)
      const toClient = (chunk: Buffer) => void client.write(chunk)
      client.on("data", toUpstream)
      upstream.on("data", toClient)
      const pair = {
        frozen: false,
        freeze: () => {
          pair.frozen = true
          client.off("data", toUpstream)
          client.on("data", swallow)
          upstream.off("data", toClient)
        }
      }
      live.add(pair)
      client.on("close", () => live.delete(pair))
    })
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        address: `127.0.0.1:${port}`,
        blackHole: () => {
          frozen = true
          for (const pair of live) pair.freeze()
          live.clear()
        },
        restore: () => {
          frozen = false
        },
        swallowedBytes: () => swallowed,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of open) socket.destroy()
            server.close(() => done())
          })
      })
    })
  })

import type { AddressInfo } from "node:net"
import { createServer } from "node:net"

/** A local port nothing listens on (bound, then released). */
export const closedPort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })

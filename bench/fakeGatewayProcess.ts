/**
 * The fake WAHA gateway in a process of its own, so that a benchmark measures the scheduler's
 * CPU and not the fake's. Driven over IPC (bench/fakeGateway.ts): {cmd: "reset" | "latency" |
 * "count" | "received" | "status"}.
 */
import { startFakeWaha } from "../tests/support/FakeWahaServer.ts"

// keep-alive, as a real WAHA: a new TCP connection per send would measure the loopback, not Herald
const fake = await startFakeWaha({ keepAlive: true })
type Command =
  | { id: number; cmd: "reset" }
  | { id: number; cmd: "latency"; ms: number }
  | { id: number; cmd: "count" }
  | { id: number; cmd: "received" }
  | { id: number; cmd: "status"; session: string; status: string }

process.on("message", async (message: Command) => {
  const reply = (value: unknown) => process.send?.({ id: message.id, value })
  switch (message.cmd) {
    case "reset":
      await fake.reset()
      return reply(null)
    case "latency":
      fake.latency(message.ms)
      return reply(null)
    case "count":
      return reply(fake.sent.length)
    case "received":
      // text and receive time of every accepted send
      return reply(
        fake.requests
          .filter((r) => r.path === "/api/sendText" && !r.aborted)
          .map((r) => [(r.body as { text: string }).text, r.receivedAt])
      )
    case "status":
      fake.setSessionStatus(message.session, message.status)
      return reply(null)
  }
})
process.on("disconnect", () => process.exit(0))
process.send?.({ id: 0, value: fake.url })

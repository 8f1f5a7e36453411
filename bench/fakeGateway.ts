import { fork } from "node:child_process"

/** The fake gateway process, driven over IPC. */
export const startGateway = async () => {
  const child = fork(new URL("./fakeGatewayProcess.ts", import.meta.url), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"]
  })
  let nextId = 1
  const pending = new Map<number, (value: unknown) => void>()
  const ready = new Promise<string>((resolve) => pending.set(0, (url) => resolve(url as string)))
  child.on("message", (m: { id: number; value: unknown }) => {
    pending.get(m.id)?.(m.value)
    pending.delete(m.id)
  })
  const call = <A>(command: Record<string, unknown>) =>
    new Promise<A>((resolve) => {
      const id = nextId++
      pending.set(id, (v) => resolve(v as A))
      child.send({ ...command, id })
    })
  const url = await ready
  return {
    url,
    reset: (latency: number) => call<null>({ cmd: "reset" }).then(() => call<null>({ cmd: "latency", ms: latency })),
    count: () => call<number>({ cmd: "count" }),
    received: () => call<Array<[string, number]>>({ cmd: "received" }),
    /** sets a session's status (a session Herald created starts SCAN_QR_CODE; sends need WORKING) */
    status: (session: string, status: string) => call<null>({ cmd: "status", session, status }),
    /** until `count` sends arrived, or a minute past their due time (then the shortfall is reported) */
    waitFor: async (count: number, dueAt: number) => {
      const deadline = Math.max(Date.now(), dueAt) + 60_000
      while ((await call<number>({ cmd: "count" })) < count && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5))
      }
    },
    close: () => child.disconnect()
  }
}

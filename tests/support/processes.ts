import type { ChildProcess } from "node:child_process"
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../../", import.meta.url))
const denoBin = `${root}node_modules/deno/deno`

export type Runtime = "node" | "deno"

export interface RunningProcess {
  readonly child: ChildProcess
  readonly output: () => string
  /** Resolves when a line of stdout or stderr matches; rejects at the deadline with what was printed. */
  readonly waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<string>
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Starts an entry file as its own OS process, as an operator would (no npm in between). */
export const startProcess = (
  entry: string,
  env: Record<string, string>,
  runtime: Runtime = "node",
  /** V8 and Node flags before the entry (node only), as an operator's command line would pass them */
  nodeArgs: ReadonlyArray<string> = []
): RunningProcess => {
  const args =
    runtime === "node"
      ? [...nodeArgs, entry]
      : ["run", "--allow-env", "--allow-net", "--allow-read", "--allow-write", "--allow-sys", entry]
  const child = spawn(runtime === "node" ? process.execPath : denoBin, args, {
    cwd: root,
    // only what the test gives, so no developer setting leaks in
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let text = ""
  const waiters = new Set<() => void>()
  const onData = (chunk: Buffer) => {
    text += chunk.toString()
    for (const wake of waiters) wake()
  }
  child.stdout?.on("data", onData)
  child.stderr?.on("data", onData)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => {
      for (const wake of waiters) wake()
      resolve({ code, signal })
    })
  )
  const waitForOutput = (pattern: RegExp, timeoutMs = 20_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = text.split("\n").find((l) => pattern.test(l))
        if (line !== undefined) {
          done()
          resolve(line)
        } else if (child.exitCode !== null || child.signalCode !== null) {
          done()
          reject(new Error(`process exited before printing ${pattern}; output:\n${text}`))
        }
      }
      const timer = setTimeout(() => {
        done()
        reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; output:\n${text}`))
      }, timeoutMs)
      const done = () => {
        clearTimeout(timer)
        waiters.delete(check)
      }
      waiters.add(check)
      check()
    })
  return { child, output: () => text, waitForOutput, exited }
}

export const schedulerEntry = "src/interfaces/scheduler/main.ts"
export const webEntry = "src/interfaces/web/main.ts"
export const standaloneEntry = "src/interfaces/standalone/main.ts"

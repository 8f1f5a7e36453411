import type { ChildProcess } from "node:child_process"
import { fork } from "node:child_process"

/** What the benches that poll GET /health while something else runs share (createStorm, uploadStall). */

/** A whole positive number from the environment, or `fallback`. */
export const wholeNumberEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`)
  return value
}

export interface Latencies {
  readonly p50: number
  readonly p99: number
  readonly max: number
  readonly count: number
}

export function summarize(samples: ReadonlyArray<number>): Latencies {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN, count: sorted.length }
}

/** One GET /health, answered 200: its time in ms. */
export async function healthOnce(url: string): Promise<number> {
  const started = performance.now()
  const response = await fetch(`${url}/health`)
  await response.text()
  if (response.status !== 200) throw new Error(`/health answered ${response.status}`)
  return performance.now() - started
}

/** `count` GET /health back to back: their times in ms. */
export async function healthSamples(url: string, count: number): Promise<Array<number>> {
  const samples: Array<number> = []
  for (let i = 0; i < count; i++) samples.push(await healthOnce(url))
  return samples
}

/**
 * Forks `file` as `server <store>` (the bench's own server mode: the web app in a process of its
 * own, so the client's work is not counted against its event loop) and waits for the target it
 * sends once ready; `stop` disconnects it and waits for its exit.
 */
export async function forkServer<T>(
  file: URL,
  store: string
): Promise<{ readonly child: ChildProcess; readonly target: T; readonly stop: () => Promise<void> }> {
  const child = fork(file, ["server", store], { stdio: ["ignore", "ignore", "inherit", "ipc"] })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const stop = async () => {
    if (child.connected) child.disconnect()
    await exited
  }
  try {
    const target = await new Promise<T>((resolve, reject) => {
      child.once("message", (m) => resolve(m as T))
      child.once("exit", (code) => reject(new Error(`${store} server exited (${code}) before it was ready`)))
    })
    return { child, target, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

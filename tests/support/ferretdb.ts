import { execFile, spawn } from "node:child_process"
import { existsSync, rmSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import type { AddressInfo } from "node:net"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { delimiter, join, resolve } from "node:path"
import { MongoClient } from "mongodb"

/**
 * FerretDB v1 (SQLite backend) for the Mongo tests, built by tools/build-ferretdb.sh from the
 * Go module proxy and cached in .cache/ferretdb/. Each call starts its own server on a free
 * port with its own data directory, so several can run at once.
 */
export interface FerretDb {
  /** `mongodb://127.0.0.1:<port>/` */
  readonly url: string
  readonly port: number
  readonly dataDir: string
  /** stops the server and removes its data directory (unless it was given) */
  stop(): Promise<void>
  /** stops the server, keeping its data (to restart it with the same port and dataDir) */
  kill(): Promise<void>
}

const root = resolve(import.meta.dirname, "../..")
const VERSION = process.env.FERRETDB_VERSION ?? "v1.24.2"
const cachedBinary = join(root, ".cache", "ferretdb", `ferretdb-${VERSION}`)

export const goOnPath = (): boolean =>
  (process.env.PATH ?? "").split(delimiter).some((dir) => dir !== "" && existsSync(join(dir, "go")))

/** Can startFerretDb work here: a built binary, or Go to build one. */
export const ferretDbAvailable = (): boolean => existsSync(cachedBinary) || goOnPath()

/** The binary's path; builds it (a minute or two, once) if it is not cached. */
export const buildFerretDb = (): Promise<string> =>
  new Promise((resolvePath, reject) => {
    execFile(
      "bash",
      [join(root, "tools", "build-ferretdb.sh")],
      { cwd: root, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, FERRETDB_VERSION: VERSION } },
      (error, stdout, stderr) => {
        const path = stdout.trim().split("\n").pop() ?? ""
        if (error || path === "" || !existsSync(path)) {
          reject(new Error(`tools/build-ferretdb.sh failed: ${error?.message ?? "no binary"}\n${stderr.slice(-4000)}`))
        } else {
          resolvePath(path)
        }
      }
    )
  })

const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolvePort(port))
    })
  })

export interface StartOptions {
  /** how long to wait for the server to answer a ping (default 30 s) */
  readonly readyTimeoutMs?: number
  /** reuse a port (e.g. to restart a stopped server at the same address) */
  readonly port?: number
  /** reuse a data directory (kept on stop when given) */
  readonly dataDir?: string
}

const startOnce = async (
  binary: string,
  port: number,
  dataDir: string,
  readyTimeoutMs: number,
  ownDir: boolean
): Promise<FerretDb> => {
  const child = spawn(
    binary,
    [
      `--listen-addr=127.0.0.1:${port}`,
      "--handler=sqlite",
      `--sqlite-url=file:${dataDir}/`,
      "--telemetry=disable",
      // port 0: the debug/metrics listener never collides with another instance
      "--debug-addr=127.0.0.1:0",
      "--log-level=warn",
      `--state-dir=${dataDir}`
    ],
    { stdio: ["ignore", "pipe", "pipe"] }
  )
  let output = ""
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000)
  }
  child.stdout.on("data", keep)
  child.stderr.on("data", keep)
  const exited = new Promise<number | null>((resolveExit) => child.once("exit", (code) => resolveExit(code)))
  // the test run ended without the teardown (killed, crashed): leave nothing behind
  const killOnExit = () => {
    child.kill("SIGKILL")
    if (ownDir) rmSync(dataDir, { recursive: true, force: true })
  }
  process.once("exit", killOnExit)

  const kill = async (): Promise<void> => {
    process.removeListener("exit", killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM")
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000)
      await exited
      clearTimeout(timer)
    }
  }
  const stop = async (): Promise<void> => {
    await kill()
    if (ownDir) await rm(dataDir, { recursive: true, force: true })
  }

  // The driver polls the server until it answers or the deadline passes: no fixed sleeps.
  const url = `mongodb://127.0.0.1:${port}/`
  const client = new MongoClient(url, { serverSelectionTimeoutMS: readyTimeoutMs, directConnection: true })
  try {
    const ready = client
      .db("admin")
      .command({ ping: 1 })
      .then(() => "ready" as const)
    const outcome = await Promise.race([ready, exited.then((code) => ({ code }))])
    if (outcome !== "ready") {
      throw new Error(`FerretDB exited with code ${outcome.code} before accepting connections:\n${output}`)
    }
  } catch (error) {
    await kill()
    throw error instanceof Error && error.message.startsWith("FerretDB")
      ? error
      : new Error(
          `FerretDB did not answer a ping on port ${port} within ${readyTimeoutMs} ms: ${String(error)}\n${output}`
        )
  } finally {
    await client.close().catch(() => undefined)
  }
  return { url, port, dataDir, stop, kill }
}

export const startFerretDb = async (options: StartOptions = {}): Promise<FerretDb> => {
  const binary = await buildFerretDb()
  const ownDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "herald-ferretdb-")))
  // A free port can be taken between the probe and FerretDB's bind: try a few.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort())
    try {
      return await startOnce(binary, port, dataDir, options.readyTimeoutMs ?? 30_000, ownDir)
    } catch (error) {
      if (attempt >= 3 || options.port !== undefined) {
        if (ownDir) await rm(dataDir, { recursive: true, force: true })
        throw error
      }
    }
  }
}

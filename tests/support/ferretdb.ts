import { execFile, execFileSync, spawn } from "node:child_process"
import { existsSync, rmSync } from "node:fs"
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import type { AddressInfo } from "node:net"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { delimiter, join, resolve } from "node:path"
import { MongoClient } from "mongodb"

/**
 * FerretDB v1 for the Mongo tests, built by tools/build-ferretdb.sh from the Go module proxy and
 * cached in .cache/ferretdb/. Each call starts its own server on a free port with its own data
 * directory and, on the PostgreSQL backend, its own PostgreSQL database (dropped on stop), so
 * several can run at once. Which backend: ferretDbBackend() (docs/development.md).
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

export type FerretDbBackend = "sqlite" | "postgresql"

/** The PostgreSQL of the `postgresql` backend: HERALD_FERRETDB_PG_URL, or the local server on trust auth. */
const pgBaseUrl = (): string => process.env.HERALD_FERRETDB_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

/** `psql` against `url` (a database name, or the base URL's database): exit code and output. */
const psql = (url: string, sql: string): Promise<{ readonly ok: boolean; readonly output: string }> =>
  new Promise((resolveRun) => {
    execFile(
      "psql",
      ["--no-psqlrc", "-v", "ON_ERROR_STOP=1", "-qAt", "-d", url, "-c", sql],
      { timeout: 10_000 },
      (error, stdout, stderr) => resolveRun({ ok: error === null, output: `${stdout}${stderr}` })
    )
  })

const pgDatabaseUrl = (database: string): string => {
  const base = new URL(pgBaseUrl())
  base.pathname = `/${database}`
  return base.toString()
}

/**
 * Which backend FerretDB runs on: SQLite unless HERALD_FERRETDB_BACKEND=postgresql (each instance
 * then gets a PostgreSQL database of its own, created with `psql` at HERALD_FERRETDB_PG_URL or
 * the local server, dropped on stop). Not PostgreSQL by default: FerretDB v1.24's PostgreSQL
 * backend uses none of Herald's indexes and hangs once 50 cursors are open (docs/scaling.md,
 * "FerretDB's PostgreSQL backend").
 */
export const ferretDbBackend = (): FerretDbBackend => {
  const asked = process.env.HERALD_FERRETDB_BACKEND
  if (asked === undefined || asked === "" || asked === "sqlite") return "sqlite"
  if (asked === "postgresql") return asked
  throw new Error(`HERALD_FERRETDB_BACKEND must be sqlite or postgresql, not ${asked}`)
}

export interface StartOptions {
  /** the storage behind FerretDB (default: ferretDbBackend()) */
  readonly backend?: FerretDbBackend
  /** how long to wait for the server to answer a ping (default 30 s) */
  readonly readyTimeoutMs?: number
  /** reuse a port (e.g. to restart a stopped server at the same address) */
  readonly port?: number
  /** reuse a data directory (kept on stop when given) */
  readonly dataDir?: string
}

/** Where one instance keeps its data: a directory (SQLite) or a PostgreSQL database of its own. */
interface Storage {
  readonly args: ReadonlyArray<string>
  /** drops what stop() removes; `sync` for the process's exit handler */
  readonly drop: (sync: boolean) => Promise<void>
}

// The PostgreSQL database of a data directory, so that a restart on the same dataDir finds its data.
const pgDatabaseFile = (dataDir: string) => join(dataDir, "postgresql-database")

const pgStorage = async (dataDir: string): Promise<Storage> => {
  const file = pgDatabaseFile(dataDir)
  let database = existsSync(file) ? (await readFile(file, "utf8")).trim() : ""
  if (database === "") {
    database = `herald_ferret_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
    const created = await psql(pgBaseUrl(), `CREATE DATABASE ${database}`)
    if (!created.ok) throw new Error(`FerretDB: could not create PostgreSQL database ${database}: ${created.output}`)
    await writeFile(file, database)
  }
  const dropSql = `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`
  return {
    args: ["--handler=postgresql", `--postgresql-url=${pgDatabaseUrl(database)}`],
    drop: async (sync) => {
      if (sync) {
        try {
          execFileSync("psql", ["--no-psqlrc", "-qAt", "-d", pgBaseUrl(), "-c", dropSql], { stdio: "ignore" })
        } catch {
          // best effort at exit
        }
      } else {
        await psql(pgBaseUrl(), dropSql)
      }
    }
  }
}

const startOnce = async (
  binary: string,
  port: number,
  dataDir: string,
  storage: Storage,
  readyTimeoutMs: number,
  ownDir: boolean
): Promise<FerretDb> => {
  const child = spawn(
    binary,
    [
      `--listen-addr=127.0.0.1:${port}`,
      ...storage.args,
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
    void storage.drop(true)
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
    await storage.drop(false)
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
  const backend = options.backend ?? ferretDbBackend()
  const ownDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "herald-ferretdb-")))
  const storage: Storage =
    backend === "postgresql"
      ? await pgStorage(dataDir)
      : { args: ["--handler=sqlite", `--sqlite-url=file:${dataDir}/`], drop: async () => undefined }
  // A free port can be taken between the probe and FerretDB's bind: try a few.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort())
    try {
      return await startOnce(binary, port, dataDir, storage, options.readyTimeoutMs ?? 30_000, ownDir)
    } catch (error) {
      if (attempt >= 3 || options.port !== undefined) {
        await storage.drop(false)
        if (ownDir) await rm(dataDir, { recursive: true, force: true })
        throw error
      }
    }
  }
}

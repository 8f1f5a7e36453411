/**
 * The stores a benchmark runs on: memory, SQLite (a file in a temp folder, as standalone opens
 * it), FerretDB v1 (started here from .cache/ferretdb, built by tools/build-ferretdb.sh when
 * absent; its backend: ferretBackendOption) and, when MONGODB_TEST_URL is set, that server. Each run gets a fresh, empty store.
 */

import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Layer } from "effect"
import { MongoClient } from "mongodb"
import type { ProjectionStores } from "../src/application/eventSourcing/Aggregates.ts"
import type { EventStore } from "../src/application/ports/EventStore.ts"
import type { MediaStore } from "../src/application/ports/MediaStore.ts"
import type { ProjectionCheckpoint } from "../src/application/ports/ProjectionCheckpoint.ts"
import type { MemoryDatabase } from "../src/infrastructure/memory/MemoryDatabase.ts"
import { makeMemoryDatabase } from "../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../src/infrastructure/memory/MemoryStore.ts"
import { MongoDatabase } from "../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../src/infrastructure/mongo/MongoStore.ts"
import { SqliteDatabase } from "../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../src/infrastructure/sqlite/SqliteStore.ts"
import type { FerretDb, FerretDbBackend } from "../tests/support/ferretdb.ts"
import { ferretDbBackend, startFerretDb } from "../tests/support/ferretdb.ts"
import { withDatabase } from "../tests/support/mongo.ts"

export type StoreKind = "memory" | "sqlite" | "ferretdb" | "mongodb"

/** One fresh store: the layer a scheduler (or a planner) of it uses, and how to throw it away. */
export interface FreshStore {
  readonly layer: Layer.Layer<EventStore | ProjectionStores | ProjectionCheckpoint | MediaStore, unknown>
  /** the memory store's database, to look at its messages after a run */
  readonly memory: MemoryDatabase | null
  /** SQLite: the file; Mongo: the DATABASE_URL */
  readonly location: string
  readonly dispose: () => Promise<void>
}

export interface StoreTarget {
  readonly kind: StoreKind
  readonly label: string
  readonly fresh: () => Promise<FreshStore>
  readonly close: () => Promise<void>
}

let databases = 0
const freshName = () => `herald_bench_${process.pid}_${++databases}`

const dropDatabase = async (url: string) => {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000 })
  try {
    await client.db().dropDatabase()
  } finally {
    await client.close()
  }
}

/** A Mongo store layer as the scheduler process builds it (one connection). */
export const mongoLayer = (url: string, maxPoolSize = 1) =>
  MongoStore.layer.pipe(Layer.provideMerge(MongoDatabase.layer({ url, maxPoolSize })))

/** A SQLite store layer as standalone builds it (synchronous FULL unless told otherwise). */
export const sqliteLayer = (path: string, synchronous: "FULL" | "NORMAL" = "FULL") =>
  SqliteStore.layer.pipe(Layer.provideMerge(SqliteDatabase.layer({ path, synchronous })))

const mongoTarget = (kind: StoreKind, label: string, baseUrl: string, stop: () => Promise<void>): StoreTarget => ({
  kind,
  label,
  fresh: async () => {
    const url = withDatabase(baseUrl, freshName())
    return { layer: mongoLayer(url), memory: null, location: url, dispose: () => dropDatabase(url) }
  },
  close: stop
})

/** `--ferretdb-backend sqlite|postgresql`, else as the tests pick (HERALD_FERRETDB_BACKEND, default SQLite). */
export const ferretBackendOption = (): FerretDbBackend => {
  const [asked] = listOption("ferretdb-backend", [])
  if (asked === undefined) return ferretDbBackend()
  if (asked === "sqlite" || asked === "postgresql") return asked
  throw new Error(`--ferretdb-backend: sqlite or postgresql, not ${asked}`)
}

/** FerretDB v1 on the backend of ferretBackendOption, one server for the whole benchmark. */
export const startFerret = async (): Promise<FerretDb & { readonly backend: FerretDbBackend }> => {
  const backend = ferretBackendOption()
  return { ...(await startFerretDb({ readyTimeoutMs: 60_000, backend })), backend }
}

export const openStore = async (kind: StoreKind): Promise<StoreTarget> => {
  switch (kind) {
    case "memory":
      return {
        kind,
        label: "memory",
        fresh: async () => {
          const db = makeMemoryDatabase()
          return { layer: MemoryStore.layer(db), memory: db, location: "memory", dispose: async () => undefined }
        },
        close: async () => undefined
      }
    case "sqlite":
      return {
        kind,
        label: "SQLite (WAL, synchronous=FULL)",
        fresh: async () => {
          const dir = await mkdtemp(join(tmpdir(), "herald-bench-"))
          const path = join(dir, "herald.db")
          return {
            layer: sqliteLayer(path),
            memory: null,
            location: path,
            dispose: () => rm(dir, { recursive: true, force: true })
          }
        },
        close: async () => undefined
      }
    case "ferretdb": {
      const ferret = await startFerret()
      return mongoTarget(kind, `FerretDB v1 (${ferret.backend} backend)`, ferret.url, () => ferret.stop())
    }
    case "mongodb": {
      const url = process.env.MONGODB_TEST_URL
      if (url === undefined || url === "") throw new Error("MONGODB_TEST_URL is not set")
      return mongoTarget(kind, "MONGODB_TEST_URL", url, async () => undefined)
    }
  }
}

/** `--name a,b,c` from argv, or the fallback. */
export const listOption = (name: string, fallback: ReadonlyArray<string>): ReadonlyArray<string> => {
  const args = process.argv.slice(2)
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`))
  if (at < 0) return fallback
  const arg = args[at] ?? ""
  const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : (args[at + 1] ?? "")
  return value
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "")
}

/** The stores of `--stores` (default memory, SQLite and FerretDB), plus MONGODB_TEST_URL when set. */
export const storesOption = (fallback: ReadonlyArray<StoreKind>): ReadonlyArray<StoreKind> => {
  const known: ReadonlyArray<StoreKind> = ["memory", "sqlite", "ferretdb", "mongodb"]
  const asked = listOption("stores", fallback)
  const kinds = asked.map((name) => {
    const kind = known.find((k) => k === name)
    if (kind === undefined) throw new Error(`--stores: unknown store ${name} (known: ${known.join(", ")})`)
    return kind
  })
  const mongo = process.env.MONGODB_TEST_URL
  return mongo !== undefined && mongo !== "" && !kinds.includes("mongodb") ? [...kinds, "mongodb"] : kinds
}

/**
 * A store full of planned messages, made once and kept: planning a million messages through the
 * use cases takes many minutes, so bench:growth keeps each size it planned on SQLite under
 * .cache/growth/ (gitignored) and later runs copy it instead of planning again. A copy is keyed
 * by the SQLite schema version (a newer Herald plans again rather than read an old layout) and by
 * the size; it holds the database (checkpointed, so one file), the data folder's auth-secret and
 * what the benchmark needs to know about it (its user, its campaigns, when its plan starts).
 *
 * A copy is used only while its first message is more than a day ahead: a store planned long
 * ago would hold messages now due, which the processes measured would send or record missed.
 *
 * What is measured is a store with that much history, not the hour after a bulk plan: `settle`
 * makes the plan look as it does once standalone has run for a day after it (its events recorded
 * a day earlier than they were, the projection checkpoint past them). Without it, each process
 * would start by reading every event of the plan: the first catch-up (which a running scheduler
 * would have done while the plan was made) and the web side's failure alerts (which look at the
 * last day's events at start).
 */

import { copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { fileURLToPath } from "node:url"
import { z } from "zod"
import { SQLITE_SCHEMA_VERSION } from "../src/infrastructure/sqlite/SqliteDatabase.ts"

const CACHE = fileURLToPath(new URL("../.cache/growth/", import.meta.url))
/** files of a data folder that make the store: the database and the secret its sign-ins use */
const FILES = ["herald.db", "auth-secret"] as const
/** a copy whose plan starts sooner than this is planned again */
const FRESH_FOR_MS = 24 * 60 * 60 * 1000
/** how far back `settle` moves the plan's events: past the failure alerts' day */
const SETTLED_MS = 24 * 60 * 60 * 1000 + 60_000

const Meta = z.object({
  userId: z.string(),
  /** the first message's scheduledAt */
  planStartsAt: z.number(),
  campaignIds: z.array(z.string())
})
export type PlannedMeta = z.infer<typeof Meta>

const folderOf = (size: number) => join(CACHE, `sqlite-v${SQLITE_SCHEMA_VERSION}-${size}`)

/**
 * The plan's events a day and a minute older, and the projection checkpoint past them (see
 * above); answers how many events it moved.
 */
export const settle = (dataDir: string): number => {
  const db = new DatabaseSync(join(dataDir, "herald.db"))
  try {
    db.exec("BEGIN IMMEDIATE")
    const moved = db
      .prepare("UPDATE events SET recorded_at = recorded_at - ? WHERE recorded_at > ?")
      .run(SETTLED_MS, Date.now() - SETTLED_MS).changes
    db.prepare(
      `INSERT INTO checkpoints (id, position) SELECT 'projections', coalesce(max(recorded_at), 0) + 1 FROM events WHERE true
       ON CONFLICT (id) DO UPDATE SET position = excluded.position WHERE excluded.position > checkpoints.position`
    ).run()
    db.exec("COMMIT")
    return Number(moved)
  } finally {
    db.close()
  }
}

/** Copies a kept store of `size` messages into `dataDir`; null when none is kept or it is stale. */
export const restorePlanned = async (size: number, dataDir: string): Promise<PlannedMeta | null> => {
  const folder = folderOf(size)
  const text = await readFile(join(folder, "meta.json"), "utf8").catch(() => null)
  if (text === null) return null
  const meta = Meta.safeParse(JSON.parse(text))
  if (!meta.success || meta.data.planStartsAt < Date.now() + FRESH_FOR_MS) return null
  for (const name of ["herald.db-wal", "herald.db-shm"]) await rm(join(dataDir, name), { force: true })
  for (const name of FILES) await copyFile(join(folder, name), join(dataDir, name))
  // kept settled; a copy kept by a run that did not settle is settled here, and kept so
  if (settle(dataDir) > 0) await keepPlanned(size, dataDir, meta.data)
  return meta.data
}

/**
 * Keeps the store of `dataDir` as the one of `size` messages. No process may have it open: the
 * WAL is folded into the file first, so the one file is the whole store.
 */
export const keepPlanned = async (size: number, dataDir: string, meta: PlannedMeta): Promise<void> => {
  settle(dataDir)
  const db = new DatabaseSync(join(dataDir, "herald.db"))
  try {
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)")
  } finally {
    db.close()
  }
  const folder = folderOf(size)
  const partial = `${folder}.partial`
  await rm(partial, { recursive: true, force: true })
  await mkdir(partial, { recursive: true })
  for (const name of FILES) await copyFile(join(dataDir, name), join(partial, name))
  await writeFile(join(partial, "meta.json"), JSON.stringify(meta))
  // a run stopped half way leaves a .partial folder, never a copy that looks whole
  await rm(folder, { recursive: true, force: true })
  await rename(partial, folder)
}

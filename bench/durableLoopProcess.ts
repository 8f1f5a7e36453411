/**
 * The durable floor of bench/standaloneBurst.ts: the bare loop (bench/bareLoopProcess.ts) plus, per
 * message, the least durable work Herald's guarantee needs, done as cheaply as node:sqlite allows.
 * `node bench/durableLoopProcess.ts <gatewayUrl> <lanes> <perLane> <startAt> <dbPath>` opens a fresh
 * SQLite file as Herald does (WAL, commits with synchronous NORMAL, the WAL synced with fdatasync on
 * the thread pool, one sync at a time shared by every commit made before it: groupCommit.ts's own
 * fdatasyncWal and serialSyncs), waits until startAt, then runs `lanes` loops at once, each, per
 * message: a claim row (an event at version 1 of the message's stream, its primary key what makes a
 * claim exclusive) committed and synced before the send; the send, as the bare loop's (floorSend.ts); a record
 * row (version 2) after it. The rows asked for in one turn of the event loop, by any lane, share one
 * transaction, and a lane's record goes in with its next claim, so both share that claim's sync (as
 * Herald's group commit and Dispatcher do); the last record of a lane is synced before it ends. No
 * views, counters, logs or checks: the rows alone. Prints the CPU time (ms) of the burst and exits.
 */
import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { fdatasyncWal, serialSyncs } from "../src/infrastructure/sqlite/groupCommit.ts"
import { floorSend } from "./floorSend.ts"

const [url, lanesArg, perLaneArg, startAtArg, dbPath] = process.argv.slice(2)
if (
  url === undefined ||
  lanesArg === undefined ||
  perLaneArg === undefined ||
  startAtArg === undefined ||
  dbPath === undefined
) {
  console.error("usage: node bench/durableLoopProcess.ts <gatewayUrl> <lanes> <perLane> <startAt> <dbPath>")
  process.exit(2)
}
const lanes = Number(lanesArg)
const perLane = Number(perLaneArg)
const startAt = Number(startAtArg)

mkdirSync(dirname(dbPath), { recursive: true })
const db = new DatabaseSync(dbPath)
db.exec("PRAGMA journal_mode = WAL")
db.exec("PRAGMA synchronous = NORMAL")
// Herald's log table, without the index its catch-up reads by
db.exec(
  "CREATE TABLE events (stream TEXT NOT NULL, version INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, recorded_at INTEGER NOT NULL, PRIMARY KEY (stream, version))"
)
// a version already taken is a lost claim, not an error (nothing is ever taken here)
const insert = db.prepare(
  "INSERT INTO events (stream, version, type, data, recorded_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
)
const wal = fdatasyncWal(`${dbPath}-wal`)
const sync = serialSyncs(wal)

interface Row {
  readonly stream: string
  readonly version: number
  readonly type: string
  readonly data: string
}
// rows asked for in this turn of the event loop, and who waits for them to be durable
let batch: Array<Row> = []
let waiting: Array<(error: unknown) => void> = []
const commit = () => {
  const rows = batch
  const done = waiting
  batch = []
  waiting = []
  const at = Date.now()
  db.exec("BEGIN IMMEDIATE")
  for (const row of rows) {
    if (insert.run(row.stream, row.version, row.type, row.data, at).changes !== 1)
      throw new Error(`${row.stream}: version ${row.version} taken`)
  }
  db.exec("COMMIT")
  if (done.length > 0)
    sync((error) => {
      for (const resume of done) resume(error)
    })
}
const write = (row: Row) => {
  if (batch.length === 0) setImmediate(commit)
  batch.push(row)
}
/** Written with the rows asked for before it; resolves once on disk. */
const durable = (row: Row) =>
  new Promise<void>((resolve, reject) => {
    write(row)
    waiting.push((error) => (error === null || error === undefined ? resolve() : reject(error)))
  })

await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())))
const cpu = process.cpuUsage()
await Promise.all(
  Array.from({ length: lanes }, async (_, lane) => {
    for (let i = 0; i < perLane; i++) {
      const stream = `message-s${lane}m${i}`
      // the previous message's record (written just before) is in this claim's transaction or an earlier one
      await durable({ stream, version: 1, type: "MessagePicked", data: `{"by":"floor","at":${Date.now()}}` })
      await floorSend(url, lane, `durable-s${lane}m${i}`, `durable-${lane}`)
      const record = { stream, version: 2, type: "MessageSent", data: `{"at":${Date.now()}}` }
      if (i < perLane - 1) write(record)
      else await durable(record)
    }
  })
)
const used = process.cpuUsage(cpu)
db.close()
wal.close()
// the CPU time (ms) the burst took, for the bench to compare
console.log(((used.user + used.system) / 1000).toFixed(0))

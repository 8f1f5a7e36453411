import { MongoClient } from "mongodb"
import { inject } from "vitest"

import { MONGO_SKIP_REASON } from "./mongoProvided.ts"

export { MONGO_SKIP_REASON }

/** The server the Mongo suites run against, or null when they are skipped (see globalSetup). */
export const mongoTestUrl = (): string | null => inject("mongoUrl") ?? null

/** `url` with its database (path) replaced by `database`, options kept. */
export const withDatabase = (url: string, database: string): string => {
  const start = url.indexOf("://") + 3
  const at = url.lastIndexOf("@")
  const hostsStart = at >= start ? at + 1 : start
  const rel = url.slice(hostsStart).search(/[/?]/)
  const hostsEnd = rel < 0 ? url.length : hostsStart + rel
  const tail = url.slice(hostsEnd)
  const q = tail.indexOf("?")
  return `${url.slice(0, hostsEnd)}/${database}${q < 0 ? "" : tail.slice(q)}`
}

let counter = 0
const created: Array<string> = []

/**
 * A URL of a database no other test uses (the server creates it on first use), so that tests
 * and test files never share data. `dropTestDatabases` removes them.
 */
export const freshDatabaseUrl = (label = "t"): string => {
  const base = mongoTestUrl()
  if (base === null) throw new Error(`freshDatabaseUrl: ${MONGO_SKIP_REASON}`)
  const tag = label.replace(/[^A-Za-z0-9]/g, "").slice(0, 16) || "t"
  const name = `herald_${tag}_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`
  created.push(name)
  return withDatabase(base, name)
}

/** Drops the databases made by freshDatabaseUrl in this file (call in afterAll). */
export const dropTestDatabases = async (): Promise<void> => {
  const base = mongoTestUrl()
  if (base === null || created.length === 0) return
  const client = new MongoClient(base, { serverSelectionTimeoutMS: 5_000 })
  try {
    for (const name of created.splice(0)) await client.db(name).dropDatabase()
  } finally {
    await client.close()
  }
}

import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Layer, Logger } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { ScryptPasswordHasher } from "../../../src/infrastructure/auth/ScryptPasswordHasher.ts"
import { WahaGateway } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import { MemoryNotifier } from "../../../src/infrastructure/notify/MemoryNotifier.ts"
import type { SqliteConnection } from "../../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { openSqlite, SqliteDatabase } from "../../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../../src/infrastructure/sqlite/SqliteStore.ts"
import { webServicesLayer } from "../../../src/interfaces/web/WebServer.ts"
import { ferretDbAvailable, startFerretDb } from "../../support/ferretdb.ts"
import { serveWeb } from "../../support/serveWeb.ts"
import { expectTrpcError, WebClient } from "../../support/webClient.ts"
import { AUTH_URL, startTestWeb } from "../../support/webHarness.ts"

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const ready = async (url: string) => {
  const response = await fetch(`${url}/ready`)
  const body: unknown = await response.json()
  return { status: response.status, body }
}

describe("GET /ready proves the store takes writes, not only reads", () => {
  it("memory: 503 while the database refuses writes (reads still answer), 200 again after", async () => {
    const web = await startTestWeb({ kind: "memory" })
    cleanups.push(() => web.close())
    expect(await ready(web.url)).toEqual({ status: 200, body: { status: "ready" } })
    web.memory!.readOnly = "the database is read-only"
    expect(await ready(web.url)).toEqual({ status: 503, body: { status: "unavailable" } })
    expect((await fetch(`${web.url}/health`)).status).toBe(200)
    // reads answer, writes are refused cleanly
    const reader = web.client()
    await reader.api.auth.me.query()
    expect(reader.lastAnswer.status).toBe(200)
    await expectTrpcError(
      web.client().api.auth.signUp.mutate({ email: "x@example.com", password: "correct horse battery", name: "X" }),
      "SERVICE_UNAVAILABLE"
    )
    web.memory!.readOnly = null
    expect(await ready(web.url)).toEqual({ status: 200, body: { status: "ready" } })
  })

  it("SQLite: 503 once its connection can no longer write (PRAGMA query_only), 200 again after; the probe does not grow the file's tables", async () => {
    const dir = mkdtempSync(join(tmpdir(), "herald-ready-"))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    // the store's own connection, to turn it read-only from here
    const opened = Promise.withResolvers<SqliteConnection>()
    const store = SqliteStore.layer.pipe(
      Layer.provideMerge(
        Layer.effect(
          SqliteDatabase,
          Effect.tap(openSqlite({ path: join(dir, "herald.db") }), (c) => Effect.sync(() => opened.resolve(c)))
        )
      )
    )
    const base = Layer.mergeAll(
      store,
      // never called here: /ready asks only the store
      WahaGateway.layer({ baseUrl: "http://127.0.0.1:9", apiKey: "unused", timeoutMs: 1_000 }),
      ScryptPasswordHasher.layer,
      MemoryNotifier.layer([])
    ).pipe(Layer.provideMerge(Logger.layer([])))
    const server = await serveWeb(webServicesLayer(base, { appUrl: AUTH_URL }), {
      port: 0,
      authUrl: AUTH_URL,
      hostname: "127.0.0.1"
    })
    cleanups.push(() => server.close())
    const { db } = await opened.promise
    const rowsOf = () => {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((r) => String(r["name"]))
      return tables.map((t) => [t, Number(db.prepare(`SELECT COUNT(*) AS n FROM "${t}"`).get()!["n"])])
    }

    expect((await ready(server.url)).status).toBe(200)
    const afterOne = rowsOf()
    for (let i = 0; i < 3; i++) expect((await ready(server.url)).status).toBe(200)
    expect(rowsOf()).toEqual(afterOne)

    db.exec("PRAGMA query_only = 1")
    expect(await ready(server.url)).toEqual({ status: 503, body: { status: "unavailable" } })
    // it still reads: a read-only probe would have said "ready"
    const reader = new WebClient(server.url, { origin: new URL(AUTH_URL).origin })
    await reader.api.auth.me.query()
    expect(reader.lastAnswer.status).toBe(200)
    db.exec("PRAGMA query_only = 0")
    expect((await ready(server.url)).status).toBe(200)
  })

  it.skipIf(!ferretDbAvailable())(
    "Mongo (a FerretDB of its own): 200 while it takes writes, 503 once it is gone",
    async () => {
      const ferret = await startFerretDb()
      cleanups.push(() => ferret.stop())
      const web = await startTestWeb({ kind: "mongo", url: `${ferret.url}herald` })
      cleanups.push(() => web.close())
      expect(await ready(web.url)).toEqual({ status: 200, body: { status: "ready" } })
      await ferret.kill()
      expect(await ready(web.url)).toEqual({ status: 503, body: { status: "unavailable" } })
      expect((await fetch(`${web.url}/health`)).status).toBe(200)
    },
    60_000
  )
})

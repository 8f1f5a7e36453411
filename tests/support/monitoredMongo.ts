import { Effect, Layer } from "effect"
import type { CommandStartedEvent } from "mongodb"
import { MongoClient } from "mongodb"
import { ensureSchema, MongoDatabase } from "../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../src/infrastructure/mongo/MongoStore.ts"

/** The collection a command names (a getMore names it in `collection`). */
const collectionOf = (event: CommandStartedEvent): string => {
  const named = event.command[event.commandName]
  if (typeof named === "string") return named
  const collection = event.command.collection
  return typeof collection === "string" ? collection : "-"
}

/**
 * A Mongo store over a client whose commands are counted by the driver's command monitoring
 * (`<command> <collection>` → count, while `counting.on`), one connection as a scheduler or a
 * web process has (docs/scaling.md, "MongoDB").
 */
export const monitoredStore = (url: string, seen: Map<string, number>, counting: { on: boolean }) =>
  MongoStore.layer.pipe(
    Layer.provideMerge(
      Layer.effect(
        MongoDatabase,
        Effect.acquireRelease(
          Effect.promise(async () => {
            const client = new MongoClient(url, {
              maxPoolSize: 1,
              serverSelectionTimeoutMS: 10_000,
              ignoreUndefined: true,
              monitorCommands: true
            })
            client.on("commandStarted", (event: CommandStartedEvent) => {
              if (!counting.on) return
              const key = `${event.commandName} ${collectionOf(event)}`
              seen.set(key, (seen.get(key) ?? 0) + 1)
            })
            await client.connect()
            return client
          }),
          (client) => Effect.promise(() => client.close())
        ).pipe(
          Effect.flatMap((client) => Effect.as(Effect.orDie(ensureSchema(client.db())), { client, db: client.db() }))
        )
      )
    )
  )

/** The counts, one line per command and collection, with the count per `unit`. */
export const breakdown = (seen: ReadonlyMap<string, number>, units: number, unit: string) =>
  [...seen]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `  ${key.padEnd(28)} ${String(n).padStart(5)}  ${(n / units).toFixed(2)}/${unit}`)
    .join("\n")

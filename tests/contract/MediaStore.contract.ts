import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { StoredMedia } from "../../src/application/ports/MediaStore.ts"
import { MediaStore } from "../../src/application/ports/MediaStore.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

/** The chunk size of the SQLite and GridFS adapters: lengths around it test the boundaries. */
const CHUNK = 256 * 1024
const T = Date.parse("2026-03-01T10:00:00.000Z")

const stored = (id: string, overrides: Partial<StoredMedia> = {}): StoredMedia => ({
  id,
  ownerId: "u1",
  mimetype: "image/png",
  filename: "photo.png",
  size: 0,
  kind: "image",
  createdAt: T,
  usedAt: T,
  ...overrides
})

/** Bytes that differ at every offset modulo a prime: a chunk out of place or repeated shows. */
const bytesOf = (length: number): Uint8Array => {
  const bytes = new Uint8Array(length)
  for (let i = 0; i < length; i++) bytes[i] = (i * 7 + (i >> 8)) % 251
  return bytes
}

const put = (media: StoredMedia, bytes: Uint8Array) =>
  MediaStore.use((store) => store.put({ ...media, size: bytes.length }, bytes))
const read = (id: string) => MediaStore.use((store) => store.read(id))

export const describeMediaStoreContract = (name: string, harness: StoreHarness) =>
  describe(`MediaStore contract: ${name}`, () => {
    it.effect("keeps 16 MB byte for byte, read back by another client; info without the bytes", () => {
      const db = harness.freshDatabase()
      return Effect.gen(function* () {
        const bytes = bytesOf(16 * 1024 * 1024)
        yield* put(stored("big", { filename: 'Übersicht 2026 "final".pdf', kind: "file" }), bytes).pipe(
          Effect.provide(db.connect())
        )
        const back = yield* read("big").pipe(Effect.provide(db.connect()))
        expect(back?.media).toEqual(
          stored("big", { filename: 'Übersicht 2026 "final".pdf', kind: "file", size: bytes.length })
        )
        expect(back?.bytes.length).toBe(bytes.length)
        expect(Buffer.from(back?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true)
        expect(yield* MediaStore.use((s) => s.info("big")).pipe(Effect.provide(db.connect()))).toEqual(back?.media)
      })
    })

    it.effect("chunk boundaries: empty, one byte, a chunk less one, a chunk, a chunk and one", () =>
      Effect.gen(function* () {
        const lengths = [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK]
        for (const length of lengths) yield* put(stored(`m${length}`), bytesOf(length))
        for (const length of lengths) {
          const back = yield* read(`m${length}`)
          expect(back?.media.size).toBe(length)
          expect(Buffer.from(back?.bytes ?? []).equals(Buffer.from(bytesOf(length)))).toBe(true)
        }
      }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("usage counts one owner's uploads only; an unknown id reads null", () =>
      Effect.gen(function* () {
        yield* put(stored("a1", { ownerId: "alice" }), bytesOf(10))
        yield* put(stored("a2", { ownerId: "alice" }), bytesOf(CHUNK + 5))
        yield* put(stored("b1", { ownerId: "bob" }), bytesOf(7))
        expect(yield* MediaStore.use((s) => s.usage("alice"))).toEqual({ count: 2, bytes: CHUNK + 15 })
        expect(yield* MediaStore.use((s) => s.usage("bob"))).toEqual({ count: 1, bytes: 7 })
        expect(yield* MediaStore.use((s) => s.usage("carol"))).toEqual({ count: 0, bytes: 0 })
        expect((yield* read("b1"))?.media.ownerId).toBe("bob")
        expect(yield* read("nope")).toBeNull()
        expect(yield* MediaStore.use((s) => s.info("nope"))).toBeNull()
      }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("delete removes it and its bytes, others stay; deleting again or an unknown id is a no-op", () =>
      Effect.gen(function* () {
        yield* put(stored("d1"), bytesOf(2 * CHUNK))
        yield* put(stored("d2"), bytesOf(3))
        yield* MediaStore.use((s) => s.delete("d1"))
        yield* MediaStore.use((s) => s.delete("d1"))
        yield* MediaStore.use((s) => s.delete("unknown"))
        expect(yield* read("d1")).toBeNull()
        expect((yield* read("d2"))?.bytes).toEqual(bytesOf(3))
        expect(yield* MediaStore.use((s) => s.usage("u1"))).toEqual({ count: 1, bytes: 3 })
      }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect(
      "listUnusedSince: used before the cutoff only, least recently used first then by id, at most the limit, after a cursor",
      () =>
        Effect.gen(function* () {
          yield* put(stored("c", { usedAt: T + 2 }), bytesOf(1))
          yield* put(stored("b", { usedAt: T }), bytesOf(1))
          yield* put(stored("a", { usedAt: T }), bytesOf(1))
          yield* put(stored("new", { usedAt: T + 10 }), bytesOf(1))
          // created long ago but used lately: listed by its use
          yield* put(stored("old", { createdAt: T - 100, usedAt: T + 20 }), bytesOf(1))
          const ids = (found: ReadonlyArray<StoredMedia>) => found.map((m) => m.id)
          expect(ids(yield* MediaStore.use((s) => s.listUnusedSince(T + 10, 10)))).toEqual(["a", "b", "c"])
          expect(ids(yield* MediaStore.use((s) => s.listUnusedSince(T + 10, 2)))).toEqual(["a", "b"])
          expect(ids(yield* MediaStore.use((s) => s.listUnusedSince(T, 10)))).toEqual([])
          expect(ids(yield* MediaStore.use((s) => s.listUnusedSince(T + 11, 0)))).toEqual([])
          // the next page starts after the last of the previous one, ties by id included
          expect(ids(yield* MediaStore.use((s) => s.listUnusedSince(T + 10, 10, { usedAt: T, id: "a" })))).toEqual([
            "b",
            "c"
          ])
          expect(ids(yield* MediaStore.use((s) => s.listUnusedSince(T + 11, 1, { usedAt: T, id: "b" })))).toEqual(["c"])
        }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("touch moves usedAt forward only and says whether it is stored; the listing follows it", () =>
      Effect.gen(function* () {
        yield* put(stored("t1"), bytesOf(CHUNK + 1))
        expect(yield* MediaStore.use((s) => s.touch("t1", T + 50))).toBe(true)
        expect((yield* MediaStore.use((s) => s.info("t1")))?.usedAt).toBe(T + 50)
        // an older time (a slower process's clock) never moves it back
        expect(yield* MediaStore.use((s) => s.touch("t1", T + 10))).toBe(true)
        expect((yield* read("t1"))?.media).toEqual(stored("t1", { size: CHUNK + 1, usedAt: T + 50 }))
        expect(yield* MediaStore.use((s) => s.listUnusedSince(T + 50, 10))).toEqual([])
        expect(yield* MediaStore.use((s) => s.touch("unknown", T + 50))).toBe(false)
        expect(yield* MediaStore.use((s) => s.info("unknown"))).toBeNull()
      }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("deleteIfUnusedSince removes it and its bytes only when unused since the cutoff", () =>
      Effect.gen(function* () {
        yield* put(stored("u1", { usedAt: T }), bytesOf(2 * CHUNK))
        yield* put(stored("u2", { usedAt: T }), bytesOf(3))
        yield* MediaStore.use((s) => s.touch("u2", T + 100))
        // used at the cutoff itself counts as used since
        expect(yield* MediaStore.use((s) => s.deleteIfUnusedSince("u1", T))).toBe(false)
        expect(yield* MediaStore.use((s) => s.deleteIfUnusedSince("u2", T + 100))).toBe(false)
        expect(yield* MediaStore.use((s) => s.deleteIfUnusedSince("u1", T + 100))).toBe(true)
        expect(yield* MediaStore.use((s) => s.deleteIfUnusedSince("u1", T + 100))).toBe(false)
        expect(yield* MediaStore.use((s) => s.deleteIfUnusedSince("unknown", T + 100))).toBe(false)
        expect(yield* read("u1")).toBeNull()
        expect(yield* MediaStore.use((s) => s.touch("u1", T + 200))).toBe(false)
        expect((yield* read("u2"))?.bytes).toEqual(bytesOf(3))
        expect(yield* MediaStore.use((s) => s.usage("u1"))).toEqual({ count: 1, bytes: 3 })
      }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("a database that cannot be reached: StoreUnavailable", () =>
      expectStoreUnavailable(read("x").pipe(Effect.provide(harness.unreachable())))
    )
  })

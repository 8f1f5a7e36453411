import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Logger } from "effect"
import { TestClock } from "effect/testing"
import { authenticateApiKey } from "../../../src/application/apiKey/authenticateApiKey.ts"
import { BAD_KEYS_PER_CLIENT, BadKeyThrottle } from "../../../src/application/apiKey/BadKeyThrottle.ts"
import { createApiKey } from "../../../src/application/apiKey/createApiKey.ts"
import { revokeApiKey } from "../../../src/application/apiKey/revokeApiKey.ts"
import { AuthSettings } from "../../../src/application/auth/AuthSettings.ts"
import { keyedDigest } from "../../../src/application/auth/tokens.ts"
import type { UserView } from "../../../src/application/ports/UserRepository.ts"
import { UserRepository } from "../../../src/application/ports/UserRepository.ts"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"
import { isUsable, needsTouch } from "../../../src/domain/apiKey/ApiKey.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"

const T = Date.parse("2026-06-01T10:00:00.000Z")
const SECRET = "s".repeat(40)
const WINDOW = 15 * 60_000

const user = (status: UserView["status"]): UserView => ({
  id: "u1",
  email: "ada@example.com",
  name: "Ada",
  role: "USER",
  status,
  emailVerified: true,
  timeZone: null,
  locale: null,
  language: null,
  createdAt: T,
  updatedAt: T,
  version: 1
})

const setup = () => {
  const db = makeMemoryDatabase()
  const layer = Layer.mergeAll(
    MemoryStore.layer(db),
    BadKeyThrottle.layer,
    KeyedLocks.layer,
    Layer.succeed(AuthSettings, { ...AuthSettings.defaultValue(), tokenKey: SECRET, signInWindowMs: WINDOW }),
    Logger.layer([])
  )
  return { db, layer }
}

describe("API keys (use cases, TestClock)", () => {
  it("isUsable and needsTouch: revoked or expired (at its expiry) is not usable; a use is written once a minute", () => {
    const key = { expiresAt: T + 10, revokedAt: null, lastUsedAt: null }
    expect(isUsable(key, T + 9)).toBe(true)
    expect(isUsable(key, T + 10)).toBe(false)
    expect(isUsable({ ...key, expiresAt: null, revokedAt: T }, T)).toBe(false)
    expect(needsTouch(key, T)).toBe(true)
    expect(needsTouch({ ...key, lastUsedAt: T }, T + 59_999)).toBe(false)
    expect(needsTouch({ ...key, lastUsedAt: T }, T + 60_000)).toBe(true)
  })

  it.effect(
    "only the keyed digest is stored; the key authenticates its ACTIVE account, records its use at most once a minute, and stops at its expiry",
    () => {
      const { db, layer } = setup()
      return Effect.gen(function* () {
        yield* TestClock.setTime(T)
        yield* (yield* UserRepository).save(user("ACTIVE"))
        const { id, key } = yield* createApiKey("u1", { name: "n8n", access: "write", expiresAt: T + 10 * 60_000 })
        const [stored] = [...db.apiKeys.values()]
        expect(stored).toMatchObject({ id, digest: keyedDigest(SECRET, key), lastUsedAt: null })
        expect(JSON.stringify([...db.apiKeys.values()])).not.toContain(key)
        expect(yield* authenticateApiKey(key, "1.2.3.4")).toMatchObject({
          user: { id: "u1" },
          access: "write",
          keyId: id
        })
        expect(db.apiKeys.get(keyedDigest(SECRET, key))?.lastUsedAt).toBe(T)
        yield* TestClock.adjust("30 seconds")
        yield* authenticateApiKey(key, "1.2.3.4")
        expect(db.apiKeys.get(keyedDigest(SECRET, key))?.lastUsedAt).toBe(T)
        yield* TestClock.adjust("30 seconds")
        yield* authenticateApiKey(key, "1.2.3.4")
        expect(db.apiKeys.get(keyedDigest(SECRET, key))?.lastUsedAt).toBe(T + 60_000)
        yield* TestClock.setTime(T + 10 * 60_000)
        expect(yield* authenticateApiKey(key, "1.2.3.4")).toBeNull()
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a key of a PENDING, DISABLED or REJECTED account, or a revoked key, is refused; a read-only store still lets a key in",
    () => {
      const { db, layer } = setup()
      return Effect.gen(function* () {
        yield* TestClock.setTime(T)
        const users = yield* UserRepository
        yield* users.save(user("ACTIVE"))
        const { id, key } = yield* createApiKey("u1", { name: "n8n", access: "read", expiresAt: null })
        for (const status of ["PENDING", "DISABLED", "REJECTED"] as const) {
          yield* users.save({ ...user(status), version: 2 })
          db.users.set("u1", user(status))
          expect(yield* authenticateApiKey(key, "1.2.3.4")).toBeNull()
        }
        db.users.set("u1", user("ACTIVE"))
        db.readOnly = "the database is read-only"
        expect(yield* authenticateApiKey(key, "1.2.3.4")).toMatchObject({ keyId: id })
        db.readOnly = null
        yield* revokeApiKey("u1", id)
        expect(yield* authenticateApiKey(key, "1.2.3.4")).toBeNull()
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a client is refused after the allowance of unknown keys until the window passes; revoked keys and other clients are not counted",
    () => {
      const { layer } = setup()
      return Effect.gen(function* () {
        yield* TestClock.setTime(T)
        yield* (yield* UserRepository).save(user("ACTIVE"))
        const { id, key } = yield* createApiKey("u1", { name: "n8n", access: "read", expiresAt: null })
        yield* revokeApiKey("u1", id)
        for (let i = 0; i < 3 * BAD_KEYS_PER_CLIENT; i++) expect(yield* authenticateApiKey(key, "9.9.9.9")).toBeNull()
        for (let i = 0; i < BAD_KEYS_PER_CLIENT; i++)
          expect(yield* authenticateApiKey(`hk_nope${i}`, "1.2.3.4")).toBeNull()
        const refused = yield* Effect.flip(authenticateApiKey("hk_nope", "1.2.3.4"))
        expect(refused).toMatchObject({ _tag: "TooManyBadApiKeys", retryAfterMs: WINDOW })
        // a key that exists is never refused by it: neighbours behind one address keep working
        const good = yield* createApiKey("u1", { name: "zapier", access: "read", expiresAt: null })
        expect(yield* authenticateApiKey(good.key, "1.2.3.4")).toMatchObject({ keyId: good.id })
        expect(yield* authenticateApiKey(key, "1.2.3.4")).toBeNull()
        expect(yield* authenticateApiKey("hk_nope", "5.6.7.8")).toBeNull()
        yield* TestClock.adjust(WINDOW)
        expect(yield* authenticateApiKey("hk_nope", "1.2.3.4")).toBeNull()
      }).pipe(Effect.provide(layer))
    }
  )
})

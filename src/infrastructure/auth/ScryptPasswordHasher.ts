import { randomBytes, scrypt, timingSafeEqual } from "node:crypto"
import { Effect, Layer } from "effect"
import { PasswordHasher } from "../../application/ports/PasswordHasher.ts"

// scrypt with N=2^14, r=8, p=1 (16 MiB per hash): OWASP's floor for scrypt.
const N = 16_384
const R = 8
const P = 1
const KEY_LENGTH = 64

const derive = (password: string, salt: Buffer, n: number, r: number, p: number, length: number) =>
  Effect.callback<Buffer>((resume) => {
    scrypt(password.normalize("NFKC"), salt, length, { N: n, r, p, maxmem: 256 * n * r }, (error, key) =>
      resume(error ? Effect.die(error) : Effect.succeed(key))
    )
  })

/** `scrypt$N$r$p$<salt b64>$<key b64>`: the parameters travel with the hash, so they can be raised later. */
export const makeScryptPasswordHasher = (): PasswordHasher["Service"] => ({
  hash: (password) =>
    Effect.suspend(() => {
      const salt = randomBytes(16)
      return derive(password, salt, N, R, P, KEY_LENGTH).pipe(
        Effect.map((key) => `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`)
      )
    }),
  verify: (password, stored) =>
    Effect.suspend(() => {
      const [scheme, n, r, p, salt, key] = stored.split("$")
      const expected = Buffer.from(key ?? "", "base64")
      if (scheme !== "scrypt" || expected.length === 0 || salt === undefined) return Effect.succeed(false)
      return derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p), expected.length).pipe(
        Effect.map((actual) => timingSafeEqual(actual, expected))
      )
    })
})

export const ScryptPasswordHasher = {
  layer: Layer.sync(PasswordHasher, makeScryptPasswordHasher)
}

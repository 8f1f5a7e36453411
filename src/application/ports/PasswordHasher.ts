import type { Effect } from "effect"
import { Context } from "effect"

/** A memory-hard password hash (docs/security.md); verification compares in constant time. */
export class PasswordHasher extends Context.Service<
  PasswordHasher,
  {
    readonly hash: (password: string) => Effect.Effect<string>
    readonly verify: (password: string, hash: string) => Effect.Effect<boolean>
  }
>()("herald/application/ports/PasswordHasher") {}

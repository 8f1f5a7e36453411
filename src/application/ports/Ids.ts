import { Context } from "effect"

/** Makes new ids; a port so that tests can make them predictable. */
export const Ids = Context.Reference<{ readonly next: () => string }>("herald/application/ports/Ids", {
  defaultValue: () => ({ next: () => crypto.randomUUID() })
})

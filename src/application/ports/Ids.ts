import { Context } from "effect"

/** Makes new ids; a port so that tests can make them predictable. */
export const Ids = Context.Reference<{
  readonly next: () => string
  /**
   * The id of `role` in this request (keyedIds: "campaign"), the same whenever it is asked and
   * apart from every id `next` makes, so that a run again finds it whatever else it draws.
   * Absent (random ids): draw it with `next`.
   */
  readonly named?: (role: string) => string
}>("herald/application/ports/Ids", {
  defaultValue: () => ({ next: () => crypto.randomUUID() })
})

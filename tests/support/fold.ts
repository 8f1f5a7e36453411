import type { Decider } from "../../src/domain/shared/Decider.ts"

/** A decider's state after these events, from its initial state. */
export const fold = <Command, State, Event, Rejection>(
  decider: Decider<Command, State, Event, Rejection>,
  events: ReadonlyArray<Event>
): State => events.reduce(decider.evolve, decider.initialState)

/**
 * An event-sourced aggregate as a pair of pure functions: `decide` turns a command and the
 * current state into new events (or a typed rejection), `evolve` folds one event into state.
 * State is always `events.reduce(evolve, initialState)`.
 */
export interface Decider<Command, State, Event, Rejection> {
  readonly initialState: State
  readonly decide: (command: Command, state: State) => DecideResult<Event, Rejection>
  readonly evolve: (state: State, event: Event) => State
}

export type DecideResult<Event, Rejection> =
  | { readonly _tag: "Accepted"; readonly events: ReadonlyArray<Event> }
  | { readonly _tag: "Rejected"; readonly rejection: Rejection }

export const accept = <Event>(...events: ReadonlyArray<Event>): DecideResult<Event, never> => ({
  _tag: "Accepted",
  events
})

export const reject = <Rejection>(rejection: Rejection): DecideResult<never, Rejection> => ({
  _tag: "Rejected",
  rejection
})

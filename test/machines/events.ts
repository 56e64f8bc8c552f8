// The events a generated path can carry for a machine, as types: its own events, the done and error events of
// the actors it invokes (every invoke's id is its actor's name), and its delayed events. Fixtures, the gesture
// tables of view path tests and the hand-pinned transition tests are typed from these, so a missing or stale
// entry is a compile error.
import type { AnyStateMachine, EventFromLogic, OutputFrom } from 'xstate';

type Implementations<M extends AnyStateMachine> = NonNullable<Parameters<M['provide']>[0]>;
type Actors<M extends AnyStateMachine> = NonNullable<Implementations<M>['actors']>;

/** The names of the actors a machine invokes (its `setup({ actors })` keys). */
export type ActorName<M extends AnyStateMachine> = keyof Actors<M> & string;
/** The names of a machine's delays (its `setup({ delays })` keys). */
export type DelayName<M extends AnyStateMachine> = keyof NonNullable<Implementations<M>['delays']> & string;

/**
 * Every event type a path of `M` can carry. A delayed event's real type is `xstate.after.<delay>.<state id>`;
 * it is keyed here by `xstate.after.<delay>` (see `eventKey`).
 */
export type PathEventType<M extends AnyStateMachine> =
  | EventFromLogic<M>['type']
  | `xstate.done.actor.${ActorName<M>}`
  | `xstate.error.actor.${ActorName<M>}`
  | `xstate.after.${DelayName<M>}`;

/** The event of type (or key) `K`: the machine's own, or a synthesised done (typed output), error or delayed one. */
export type PathEvent<M extends AnyStateMachine, K extends PathEventType<M>> = K extends EventFromLogic<M>['type']
  ? Extract<EventFromLogic<M>, { type: K }>
  : K extends `xstate.done.actor.${infer A extends ActorName<M>}`
    ? { type: K; output: OutputFrom<NonNullable<Actors<M>[A]>> }
    : K extends `xstate.error.actor.${string}`
      ? { type: K; error: unknown }
      : { type: `${K}.${string}` };

/** The key of an event type in tables typed by `PathEventType`: a delayed event loses its state id. */
export function eventKey(type: string): string {
  const delayed = /^(xstate\.after\.[^.]+)\./.exec(type);
  return delayed ? delayed[1]! : type;
}

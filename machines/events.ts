// The events a generated path can carry for a machine, as types: its own events, the done and error events of
// the actors it invokes (every invoke's id is its actor's name), and its delayed events. A flow's samples
// (<flow>.samples.ts), the gesture tables of view path tests and the hand-pinned transition tests are typed from
// these, so a missing or stale entry is a compile error. Also the shape of those samples (`Fixture`).
import type { AnyStateMachine, ContextFrom, EventFromLogic, EventObject, InputFrom, OutputFrom } from 'xstate';

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

/** A flow's samples (its `<flow>.samples.ts`): what generated paths and the inspector send it. */
export interface Fixture<M extends AnyStateMachine> {
  /**
   * Sample events for generated paths, keyed by event type. Several samples of one type drive guarded
   * branches (an empty and a filled email, say). Types without samples are sent bare; invoked actors'
   * done and error events are generated, with `output` taken from here when a sample is given.
   */
  events?: { [K in PathEventType<M>]?: Array<PathEvent<M, K>> };
  /** Inputs for machines that take one; paths are generated from each (to reach input-guarded branches). */
  inputs?: Array<InputFrom<M>>;
  /** Maps context to what distinguishes states for path generation (to keep counters from growing the graph forever). */
  abstract?: (context: ContextFrom<M>) => unknown;
}

/** Any machine's samples, as the path generator and the inspector read them. */
export interface AnyFixture {
  events?: Partial<Record<string, EventObject[]>>;
  inputs?: unknown[];
  abstract?: (context: never) => unknown;
}

/** An API refusal as the client's ApiError carries it (the server's message and the HTTP status): a failed actor's sample error. */
export function apiRefusal(message: string, status: number, code?: string): Error {
  return Object.assign(new Error(message), { status, ...(code ? { code } : {}) });
}

// Generated paths for every machine of the catalogue, and the transition coverage they reach. The generator takes a
// catalogue entry (the machine) and its samples (sample events, inputs, context abstraction: machines/samples.ts).
// The state graph comes from XState's public graph API (./graph: `getShortestPaths` and `getAdjacencyMap` of
// `xstate/graph`); a path is a state's shortest path plus one of its edges, and a few of them are kept, enough to take
// every transition and reach every state value. Transitions are read from public state-node fields (`machine.root`,
// `states`, `transitions`, `always`); the one private field read here is in `microstepTransitions`, which says why.
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InspectionEvent,
  type Snapshot,
} from 'xstate';
import { isPlaceholder } from '@/machines/placeholders';
import type { CatalogueEntry } from '@/machines/index';
import type { AnyFixture } from '@/machines/samples';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type TraversalOptions } from './graph';

export interface TransitionRef {
  key: string;
  source: string;
  event: string;
  index: number;
  target: string;
  guard: string | undefined;
}

export interface GeneratedPath {
  /** Human-readable description of the path, used as the test name. */
  name: string;
  events: EventObject[];
  /** The state value the actor must reach after the last event. */
  expected: unknown;
  /** The input the actor starts with. */
  input: unknown;
}

/** A transition as XState's public `TransitionDefinition` type declares it (the fields read here). */
interface TransitionDefinitionLike {
  source: AnyStateNode;
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
}

function guardName(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return 'guard';
}

function describe(t: TransitionDefinitionLike, index: number): TransitionRef {
  const eventType = t.eventType || '(always)';
  return {
    key: `${t.source.id}|${eventType}|${index}`,
    source: t.source.id,
    event: eventType,
    index,
    target: t.target?.map((n) => n.id).join(',') || '(self)',
    guard: guardName(t.guard),
  };
}

/** The machine's state nodes, root first (`getStateNodes` of the graph API lists the root's descendants). */
function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

/**
 * Every transition of a machine: event, delayed (`after`), eventless (`always`), invoke done/error, each guarded branch.
 * A state node's public `transitions` map holds its `on`, `after` and invoke `onDone`/`onError` transitions keyed by
 * event type (`xstate.after.…`, `xstate.done.actor.…`, `xstate.error.actor.…`); `always` holds the eventless ones.
 */
export function listTransitions(machine: AnyStateMachine): TransitionRef[] {
  const refs: TransitionRef[] = [];
  for (const node of stateNodes(machine)) {
    for (const [, defs] of node.transitions) {
      (defs as TransitionDefinitionLike[]).forEach((t, i) => refs.push(describe(t, i)));
    }
    (node.always as TransitionDefinitionLike[] | undefined)?.forEach((t, i) => refs.push(describe(t, i)));
  }
  return refs;
}

export function keyOf(t: TransitionDefinitionLike): string {
  const list = (t.eventType ? t.source.transitions.get(t.eventType) : t.source.always) as
    TransitionDefinitionLike[] | undefined;
  const index = list?.indexOf(t) ?? -1;
  return `${t.source.id}|${t.eventType || '(always)'}|${index}`;
}

/** A `raise({ type })` action as XState builds it (`type: 'xstate.raise'`, the event, a delay when one is given). */
interface RaiseActionLike {
  type: 'xstate.raise';
  event: unknown;
  delay?: unknown;
}

function isRaise(action: unknown): action is RaiseActionLike {
  return (
    (typeof action === 'function' || (typeof action === 'object' && action !== null)) &&
    (action as { type?: unknown }).type === 'xstate.raise'
  );
}

/**
 * The event types the machine raises itself, at once (`raise({ type })` in an entry, exit or transition): no person,
 * screen or server sends them, so they are not offered as steps of their own; their transitions are taken as microsteps
 * of the step that raises them. Read from the state nodes' public `entry`, `exit`, `transitions` and `always`.
 */
export function raisedEvents(machine: AnyStateMachine): Set<string> {
  const raised = new Set<string>();
  const read = (actions: readonly unknown[] | undefined) => {
    for (const action of actions ?? []) {
      if (!isRaise(action) || action.delay !== undefined) continue;
      const { event } = action;
      if (typeof event === 'object' && event !== null && 'type' in event) raised.add(String(event.type));
    }
  };
  for (const node of stateNodes(machine)) {
    read(node.entry as readonly unknown[]);
    read(node.exit as readonly unknown[]);
    for (const [, defs] of node.transitions) for (const t of defs) read(t.actions as readonly unknown[]);
    for (const t of node.always ?? []) read(t.actions as readonly unknown[]);
  }
  return raised;
}

/**
 * Candidate events: the fixture's samples, or a bare event of each type; done/error events of invoked actors are
 * synthesised. The events the machine raises itself (`raisedEvents`) are not candidates.
 */
export function candidateEvents(machine: AnyStateMachine, fixture: AnyFixture = {}): EventObject[] {
  const types = new Set<string>();
  for (const node of stateNodes(machine)) {
    for (const type of node.transitions.keys()) types.add(type);
  }
  const raised = raisedEvents(machine);
  const events: EventObject[] = [];
  for (const type of types) {
    if (type === '*' || raised.has(type)) continue;
    const samples = fixture.events?.[type];
    if (samples?.length) {
      events.push(...samples);
    } else if (type.startsWith('xstate.error.actor.')) {
      events.push({ type, error: new Error('Simulated failure') } as EventObject);
    } else if (type.startsWith('xstate.done.actor.')) {
      events.push({ type, output: undefined } as EventObject);
    } else {
      events.push({ type });
    }
  }
  return events;
}

const inertMachines = new WeakMap<AnyStateMachine, AnyStateMachine>();

/**
 * The machine as path tests run it: effects given as no-ops and invoked services left pending, so that
 * only the path's own events (including synthesised done/error/after events) move it. One per machine.
 */
export function inert(machine: AnyStateMachine): AnyStateMachine {
  const known = inertMachines.get(machine);
  if (known) return known;
  const actions: Record<string, () => void> = {};
  for (const [name, impl] of Object.entries(machine.implementations.actions)) {
    if (isPlaceholder(impl)) actions[name] = () => {};
  }
  const actors: Record<string, unknown> = {};
  for (const [name, impl] of Object.entries(machine.implementations.actors)) {
    if (isPlaceholder(impl)) actors[name] = fromPromise(() => new Promise<never>(() => {}));
  }
  const provided = machine.provide({ actions, actors } as never);
  inertMachines.set(machine, provided);
  inertMachines.set(provided, provided);
  return provided;
}

/**
 * The transitions `event` selects in `snapshot` (guards evaluated), through the machine's public `getTransitionData`
 * (`snapshot.can(event)` would answer false for a transition with neither target nor actions, still one to cover).
 */
function selected(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): TransitionDefinitionLike[] {
  return machine.getTransitionData(snapshot, event) as TransitionDefinitionLike[];
}

/**
 * Paths that together take every transition of the machine and reach every state value. Candidates: for each state
 * of the graph (`stateGraph`), its shortest path from the start plus each of its edges, and the empty path. They are
 * taken shortest first (the empty path last) and kept when they take a transition or reach a state value no kept
 * path did, judged on the model (`getTransitionData` of each step). The kept paths are then run on a live actor and,
 * should a transition still be missing (an eventless one, which the model does not show), the other candidates are
 * run until it is taken. `all: true` keeps every candidate instead.
 */
export function generatePaths(
  entry: CatalogueEntry,
  fixture: AnyFixture = {},
  options: { limit?: number; all?: boolean } = {},
): GeneratedPath[] {
  const machine = inert(entry.machine);
  const inputs = fixture.inputs?.length ? fixture.inputs : [undefined];
  // Distinct by construction: one route per state, one edge per (state, event), one input per graph.
  const candidates = inputs.flatMap((input) => candidatesFrom(machine, fixture, input, options.limit ?? 20_000));
  const named = (path: Candidate): GeneratedPath => {
    const route = path.events.length ? path.events.map((e) => label(e)).join(' → ') : 'start';
    const name = `${inputs.length > 1 ? `(input ${JSON.stringify(path.input)}) ` : ''}${route} ⇒ ${JSON.stringify(path.expected)}`;
    return { name, events: path.events, expected: path.expected, input: path.input };
  };
  if (options.all) return candidates.map(named);

  candidates.sort((a, b) => (a.events.length || Infinity) - (b.events.length || Infinity));
  const covered = new Set<string>();
  const values = new Set<string>();
  const kept = new Set<Candidate>();
  for (const path of candidates) {
    const value = JSON.stringify(path.expected);
    if (values.has(value) && [...path.transitions].every((key) => covered.has(key))) continue;
    for (const key of path.transitions) covered.add(key);
    values.add(value);
    kept.add(path);
  }

  const taken = new Set<string>();
  for (const path of kept) for (const key of runPath(entry, path).taken) taken.add(key);
  const all = listTransitions(machine).map((t) => t.key);
  for (const path of candidates) {
    if (all.every((key) => taken.has(key))) break;
    if (kept.has(path)) continue;
    const more = [...runPath(entry, path).taken].filter((key) => !taken.has(key));
    if (!more.length) continue;
    for (const key of more) taken.add(key);
    kept.add(path);
  }
  return candidates.filter((path) => kept.has(path)).map(named);
}

/** A candidate path, with the transitions the model says it takes (its event steps; eventless ones do not show). */
interface Candidate {
  events: EventObject[];
  expected: unknown;
  input: unknown;
  transitions: Set<string>;
}

/** `serialise` remembered per object (snapshots and events are kept by reference across the traversal). */
function memoised<T extends object>(serialise: (value: T) => string): (value: T) => string {
  const known = new WeakMap<T, string>();
  return (value) => {
    let text = known.get(value);
    if (text === undefined) {
      text = serialise(value);
      known.set(value, text);
    }
    return text;
  };
}

/**
 * An event as the graph names its edges: JSON, with an error's name, message and own fields (JSON writes an Error as
 * `{}`, which would merge an event's error samples into one edge).
 */
const serializeEvent = memoised((event: EventObject) =>
  JSON.stringify(event, (_key, value: unknown) =>
    value instanceof Error ? { ...value, name: value.name, message: value.message } : value,
  ),
);

/**
 * The state graph from `input`, through the graph API: `getShortestPaths` (the shortest path to each state) and
 * `getAdjacencyMap` (each state's edges), with the same traversal options, so that a state's key is the same in
 * both. States are told apart by value and the fixture's abstraction of context. Events are `candidateEvents`,
 * filtered per state to those that select a transition there (`getTransitionData`): an ignored event would only
 * repeat a prefix. What the API does not offer, and why it is composed here: paths per transition rather than per
 * state (`createTestModel`, which gets them by naming a state after the edge that reached it, refuses machines with
 * invokes or delayed transitions, and that naming on `getShortestPaths` walked the graph about three times slower);
 * and `getShortestPaths` builds the adjacency map without returning it, so the graph is walked twice.
 */
function stateGraph(machine: AnyStateMachine, fixture: AnyFixture, input: unknown, limit: number) {
  const serializeState = memoised((snapshot: AnyMachineSnapshot) => {
    const { value, context } = snapshot;
    const shown =
      context && Object.keys(context).length ? (fixture.abstract?.(context as never) ?? context) : undefined;
    return JSON.stringify({ value, context: shown });
  });
  const traversal: TraversalOptions<AnyMachineSnapshot, EventObject, unknown> = {
    input,
    limit,
    events: candidateEvents(machine, fixture),
    filterEvents: (snapshot, event) => selected(machine, snapshot, event).length > 0,
    serializeState,
    serializeEvent,
  };
  const shortest = getShortestPaths(machine, traversal);
  const adjacency = getAdjacencyMap(machine, traversal);
  return { shortest, adjacency, serializeState };
}

/** The candidates from one input: each state's shortest path plus each of its edges, and the empty path. */
function candidatesFrom(machine: AnyStateMachine, fixture: AnyFixture, input: unknown, limit: number): Candidate[] {
  const { shortest, adjacency, serializeState } = stateGraph(machine, fixture, input, limit);
  const candidates: Candidate[] = [];
  for (const path of shortest) {
    // The graph API's steps pair each state with the event that reached it; the first is the start (`xstate.init`).
    const events = path.steps.slice(1).map((step) => step.event);
    const transitions = new Set<string>();
    path.steps.forEach((step, i) => {
      if (i > 0) for (const t of selected(machine, path.steps[i - 1]!.state, step.event)) transitions.add(keyOf(t));
    });
    if (!events.length) candidates.push({ events, expected: path.state.value, input, transitions });
    const from = adjacency[serializeState(path.state) as keyof typeof adjacency];
    if (!from) continue;
    for (const { event, state } of Object.values(from.transitions)) {
      const taken = new Set(transitions);
      for (const t of selected(machine, from.state, event)) taken.add(keyOf(t));
      candidates.push({ events: [...events, event], expected: state.value, input, transitions: taken });
    }
  }
  return candidates;
}

function label(event: EventObject): string {
  const extra = Object.entries(event)
    .filter(([k]) => k !== 'type')
    .map(([k, v]: [string, unknown]) => {
      const text = v instanceof Error ? `${v.name}: ${v.message}` : (JSON.stringify(v) ?? 'undefined');
      return `${k}=${text.length > 24 ? `${text.slice(0, 21)}…` : text}`;
    });
  return extra.length ? `${event.type}(${extra.join(', ')})` : event.type;
}

/**
 * The transitions a microstep of the root actor took. XState reports them only on its `@xstate.microstep`
 * inspection event, as `_transitions` (declared in the public `InspectedMicrostepEvent` type, underscore and all).
 * Nothing public selects eventless (`always`) transitions or tells which of them fired (`getTransitionData` answers
 * for an event only), so this is the one private field the path tests read.
 */
function microstepTransitions(inspection: InspectionEvent): readonly TransitionDefinitionLike[] {
  if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId) return [];
  return inspection._transitions as unknown as TransitionDefinitionLike[];
}

/** Runs a path on a live actor (simulated clock, inert effects) and returns the transitions it took. */
export function runPath(
  entry: Pick<CatalogueEntry, 'machine'>,
  path: Pick<GeneratedPath, 'events' | 'input'>,
): { taken: Set<string>; snapshot: Snapshot<unknown> & { value: unknown } } {
  const taken = new Set<string>();
  const actor = createActor(inert(entry.machine), {
    input: path.input,
    clock: new SimulatedClock(),
    inspect: (inspection) => {
      for (const t of microstepTransitions(inspection)) taken.add(keyOf(t));
    },
  });
  actor.start();
  for (const event of path.events) actor.send(event);
  const snapshot = actor.getSnapshot() as Snapshot<unknown> & { value: unknown };
  actor.stop();
  return { taken, snapshot };
}

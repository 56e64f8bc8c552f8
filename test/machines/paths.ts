// Generated paths for every machine of the catalogue, and the transition coverage they reach. The generator takes a
// catalogue entry (the machine) and its fixture (sample events, inputs, context abstraction: test/machines/fixtures/).
// A path is the shortest route to a state plus one more event, so every edge of the state graph is a path's last step.
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type Snapshot,
} from 'xstate';
import { isPlaceholder } from '@/machines/placeholders';
import type { CatalogueEntry } from '@/machines/index';
import type { AnyFixture } from '@/machines/samples';
import { getAdjacencyMap } from './graph';

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

function walk(node: AnyStateNode, visit: (node: AnyStateNode) => void): void {
  visit(node);
  for (const child of Object.values(node.states)) walk(child as AnyStateNode, visit);
}

/** Every transition of a machine: event, delayed (`after`), eventless (`always`), invoke done/error, each guarded branch. */
export function listTransitions(machine: AnyStateMachine): TransitionRef[] {
  const refs: TransitionRef[] = [];
  walk(machine.root, (node) => {
    for (const [, defs] of node.transitions) {
      (defs as TransitionDefinitionLike[]).forEach((t, i) => refs.push(describe(t, i)));
    }
    (node.always as TransitionDefinitionLike[] | undefined)?.forEach((t, i) => refs.push(describe(t, i)));
  });
  return refs;
}

export function keyOf(t: TransitionDefinitionLike): string {
  const list = (t.eventType ? t.source.transitions.get(t.eventType) : t.source.always) as TransitionDefinitionLike[] | undefined;
  const index = list?.indexOf(t) ?? -1;
  return `${t.source.id}|${t.eventType || '(always)'}|${index}`;
}

/** Candidate events: the fixture's samples, or a bare event of each type; done/error events of invoked actors are synthesised. */
export function candidateEvents(machine: AnyStateMachine, fixture: AnyFixture = {}): EventObject[] {
  const types = new Set<string>();
  walk(machine.root, (node) => {
    for (const type of node.transitions.keys()) types.add(type);
  });
  const events: EventObject[] = [];
  for (const type of types) {
    if (type === '*') continue;
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

/**
 * The machine as path tests run it: effects given as no-ops and invoked services left pending, so that
 * only the path's own events (including synthesised done/error/after events) move it.
 */
export function inert(machine: AnyStateMachine): AnyStateMachine {
  const actions: Record<string, () => void> = {};
  for (const [name, impl] of Object.entries(machine.implementations.actions)) {
    if (isPlaceholder(impl)) actions[name] = () => {};
  }
  const actors: Record<string, unknown> = {};
  for (const [name, impl] of Object.entries(machine.implementations.actors)) {
    if (isPlaceholder(impl)) actors[name] = fromPromise(() => new Promise<never>(() => {}));
  }
  return machine.provide({ actions, actors } as never);
}

/**
 * Paths that together take every transition of the machine and reach every state value: every edge of the
 * state graph is a candidate (shortest route to its source plus the edge's event); candidates are run
 * shortest first and kept when they take a transition or reach a state value no kept path did.
 * `all: true` keeps every candidate instead.
 */
export function generatePaths(entry: CatalogueEntry, fixture: AnyFixture = {}, options: { limit?: number; all?: boolean } = {}): GeneratedPath[] {
  const inputs = fixture.inputs?.length ? fixture.inputs : [undefined];
  const candidates: GeneratedPath[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    for (const path of pathsFrom(entry, fixture, input, options.limit ?? 20_000)) {
      const id = JSON.stringify([input, path.events]);
      if (seen.has(id)) continue;
      seen.add(id);
      candidates.push(inputs.length > 1 ? { ...path, name: `(input ${JSON.stringify(input)}) ${path.name}` } : path);
    }
  }
  if (options.all) return candidates;
  candidates.sort((a, b) => a.events.length - b.events.length);
  const covered = new Set<string>();
  const values = new Set<string>();
  const kept: GeneratedPath[] = [];
  for (const path of candidates) {
    const { taken } = runPath(entry, path);
    const value = JSON.stringify(path.expected);
    const adds = [...taken].some((key) => !covered.has(key)) || !values.has(value);
    if (!adds) continue;
    for (const key of taken) covered.add(key);
    values.add(value);
    kept.push(path);
  }
  return kept;
}

function pathsFrom(entry: CatalogueEntry, fixture: AnyFixture, input: unknown, limit: number): GeneratedPath[] {
  const machine = inert(entry.machine);
  const serialise = (s: { value: unknown; context?: Record<string, unknown> }) => {
    const context = s.context && Object.keys(s.context).length ? (fixture.abstract?.(s.context as never) ?? s.context) : undefined;
    return JSON.stringify({ value: s.value, context });
  };
  const events = candidateEvents(machine, fixture);
  const adjacency = getAdjacencyMap(machine, {
    events,
    input,
    limit,
    serializeState: (snapshot: Snapshot<unknown>) => serialise(snapshot as never),
  } as never) as unknown as Record<string, { state: Snapshot<unknown> & { value: unknown }; transitions: Record<string, { event: EventObject; state: Snapshot<unknown> & { value: unknown } }> }>;

  // Breadth-first shortest event sequence to every serialised state.
  const keys = Object.keys(adjacency);
  const start = keys[0];
  if (start === undefined) return [];
  const route = new Map<string, EventObject[]>([[start, []]]);
  const queue = [start];
  const keyOfState = new Map<unknown, string>();
  for (const key of keys) keyOfState.set(adjacency[key]!.state, key);
  const byText = new Map<string, string>();
  for (const key of keys) byText.set(serialise(adjacency[key]!.state as never), key);

  while (queue.length) {
    const key = queue.shift()!;
    for (const { event, state } of Object.values(adjacency[key]!.transitions)) {
      const next = byText.get(serialise(state as never));
      if (next !== undefined && !route.has(next)) {
        route.set(next, [...route.get(key)!, event]);
        queue.push(next);
      }
    }
  }

  // Where the input alone leads to a state with no way out (an eventless transition on start), the empty path is
  // the only one that takes that transition.
  const initial = adjacency[start]!;
  const deadEnd = Object.values(initial.transitions).every(({ state }) => serialise(state as never) === serialise(initial.state as never));
  const paths: GeneratedPath[] = deadEnd ? [{ name: `start ⇒ ${JSON.stringify(initial.state.value)}`, events: [], expected: initial.state.value, input }] : [];
  const seen = new Set<string>();
  for (const key of keys) {
    const prefix = route.get(key);
    if (!prefix) continue;
    for (const { event, state } of Object.values(adjacency[key]!.transitions)) {
      if (state.status === 'error') continue;
      // Skip events the state ignores: they take no transition and would only repeat a prefix.
      if (serialise(state as never) === serialise(adjacency[key]!.state as never) && !takesTransition(machine, adjacency[key]!.state, event)) continue;
      const events = [...prefix, event];
      const id = JSON.stringify(events);
      if (seen.has(id)) continue;
      seen.add(id);
      paths.push({
        name: `${events.map((e) => label(e)).join(' → ')} ⇒ ${JSON.stringify(state.value)}`,
        events,
        expected: state.value,
        input,
      });
    }
  }
  return paths;
}

function takesTransition(machine: AnyStateMachine, snapshot: unknown, event: EventObject): boolean {
  const nodes = (snapshot as { _nodes: AnyStateNode[] })._nodes;
  return nodes.some((node) => node.transitions.has(event.type));
}

function label(event: EventObject): string {
  const extra = Object.entries(event)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => {
      const text = (v as unknown) instanceof Error ? 'Error' : (JSON.stringify(v) ?? 'undefined');
      return `${k}=${text.length > 24 ? `${text.slice(0, 21)}…` : text}`;
    });
  return extra.length ? `${event.type}(${extra.join(', ')})` : event.type;
}

/** Runs a path on a live actor (simulated clock, inert effects) and returns the transitions it took. */
export function runPath(entry: Pick<CatalogueEntry, 'machine'>, path: GeneratedPath): { taken: Set<string>; snapshot: Snapshot<unknown> & { value: unknown } } {
  const machine = inert(entry.machine);
  const taken = new Set<string>();
  const actor = createActor(machine, {
    input: path.input,
    clock: new SimulatedClock(),
    inspect: (inspection) => {
      // Only the root actor's steps count (invoked children have a parent); `actor` is not assigned yet
      // when the initial eventless transitions run, hence no identity check.
      const isRoot = !(inspection.actorRef as unknown as { _parent?: unknown })._parent;
      if (inspection.type === '@xstate.microstep' && isRoot) {
        for (const t of (inspection as unknown as { _transitions: TransitionDefinitionLike[] })._transitions) taken.add(keyOf(t));
      }
    },
  });
  actor.start();
  for (const event of path.events) actor.send(event);
  const snapshot = actor.getSnapshot() as Snapshot<unknown> & { value: unknown };
  actor.stop();
  return { taken, snapshot };
}

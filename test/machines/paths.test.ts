// Walks the machine catalogue: generated paths for every machine (with its fixture), each run on a live actor,
// and a coverage gate that names every transition no path takes. Paths come from XState's public graph API (paths.ts).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogue, type CatalogueEntry } from '@/machines/index';
import { fixtureOf, type Fixtures } from '@/machines/samples';
import { generatePaths, inert, listTransitions, runPath } from './paths';
import { readRecord, recordPaths } from './records';

const entries = Object.entries(catalogue) as [string, CatalogueEntry][];

describe.each(entries)('%s', (id, entry) => {
  const paths = generatePaths(entry, fixtureOf(id));
  const covered = new Set<string>();

  it('has generated paths', () => {
    expect(paths.length).toBeGreaterThan(0);
    expect(entry.machine.id).toBe(id);
  });

  it.each(paths.map((p) => [p.name, p] as const))('path %s', (_name, path) => {
    const { taken, snapshot } = runPath(entry, path);
    for (const key of taken) covered.add(key);
    expect(snapshot.status === 'error' ? (snapshot as { error?: unknown }).error : undefined).toBeUndefined();
    expect(snapshot.value).toEqual(path.expected);
  });

  it('has its paths of record current (run npm run charts after changing the machine or its samples)', () => {
    expect(readRecord(id), `test/views/paths/${id}.json is stale: run npm run charts`).toEqual(
      recordPaths(id, entry, fixtureOf(id), paths),
    );
  });

  it('takes every transition', () => {
    const all = listTransitions(inert(entry.machine));
    const missing = all.filter((t) => !covered.has(t.key));
    const described = missing.map((t) => `${t.source} --${t.event}${t.guard ? ` [${t.guard}]` : ''}--> ${t.target}`);
    expect(described, `transitions no generated path takes in "${id}"`).toEqual([]);
  });
});

/**
 * Flows whose screen test (test/views/<id>.screen.test.tsx, test/views/screens.tsx) is still to be written: the list
 * only shrinks. A flow with a screen test has every recorded path replayed on its real view, its screen checked in
 * every state.
 */
const WITHOUT_SCREENS: string[] = [];

it('replays every flow on its screen: a screen test per flow, but for those still listed', () => {
  const missing = entries
    .map(([id]) => id)
    .filter((id) => !existsSync(new URL(`../views/${id}.screen.test.tsx`, import.meta.url)));
  expect(missing, 'flows without test/views/<id>.screen.test.tsx (WITHOUT_SCREENS may only shrink)').toEqual(
    WITHOUT_SCREENS,
  );
});

it('reads XState private fields in one place only (paths.ts: microstepTransitions)', () => {
  const source = readFileSync(new URL('./paths.ts', import.meta.url), 'utf8');
  expect(source.match(/\w+\._\w+/g)).toEqual(['inspection._transitions']);
});

// Fixtures are keyed by catalogue id and typed by the machine's events: anything else does not compile.
// @ts-expect-error `notAMachine` is not a catalogue id.
const _unknownId: Fixtures = { notAMachine: {} };
// @ts-expect-error the session machine has no `session.nope` event.
const _unknownEvent: Fixtures = { session: { events: { 'session.nope': [] } } };

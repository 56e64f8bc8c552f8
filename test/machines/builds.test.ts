// Every flow of the catalogue builds: its definition resolves (each target names a state that exists) and it has a
// first state. `npm run mutate` runs this file beside each flow's own tests (scripts/mutate.ts): a mutant that breaks
// a machine's definition makes every test file importing the machine fail to load, which Stryker's vitest runner
// counts as no test rather than a failed one (https://github.com/stryker-mutator/stryker-js/issues/6150). Here the
// catalogue is imported inside the test, so such a mutant fails a test.
import { expect, it } from 'vitest';

// Importing every machine takes about a second, several under Stryker's instrumentation on a loaded machine.
it('every flow of machines/index.ts builds, with a first state', { timeout: 60_000 }, async () => {
  const { catalogue } = await import('@/machines/index');
  const entries = Object.entries(catalogue);
  expect(entries.length).toBeGreaterThan(0);
  for (const [id, entry] of entries) {
    const definition = entry.machine.definition;
    expect(definition.id, id).toBeTruthy();
    expect(Object.keys(definition.states).length + (definition.type === 'atomic' ? 1 : 0), id).toBeGreaterThan(0);
  }
});

// Generated paths on the real screen (issue 45): one convention for every flow of machines/index.ts. A flow's screen
// test, test/views/<id>.screen.test.tsx, calls `walkScreens(id, model)` with
//   - `mount`: renders the flow's real view (its real machine, effects replaced by actors the test settles) and
//     returns the gesture table: how a person produces each event (a click, typed text, Escape) or how the API
//     answers (a controlled actor resolved or rejected with the sample's value);
//   - `states`: for every state of the record, what a person sees in it, checked on the rendered screen.
// Each recorded path (test/views/paths/<id>.json, written by `npm run charts`) is replayed from a fresh mount: the
// start state's screen is checked, then after every gesture the screen of the state the record says comes next. The
// last test of the file fails when a state of the record has no check, a check names a state the record lacks, or a
// state's check never ran.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import type { catalogue, MachineId } from '@/machines/index';
import { fixtureOf } from '@/machines/samples';
import { eventOf, inputOf, pathName, readRecord } from '@/test/machines/records';
import { perform, type Gestures } from './harness';

/** What `mount` gives back: the gesture table, and anything the state checks read (controlled actors, say). */
export interface Mounted<M extends AnyStateMachine> {
  gestures: Gestures<M>;
}

export interface ScreenModel<M extends AnyStateMachine, T extends Mounted<M>> {
  /** Renders the real view for one path (its input from the samples when the flow takes one). */
  mount: (input: unknown) => T | Promise<T>;
  /** Per state key of the record (`idle`, `ready.idle`, `a.x & b.y`): what the screen shows in it. */
  states: Record<string, (mounted: T) => void | Promise<void>>;
}

/** The screen tests of flow `id`: every recorded path replayed on the real view, its screen checked at every step. */
export function walkScreens<Id extends MachineId, T extends Mounted<(typeof catalogue)[Id]['machine']>>(
  id: Id,
  model: ScreenModel<(typeof catalogue)[Id]['machine'], T>,
): void {
  const record = readRecord(id);
  if (!record) throw new Error(`No record of ${id}'s paths: run npm run charts`);
  const fixture = fixtureOf(id);
  const checked = new Set<string>();

  describe(`${id} on the screen, along its recorded paths`, () => {
    it.each(record.paths.map((path) => [pathName(path), path] as const))('%s', async (_name, path) => {
      const mounted = await model.mount(inputOf(path, fixture));
      const see = async (state: string, after: string) => {
        const check = model.states[state];
        if (!check) throw new Error(`${id}: no screen check for state "${state}"`);
        try {
          await check(mounted);
        } catch (error) {
          if (error instanceof Error) error.message = `${id}, ${after}, the screen of "${state}": ${error.message}`;
          throw error;
        }
        checked.add(state);
      };
      await see(path.start, 'at the start');
      for (const [i, step] of path.steps.entries()) {
        await perform(mounted.gestures as Record<string, (event: never) => unknown>, [eventOf(step, fixture)]);
        await see(step.state, `after step ${i + 1} (${step.event})`);
      }
    });

    it('checks the screen in every state of the record, and only those', () => {
      const declared = Object.keys(model.states);
      expect({
        unchecked: record.states.filter((state) => !declared.includes(state)),
        stale: declared.filter((state) => !record.states.includes(state)),
        neverRan: record.states.filter((state) => !checked.has(state)),
      }).toEqual({ unchecked: [], stale: [], neverRan: [] });
    });
  });
}

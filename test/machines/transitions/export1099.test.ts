// The operator's 1099-NEC export, pinned by hand (docs/product.md §Self-serve money, Tax form, Operator console): a
// calendar year checked (four digits, 2000 to 2100), then the download for that year; a failure says why and keeps
// the year. Each pin reads what the Users tab reads (export1099.select.ts), what the download is asked for and the
// event names the flow receives from its call. Replayed on the console by test/views/export1099.screen.test.tsx.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { export1099Machine, YEAR_INVALID, yearProblem } from '@/machines/operator/export1099.machine';
import {
  selectExportError,
  selectExporting,
  selectExportSaved,
  selectExportYear,
  selectExportYearError,
} from '@/machines/operator/export1099.select';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

function start(year = '2025') {
  const download = controlled<void, { year: number }>();
  const { received, inspect } = receivedEvents();
  const actor = createActor(export1099Machine.provide({ actors: { download1099: download.logic } }), {
    input: { year },
    inspect,
  });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    download,
    received,
    snapshot,
    form: () => ({
      year: selectExportYear(snapshot()),
      yearError: selectExportYearError(snapshot()),
      exporting: selectExporting(snapshot()),
      error: selectExportError(snapshot()),
      saved: selectExportSaved(snapshot()),
    }),
  };
}

describe('the year', () => {
  it('is four digits from 2000 to 2100, spaces around it left out', () => {
    for (const year of ['2000', '2025', '2100', ' 2024 ']) expect(yearProblem(year), year).toBeNull();
    for (const year of ['1999', '2101', '02024', '2024.0', '+2024', '24', '', 'year'])
      expect(yearProblem(year), year).toBe(YEAR_INVALID);
    // An id and the range its text reads; the Users tab words it ("Enter a year from 2000 to 2100.").
    expect(YEAR_INVALID).toEqual({ id: 'yearRange', min: 2000, max: 2100 });
  });
});

describe('export1099 transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(export1099Machine);

  pin(
    { from: 'export1099.idle', on: 'year.change', to: null },
    'the year as typed; a shown problem follows the correction',
    () => {
      const flow = start();
      expect(flow.form()).toEqual({ year: '2025', yearError: null, exporting: false, error: null, saved: null });
      flow.actor.send({ type: 'year.change', value: '19' });
      expect(flow.form()).toMatchObject({ year: '19', yearError: null });
      flow.actor.send({ type: 'export.start' });
      expect(flow.form().yearError).toBe(YEAR_INVALID);
      flow.actor.send({ type: 'year.change', value: '2024' });
      expect(flow.form()).toMatchObject({ year: '2024', yearError: null });
    },
  );

  pin(
    { from: 'export1099.idle', on: 'export.start', guard: 'yearOk', to: 'export1099.downloading' },
    'Download asks for that year, clearing what the last one left',
    async () => {
      const flow = start();
      flow.actor.send({ type: 'year.change', value: ' 2024 ' });
      flow.actor.send({ type: 'export.start' });
      expect(flow.download.inputs).toEqual([{ year: 2024 }]);
      expect(flow.form()).toMatchObject({ exporting: true, yearError: null, error: null, saved: null });
      await flow.download.resolve();
      expect(flow.form().saved).toBe('2024');
      flow.actor.send({ type: 'export.start' });
      expect(flow.form()).toMatchObject({ exporting: true, saved: null });
      await flow.download.reject(new Error('Try later'));
      flow.actor.send({ type: 'export.start' });
      expect(flow.form()).toMatchObject({ exporting: true, error: null });
    },
  );

  pin(
    { from: 'export1099.idle', on: 'export.start', to: null },
    'a year out of range says why and downloads nothing',
    () => {
      const flow = start('1999');
      flow.actor.send({ type: 'export.start' });
      expect(flow.snapshot().value).toBe('idle');
      expect(flow.form()).toMatchObject({ yearError: YEAR_INVALID, exporting: false });
      expect(flow.download.started).toBe(0);
    },
  );

  pin(
    { from: 'export1099.downloading', on: 'xstate.done.actor.download1099', to: 'export1099.idle' },
    'the saved year is said',
    async () => {
      const flow = start();
      flow.actor.send({ type: 'export.start' });
      await flow.download.resolve();
      expect(flow.received.at(-1)).toBe('xstate.done.actor.download1099');
      expect(flow.form()).toEqual({ year: '2025', yearError: null, exporting: false, error: null, saved: '2025' });
    },
  );

  pin(
    { from: 'export1099.downloading', on: 'xstate.error.actor.download1099', to: 'export1099.idle' },
    'a failed download says why and keeps the year',
    async () => {
      const flow = start();
      flow.actor.send({ type: 'export.start' });
      await flow.download.reject(new Error('Try later'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.download1099');
      expect(flow.form()).toEqual({ year: '2025', yearError: null, exporting: false, error: 'Try later', saved: null });
    },
  );

  pinsEveryTransition();
});

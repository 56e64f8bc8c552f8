// The operator's 1099-NEC export (docs/product.md §Self-serve money): a calendar year (last year by default, the one
// filed in January), checked, then the CSV of US creators (W-9) paid at least $600 that year is downloaded — TINs
// masked; the full ones come only from `npm run admin -- 1099`. A failed download says why and keeps the year.
import { assign, setup } from 'xstate';
import { errorText } from '../messages';
import { service } from '../placeholders';

/** A tax year that cannot be exported, as an id and the values its text reads (docs/architecture.md §Languages). */
export type YearProblem = { id: 'yearRange'; min: number; max: number };

export const YEAR_INVALID: YearProblem = { id: 'yearRange', min: 2000, max: 2100 };

export function yearProblem(text: string): YearProblem | null {
  const year = Number(text.trim());
  return /^\d{4}$/.test(text.trim()) && year >= 2000 && year <= 2100 ? null : YEAR_INVALID;
}

export interface Export1099Context {
  year: string;
  yearError: YearProblem | null;
  error: string | null;
  /** The last download's year, once it is saved. */
  saved: string | null;
}

export type Export1099Event = { type: 'year.change'; value: string } | { type: 'export.start' };

export const export1099Machine = setup({
  types: {
    context: {} as Export1099Context,
    events: {} as Export1099Event,
    input: {} as { year: string },
  },
  actors: {
    /** GET /api/admin/tax/1099-nec?year=… → saved as a file. */
    download1099: service<void, { year: number }>('download1099'),
  },
  guards: {
    yearOk: ({ context }) => yearProblem(context.year) === null,
  },
}).createMachine({
  id: 'export1099',
  context: ({ input }) => ({ year: input.year, yearError: null, error: null, saved: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'year.change': {
          actions: assign(({ context, event }) => ({
            year: event.value,
            yearError: context.yearError ? yearProblem(event.value) : null,
          })),
        },
        'export.start': [
          { guard: 'yearOk', target: 'downloading', actions: assign({ yearError: null, error: null, saved: null }) },
          { actions: assign({ yearError: ({ context }) => yearProblem(context.year) }) },
        ],
      },
    },
    downloading: {
      invoke: {
        id: 'download1099',
        src: 'download1099',
        input: ({ context }) => ({ year: Number(context.year.trim()) }),
        onDone: { target: 'idle', actions: assign({ saved: ({ context }) => context.year.trim() }) },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});

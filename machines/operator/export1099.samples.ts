// The export1099 flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import { yearProblem, type export1099Machine } from './export1099.machine';

export const samples = {
  events: {
    'year.change': [
      { type: 'year.change', value: '2025' },
      { type: 'year.change', value: '25' },
    ],
  },
  inputs: [{ year: '2025' }],
  abstract: (context) => ({
    yearOk: yearProblem(context.year) === null,
    yearError: context.yearError !== null,
    failed: context.error !== null,
    saved: context.saved !== null,
  }),
} satisfies Fixture<typeof export1099Machine>;

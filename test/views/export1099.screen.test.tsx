// The 1099-NEC export under the operator console's Users tab (docs/product.md §Self-serve money), replayed along
// export1099's recorded paths on the real Users panel. The console does not take this flow's logic, so the panel is
// mounted as the Users tab mounts it (RecordsPanel kind="users", its list left loading), with the export's download
// controlled. Its year starts at last year's: the clock is set to the year after the sample input's.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { errorText } from '@/machines/messages';
import { adminRecordsMachine, type RecordsKind } from '@/machines/operator/adminRecords.machine';
import { export1099Machine, yearProblem as yearProblemOf } from '@/machines/operator/export1099.machine';
import { RecordsPanel } from '@/src/operator/OperatorRecords';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

/** The year's problem as the Users tab words it in English (the flow holds it as an id and its range). */
const yearProblem = (text: string) => {
  const problem = yearProblemOf(text);
  return problem ? `Enter a year from ${problem.min} to ${problem.max}.` : null;
};

afterEach(() => vi.useRealTimers());

walkScreens('export1099', {
  mount(input) {
    const { year } = input as { year: string };
    // Only the date is the test's: the export's default year is the one before today's.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${Number(year) + 1}-03-01T12:00:00.000Z`));
    const download = controlled<void, { year: number }>();
    renderScreen(
      <RecordsPanel
        kind="users"
        logic={adminRecordsMachine.provide({
          actors: { loadRecords: controlled<unknown[], { kind: RecordsKind; query: string }>().logic },
        })}
        export1099={export1099Machine.provide({ actors: { download1099: download.logic } })}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    /** What the export has been told: the year typed, its problem after a Download, the answers. */
    const seen = {
      year,
      yearError: null as string | null,
      settled: 0,
      failure: null as string | null,
      saved: null as string | null,
    };
    const section = () => within(screen.getByRole('region', { name: '1099-NEC export' }));
    const field = () => section().getByLabelText('Tax year');
    const button = () => section().getByRole('button', { name: 'Download CSV' });
    return {
      download,
      seen,
      section,
      field,
      button,
      gestures: {
        'year.change': ({ value }) => {
          seen.year = value;
          seen.yearError = seen.yearError ? yearProblem(value) : null;
          fireEvent.change(field(), { target: { value } });
        },
        'export.start': () => {
          seen.yearError = yearProblem(seen.year);
          if (seen.yearError === null) Object.assign(seen, { failure: null, saved: null });
          fireEvent.click(button());
        },
        'xstate.done.actor.download1099': async () => {
          seen.settled += 1;
          seen.saved = seen.year.trim();
          await download.resolve();
        },
        'xstate.error.actor.download1099': async ({ error }) => {
          seen.settled += 1;
          seen.failure = errorText(error);
          await download.reject(error);
        },
      },
    };
  },
  states: {
    // The year as typed (last year's to start), its problem after a Download, the last download's answer.
    idle: ({ download, seen, section, field, button }) => {
      expect(field()).toHaveValue(seen.year);
      expect(field()).toBeEnabled();
      expect(button()).toBeEnabled();
      expect(button()).not.toHaveAttribute('aria-busy');
      if (seen.yearError) expect(field()).toHaveAccessibleDescription(seen.yearError);
      else expect(field()).not.toHaveAttribute('aria-invalid', 'true');
      expect(download.started).toBe(seen.settled);
      if (seen.failure) expect(section().getByRole('alert')).toHaveTextContent(seen.failure);
      else expect(section().queryByRole('alert')).not.toBeInTheDocument();
      if (seen.saved) {
        expect(section().getByRole('status')).toHaveTextContent(`The 1099-NEC data for ${seen.saved} was downloaded.`);
      } else expect(section().queryByText(/was downloaded/)).not.toBeInTheDocument();
    },
    // The year's CSV is on its way: the field and the button wait.
    downloading: ({ download, seen, section, field, button }) => {
      expect(download.started).toBe(seen.settled + 1);
      expect(download.inputs.at(-1)).toEqual({ year: Number(seen.year.trim()) });
      expect(button()).toBeDisabled();
      expect(button()).toHaveAttribute('aria-busy', 'true');
      expect(field()).toBeDisabled();
      expect(section().queryByRole('alert')).not.toBeInTheDocument();
      expect(section().queryByText(/was downloaded/)).not.toBeInTheDocument();
    },
  },
});

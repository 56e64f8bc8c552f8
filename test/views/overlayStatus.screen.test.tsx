// The OBS Extension screen's "Counting now" (docs/product.md §Verified delivery), replayed along overlayStatus' recorded
// paths on the real screen: the first read (Checking…), the verdict with the channels and the offers' minutes, a
// failed read said with "Trying again", and a read again every 5 s while the screen is open.
import { act, screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { OverlaySettings } from '@/contract';
import { PLATFORM_NAMES } from '@/contract/connections';
import { COUNTING_REASON_TEXT } from './overlayTexts';
import type { OverlayStatus } from '@/contract/schemas/overlay';
import { overlaySettingsMachine } from '@/machines/overlay/overlaySettings.machine';
import { overlayStatusMachine, STATUS_POLL_MS } from '@/machines/overlay/overlayStatus.machine';
import { ObsExtensionScreen } from '@/src/overlay/ObsExtension';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

afterEach(() => vi.useRealTimers());

/** The screen stays open `ms` longer. */
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

walkScreens('overlayStatus', {
  mount() {
    vi.useFakeTimers();
    const status = controlled<OverlayStatus>();
    renderScreen(
      <ObsExtensionScreen
        logic={overlaySettingsMachine.provide({ actors: { loadOverlay: controlled<OverlaySettings>().logic } })}
        statusLogic={overlayStatusMachine.provide({ actors: { loadStatus: status.logic } })}
      />,
      { path: '/obs-extension', jwt: 'creator.jwt' },
    );
    /** What the reads answered: the panel shows the last status, and the last failure until a read succeeds. */
    const seen = {
      status: null as OverlayStatus | null,
      error: null as string | null,
      reads: 0,
      /** How long the screen has been open since the last answer. */
      waited: 0,
    };
    const panel = () => within(screen.getByRole('region', { name: 'Counting now' }));
    return {
      status,
      seen,
      panel,
      gestures: {
        'xstate.done.actor.loadStatus': async ({ output }) => {
          Object.assign(seen, { status: output, error: null, reads: seen.reads + 1 });
          await status.resolve(output);
        },
        'xstate.error.actor.loadStatus': async ({ error }) => {
          Object.assign(seen, { error: (error as Error).message, reads: seen.reads + 1 });
          await status.reject(error);
        },
        // The screen stays open until the 5 s since the last answer are up (the waiting check may have let them pass).
        'xstate.after.poll': async () => {
          await wait(STATUS_POLL_MS - seen.waited);
          seen.waited = 0;
        },
      },
    };
  },
  states: {
    // A read is on its way; the panel shows what the last answers said (Checking… before the first).
    'polling.reading': ({ status, seen, panel }) => {
      expect(status.started).toBe(seen.reads + 1);
      showsLast(seen, panel);
    },
    // No read on its way; the panel shows the last answers, and reads again when the 5 s are up, not before.
    'polling.waiting': async ({ status, seen, panel }) => {
      expect(status.started).toBe(seen.reads);
      showsLast(seen, panel);
      await wait(STATUS_POLL_MS - 1);
      expect(status.started).toBe(seen.reads);
      await wait(1);
      seen.waited = STATUS_POLL_MS;
      expect(status.started).toBe(seen.reads + 1);
    },
  },
});

/** The verdict, channels and offers of the last status read, and why the last read failed. */
function showsLast(
  seen: { status: OverlayStatus | null; error: string | null },
  panel: () => ReturnType<typeof within>,
): void {
  const verdict = panel().getByRole('status');
  const { status, error } = seen;
  if (status === null) {
    expect(verdict).toHaveTextContent(error ? /^$/ : 'Checking whether your overlay is counted…');
    expect(panel().queryByRole('heading', { name: 'Channels' })).not.toBeInTheDocument();
  } else {
    expect(verdict).not.toHaveTextContent('Checking');
    if (status.counting) {
      expect(verdict).toHaveTextContent(/^Counting/);
      expect(verdict).toHaveTextContent('Your overlay is on Program, you are live, and the platform confirms it.');
    } else {
      expect(verdict).toHaveTextContent(/^Not counting/);
      expect(verdict).toHaveTextContent(COUNTING_REASON_TEXT[status.reason!]);
    }
    for (const channel of status.channels)
      expect(
        panel().getByRole('listitem', { name: `${PLATFORM_NAMES[channel.platform]} ${channel.login}` }),
      ).toHaveTextContent(channel.title!);
    for (const offer of status.offers) expect(panel().getByText(offer.brand)).toBeInTheDocument();
  }
  const failure = panel().queryByText(/Could not check/);
  if (error)
    expect(failure).toHaveTextContent(
      `${status ? 'Could not check again' : 'Could not check'}: ${error}. Trying again in a few seconds.`,
    );
  else expect(failure).not.toBeInTheDocument();
}

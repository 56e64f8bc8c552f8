// The OBS Extension screen's overlay settings (docs/product.md §The overlay for OBS), replayed along overlaySettings'
// recorded paths on the real screen: the settings loaded, the switch saved at once (shown as chosen meanwhile, put
// back with the reason when refused), the URL masked until Show, Copy, Download Now, a new URL after a confirmation.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { OverlaySettings, OverlayUpdate } from '@/contract';
import type { OverlayStatus } from '@/contract/schemas/overlay';
import { overlaySettingsMachine } from '@/machines/overlay/overlaySettings.machine';
import { overlayStatusMachine } from '@/machines/overlay/overlayStatus.machine';
import { ObsExtensionScreen } from '@/src/overlay/ObsExtension';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

afterEach(() => vi.restoreAllMocks());

const absolute = (path: string) => `${window.location.origin}${path}`;
const masked = `${window.location.origin}/overlay/${'•'.repeat(12)}`;

walkScreens('overlaySettings', {
  mount() {
    const load = controlled<OverlaySettings>();
    const save = controlled<OverlaySettings, OverlayUpdate>();
    const rotate = controlled<OverlaySettings>();
    const status = controlled<OverlayStatus>();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    URL.createObjectURL = vi.fn(() => 'blob:scene-collection');
    URL.revokeObjectURL = vi.fn();
    const download = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(
      <ObsExtensionScreen
        logic={overlaySettingsMachine.provide({
          actors: { loadOverlay: load.logic, saveOverlay: save.logic, rotateToken: rotate.logic },
        })}
        statusLogic={overlayStatusMachine.provide({ actors: { loadStatus: status.logic } })}
      />,
      { path: '/obs-extension', jwt: 'creator.jwt' },
    );
    /** What the creator has done and been answered: the screen shows it back. */
    const seen = {
      settings: null as OverlaySettings | null,
      pending: null as OverlayUpdate | null,
      loadError: null as string | null,
      error: null as string | null,
      revealed: false,
      copied: false,
      copies: 0,
      downloads: 0,
      saves: 0,
      rotations: 0,
    };
    const dialog = () => screen.getByRole('alertdialog', { name: 'Make a new overlay URL?' });
    const toggle = () => screen.getByRole('switch', { name: 'Show the overlay on stream' });
    return {
      load,
      save,
      rotate,
      writeText,
      download,
      seen,
      dialog,
      toggle,
      gestures: {
        'xstate.done.actor.loadOverlay': async ({ output }) => {
          seen.settings = output;
          await load.resolve(output);
        },
        'xstate.error.actor.loadOverlay': async ({ error }) => {
          seen.loadError = (error as Error).message;
          await load.reject(error);
        },
        'overlay.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'overlay.change': ({ change }) => {
          if (change.enabled === undefined || Object.keys(change).length !== 1)
            throw new Error(`No gesture for the change ${JSON.stringify(change)}: the record names the switch only`);
          expect(toggle()).toHaveAttribute('aria-checked', String(!change.enabled));
          Object.assign(seen, { pending: change, error: null, copied: false });
          fireEvent.click(toggle());
        },
        'xstate.done.actor.saveOverlay': async ({ output }) => {
          Object.assign(seen, { settings: output, pending: null, saves: seen.saves + 1 });
          await save.resolve(output);
        },
        'xstate.error.actor.saveOverlay': async ({ error }) => {
          Object.assign(seen, { pending: null, error: (error as Error).message, saves: seen.saves + 1 });
          await save.reject(error);
        },
        'overlay.reveal': () => {
          fireEvent.click(screen.getByRole('button', { name: seen.revealed ? 'Hide' : 'Show' }));
          Object.assign(seen, { revealed: !seen.revealed, copied: false });
        },
        'overlay.copy': () => {
          fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
          Object.assign(seen, { copied: true, copies: seen.copies + 1 });
        },
        'overlay.download': () => {
          fireEvent.click(screen.getByRole('button', { name: 'Download Now' }));
          Object.assign(seen, { copied: false, downloads: seen.downloads + 1 });
        },
        'rotate.ask': () => {
          fireEvent.click(screen.getByRole('button', { name: 'New URL' }));
          Object.assign(seen, { error: null, copied: false });
        },
        'rotate.confirm': () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes, Make a New URL' })),
        'rotate.dismiss': () => {
          fireEvent.click(within(dialog()).getByRole('button', { name: 'No, Cancel' }));
          seen.error = null;
        },
        'xstate.done.actor.rotateToken': async ({ output }) => {
          Object.assign(seen, { settings: output, revealed: false, rotations: seen.rotations + 1 });
          await rotate.resolve(output);
        },
        'xstate.error.actor.rotateToken': async ({ error }) => {
          Object.assign(seen, { error: (error as Error).message, rotations: seen.rotations + 1 });
          await rotate.reject(error);
        },
      },
    };
  },
  states: {
    // The spinner; nothing to choose or download yet.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading overlay')).toBeInTheDocument();
      expect(load.started).toBe(seen.loadError === null ? 1 : 2);
      expect(screen.getByRole('button', { name: 'Download Now' })).toBeDisabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Browser source URL')).not.toBeInTheDocument();
    },
    // Why it could not be loaded, and Try again; still nothing to download.
    failed: ({ seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The overlay could not be loaded');
      expect(alert).toHaveTextContent(seen.loadError!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading overlay')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download Now' })).toBeDisabled();
      expect(screen.queryByLabelText('Browser source URL')).not.toBeInTheDocument();
    },
    // The saved settings, every control usable, the URL masked or shown, no dialog, nothing on its way.
    'ready.idle': async ({ save, rotate, writeText, download, seen }) => {
      const field = await screen.findByLabelText('Browser source URL');
      const settings = seen.settings!;
      expect(field).toHaveValue(seen.revealed ? absolute(settings.path) : masked);
      expect(screen.getByRole('button', { name: seen.revealed ? 'Hide' : 'Show' })).toHaveAttribute(
        'aria-pressed',
        String(seen.revealed),
      );
      const toggle = screen.getByRole('switch', { name: 'Show the overlay on stream' });
      expect(toggle).toBeEnabled();
      expect(toggle).toHaveAttribute('aria-checked', String(settings.enabled));
      expect(
        screen.getByText(
          settings.enabled
            ? 'What your overlay shows right now, on a 1920 × 1080 scene.'
            : 'The overlay is switched off: your stream shows nothing from Castbridge.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByTitle('Overlay preview')).toHaveAttribute('src', `${settings.path}?preview=1`);
      expect(screen.getByRole('button', { name: 'New URL' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Download Now' })).toBeEnabled();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      if (seen.error) expect(screen.getByRole('alert')).toHaveTextContent(seen.error);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      const copiedText = 'The URL is copied: paste it into the browser source in OBS.';
      if (seen.copied) expect(screen.getByText(copiedText)).toBeInTheDocument();
      else expect(screen.queryByText(copiedText)).not.toBeInTheDocument();
      expect(writeText).toHaveBeenCalledTimes(seen.copies);
      if (seen.copies) expect(writeText).toHaveBeenLastCalledWith(absolute(settings.path));
      expect(download).toHaveBeenCalledTimes(seen.downloads);
      expect(save.started).toBe(seen.saves);
      expect(rotate.started).toBe(seen.rotations);
    },
    // The change shows as chosen while it is saved; nothing else can be changed meanwhile.
    'ready.saving': async ({ save, seen, toggle }) => {
      await screen.findByLabelText('Browser source URL');
      expect(save.started).toBe(seen.saves + 1);
      expect(save.inputs.at(-1)).toEqual(seen.pending);
      expect(toggle()).toBeDisabled();
      expect(toggle()).toHaveAttribute('aria-checked', String(seen.pending!.enabled));
      expect(screen.getByRole('button', { name: 'New URL' })).toBeDisabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    },
    // The dialog asks before the old URL stops working; nothing sent since the last answer.
    'ready.confirming': ({ rotate, seen, dialog }) => {
      expect(dialog()).toHaveTextContent('The current URL stops working at once');
      expect(within(dialog()).getByRole('button', { name: 'Yes, Make a New URL' })).toBeEnabled();
      expect(within(dialog()).getByRole('button', { name: 'No, Cancel' })).toBeEnabled();
      expect(rotate.started).toBe(seen.rotations);
      if (seen.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(seen.error);
      else expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    },
    // The new URL is on its way: both buttons wait for the answer.
    'ready.rotating': ({ rotate, seen, dialog }) => {
      expect(rotate.started).toBe(seen.rotations + 1);
      expect(within(dialog()).getByRole('button', { name: 'Yes, Make a New URL' })).toBeDisabled();
      expect(within(dialog()).getByRole('button', { name: 'No, Cancel' })).toBeDisabled();
    },
  },
});

// The OBS Extension screen and the proof of display (docs/product.md §The overlay for OBS), through their machines with controlled actors: the URL
// masked until Show, Copy, the switch saved at once (and put back when refused), the choices, a new URL after a
// confirmation, Download Now's scene collection; the proof's minutes, days and sessions, and Print.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfferDisplay, OverlaySettings, OverlayUpdate } from '@/contract';
import { displayProofMachine } from '@/machines/overlay/displayProof.machine';
import { overlaySettingsMachine } from '@/machines/overlay/overlaySettings.machine';
import { overlayStatusMachine } from '@/machines/overlay/overlayStatus.machine';
import type { OverlayStatus } from '@/contract/schemas/overlay';
import { ObsExtensionScreen } from '@/src/overlay/ObsExtension';
import { DisplayProofScreen } from '@/src/overlay/DisplayProof';
import { sampleDisplay, sampleOverlaySettings } from '@/machines/overlay/samples';
import { controlled, renderScreen } from './harness';

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });

let blobs: Blob[] = [];
beforeEach(() => {
  blobs = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:test-${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('OBS Extension', () => {
  function setup() {
    const load = controlled<OverlaySettings>();
    const save = controlled<OverlaySettings, OverlayUpdate>();
    const rotate = controlled<OverlaySettings>();
    const logic = overlaySettingsMachine.provide({
      actors: { loadOverlay: load.logic, saveOverlay: save.logic, rotateToken: rotate.logic },
    });
    // Counting now waits on its first read (its own tests: obsCounting.test.tsx).
    const status = controlled<OverlayStatus>();
    const statusLogic = overlayStatusMachine.provide({ actors: { loadStatus: status.logic } });
    renderScreen(<ObsExtensionScreen logic={logic} statusLogic={statusLogic} />, {
      path: '/obs-extension',
      jwt: 'creator.jwt',
    });
    return { load, save, rotate, user: userEvent.setup() };
  }
  const absolute = (path: string) => `${window.location.origin}${path}`;

  it('keeps the spec’s heading, image and text; shows the URL masked until Show; Copy puts the full URL on the clipboard', async () => {
    const { load, user } = setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(screen.getByRole('heading', { level: 1, name: 'OBS Extension' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /streaming scene/ })).toBeInTheDocument();
    expect(screen.getByText('Loading overlay')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Now' })).toBeDisabled();
    await load.resolve(sampleOverlaySettings);
    // The settings' controls arrive just after the screen (a lazy chunk).
    await screen.findByLabelText('Browser source URL');

    const field = screen.getByLabelText('Browser source URL');
    expect(field).toHaveValue(`${window.location.origin}/overlay/${'•'.repeat(12)}`);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(field).toHaveValue(absolute(sampleOverlaySettings.path));
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(field).not.toHaveValue(absolute(sampleOverlaySettings.path));

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(absolute(sampleOverlaySettings.path));
    expect(screen.getByText(/The URL is copied/)).toBeInTheDocument();
    // The preview frames the page and never reports display.
    expect(screen.getByTitle('Overlay preview')).toHaveAttribute('src', `${sampleOverlaySettings.path}?preview=1`);
  });

  it('saves the switch at once, shows it as chosen meanwhile, and puts it back with the reason when refused', async () => {
    const { load, save, user } = setup();
    await load.resolve(sampleOverlaySettings);
    // The settings' controls arrive just after the screen (a lazy chunk).
    await screen.findByLabelText('Browser source URL');
    const toggle = screen.getByRole('switch', { name: 'Show the overlay on stream' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(save.inputs).toEqual([{ enabled: false }]);
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    await save.resolve({ ...sampleOverlaySettings, enabled: false });
    expect(toggle).not.toBeChecked();
    expect(
      screen.getByText('The overlay is switched off: your stream shows nothing from Castbridge.'),
    ).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toBeChecked();
    await save.reject(refusal('Authentication required', 401));
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication required');
  });

  it('Download Now saves an OBS scene collection with a browser source at the URL', async () => {
    const { load, user } = setup();
    await load.resolve(sampleOverlaySettings);
    // The settings' controls arrive just after the screen (a lazy chunk).
    await screen.findByLabelText('Browser source URL');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Download Now' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(blobs).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    const collection = JSON.parse(text) as {
      name: string;
      current_scene: string;
      sources: { id: string; name: string; uuid: string; settings: Record<string, unknown> }[];
    };
    expect(collection.name).toBe('Castbridge');
    const source = collection.sources.find((s) => s.id === 'browser_source')!;
    expect(source.settings).toMatchObject({
      url: absolute(sampleOverlaySettings.path),
      width: 1920,
      height: 1080,
      shutdown: true,
      webpage_control_level: 2,
    });
    const scene = collection.sources.find((s) => s.id === 'scene')!;
    expect(scene.name).toBe(collection.current_scene);
    expect((scene.settings.items as { source_uuid: string; name: string }[])[0]).toMatchObject({
      source_uuid: source.uuid,
      name: source.name,
    });
  });

  it('makes a new URL only after a confirmation; the new one is masked; a refusal keeps the dialog', async () => {
    const { load, rotate, user } = setup();
    await load.resolve(sampleOverlaySettings);
    // The settings' controls arrive just after the screen (a lazy chunk).
    await screen.findByLabelText('Browser source URL');
    await user.click(screen.getByRole('button', { name: 'New URL' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Make a new overlay URL?' });
    await user.click(within(dialog).getByRole('button', { name: 'No, Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(rotate.started).toBe(0);

    await user.click(screen.getByRole('button', { name: 'New URL' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, Make a New URL' }));
    expect(rotate.started).toBe(1);
    await rotate.reject(new Error('Failed to fetch'));
    expect(within(screen.getByRole('alertdialog')).getByText('Failed to fetch')).toBeInTheDocument();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, Make a New URL' }));
    await rotate.resolve({ ...sampleOverlaySettings, path: '/overlay/the-new-token' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByLabelText('Browser source URL')).toHaveValue(absolute('/overlay/the-new-token'));
    expect(screen.getByTitle('Overlay preview')).toHaveAttribute('src', '/overlay/the-new-token?preview=1');
  });

  it('says why the overlay could not be loaded and tries again', async () => {
    const { load, user } = setup();
    await load.reject(new Error('Failed to fetch'));
    expect(screen.getByText('The overlay could not be loaded', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(load.started).toBe(2);
  });
});

describe('Proof of display', () => {
  function setup() {
    const load = controlled<OfferDisplay, { offerId: string }>();
    // The wiring prints with the browser's own dialog.
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const logic = displayProofMachine.provide({ actors: { loadDisplay: load.logic } });
    renderScreen(<DisplayProofScreen logic={logic} />, {
      path: '/offers/:id/proof',
      url: '/offers/off_1/proof',
      jwt: 'creator.jwt',
    });
    return { load, print, user: userEvent.setup() };
  }

  it('shows the minutes against the deliverable, the days and the sessions; Print opens the print dialog', async () => {
    const { load, print, user } = setup();
    expect(load.inputs).toEqual([{ offerId: 'off_1' }]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    await load.resolve(sampleDisplay);
    expect(screen.getByRole('heading', { name: '40 min of 60 min verified' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '67');
    const days = within(screen.getByRole('table', { name: 'Display by day' })).getAllByRole('row');
    expect(days).toHaveLength(3);
    expect(days[1]).toHaveTextContent('Sat, Nov 21, 2026');
    expect(days[1]).toHaveTextContent('30 min');
    // The sessions, their verified minutes and evidence: test/views/displayProof.test.tsx.
    expect(screen.getByRole('listitem', { name: 'Nov 22, 2026, 19:00 UTC – 19:15 UTC' })).toHaveTextContent(
      '15 min claimed',
    );
    expect(screen.getByText('Sponsored by Nova Energy', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});

// The OBS Extension screen's overlay (docs/product.md §The overlay for OBS): the creator's settings (GET /api/overlay), the on/off switch and the
// position, size and rotation choices (each saved at once with PUT /api/overlay, shown as chosen while it saves and put
// back when it is refused), the URL masked until "Show", Copy, Download Now (the OBS scene collection), and a new
// token after a confirmation (POST /api/overlay/rotate: the old URL stops working at once).
import { assign, setup } from 'xstate';
import type { OverlaySettings, OverlayUpdate } from '@/contract';
import { errorText } from '../messages';
import { effect, service } from '../placeholders';

export interface OverlaySettingsContext {
  settings: OverlaySettings | null;
  /** The change being saved (the view shows it at once). */
  pending: OverlayUpdate | null;
  /** Why loading, saving or rotating failed. */
  error: string | null;
  /** The URL is shown in full (it is masked otherwise: it is a secret). */
  revealed: boolean;
  /** The URL was just copied. */
  copied: boolean;
}

export type OverlaySettingsEvent =
  | { type: 'overlay.retry' }
  | { type: 'overlay.change'; change: OverlayUpdate }
  | { type: 'overlay.reveal' }
  | { type: 'overlay.copy' }
  | { type: 'overlay.download' }
  | { type: 'rotate.ask' }
  | { type: 'rotate.confirm' }
  | { type: 'rotate.dismiss' };

const urlPath = ({ context }: { context: OverlaySettingsContext }) => ({ path: context.settings!.path });

export const overlaySettingsMachine = setup({
  types: { context: {} as OverlaySettingsContext, events: {} as OverlaySettingsEvent },
  actors: {
    loadOverlay: service<OverlaySettings>('loadOverlay'),
    saveOverlay: service<OverlaySettings, OverlayUpdate>('saveOverlay'),
    rotateToken: service<OverlaySettings>('rotateToken'),
  },
  actions: {
    /** Writes the browser source URL (this site's origin + path) to the clipboard. */
    copyUrl: effect<{ path: string }>('copyUrl'),
    /** Downloads the OBS scene collection with a browser source pointing at the URL. */
    downloadSceneCollection: effect<{ path: string }>('downloadSceneCollection'),
  },
}).createMachine({
  id: 'overlaySettings',
  context: { settings: null, pending: null, error: null, revealed: false, copied: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOverlay',
        src: 'loadOverlay',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'overlay.retry': { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'overlay.change': {
              target: 'saving',
              actions: assign({ pending: ({ event }) => event.change, error: null, copied: false }),
            },
            'overlay.reveal': { actions: assign({ revealed: ({ context }) => !context.revealed, copied: false }) },
            'overlay.copy': { actions: [{ type: 'copyUrl', params: urlPath }, assign({ copied: true })] },
            'overlay.download': {
              actions: [{ type: 'downloadSceneCollection', params: urlPath }, assign({ copied: false })],
            },
            'rotate.ask': { target: 'confirming', actions: assign({ error: null, copied: false }) },
          },
        },
        saving: {
          invoke: {
            id: 'saveOverlay',
            src: 'saveOverlay',
            input: ({ context }) => context.pending!,
            onDone: { target: 'idle', actions: assign({ settings: ({ event }) => event.output, pending: null }) },
            // Refused or lost: what is saved shows again, with the reason.
            onError: {
              target: 'idle',
              actions: assign({ pending: null, error: ({ event }) => errorText(event.error) }),
            },
          },
        },
        confirming: {
          on: {
            'rotate.confirm': 'rotating',
            'rotate.dismiss': { target: 'idle', actions: assign({ error: null }) },
          },
        },
        rotating: {
          invoke: {
            id: 'rotateToken',
            src: 'rotateToken',
            // The new URL stays masked until shown again.
            onDone: { target: 'idle', actions: assign({ settings: ({ event }) => event.output, revealed: false }) },
            onError: { target: 'confirming', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});

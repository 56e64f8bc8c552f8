// The overlaySettings flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { overlaySettingsMachine } from './overlaySettings.machine';
import { sampleOverlaySettings } from './samples';

export const samples = {
  events: {
    'xstate.done.actor.loadOverlay': [{ type: 'xstate.done.actor.loadOverlay', output: sampleOverlaySettings }],
    'overlay.change': [
      { type: 'overlay.change', change: { enabled: false } },
      { type: 'overlay.change', change: { position: 'top-left' } },
    ],
    'xstate.done.actor.saveOverlay': [
      { type: 'xstate.done.actor.saveOverlay', output: { ...sampleOverlaySettings, enabled: false } },
    ],
    'xstate.error.actor.saveOverlay': [
      {
        type: 'xstate.error.actor.saveOverlay',
        error: apiRefusal('rotationSeconds: must be one of 10, 15, 20, 30, 45, 60', 400),
      },
    ],
    'xstate.done.actor.rotateToken': [
      {
        type: 'xstate.done.actor.rotateToken',
        output: {
          ...sampleOverlaySettings,
          path: '/overlay/new-token',
          url: 'http://127.0.0.1:3000/overlay/new-token',
        },
      },
    ],
  },
  abstract: (context) => ({
    loaded: context.settings !== null,
    enabled: context.settings?.enabled,
    pending: context.pending !== null,
    failed: context.error !== null,
    revealed: context.revealed,
    copied: context.copied,
  }),
} satisfies Fixture<typeof overlaySettingsMachine>;

// The overlayPage flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { overlayPageMachine } from './overlayPage.machine';
import { sampleOverlayState } from './samples';

export const samples = {
  inputs: [
    { token: 'overlay-token', preview: false, host: { visible: true, active: true, streaming: null } },
    { token: 'overlay-token', preview: true, host: { visible: true, active: true, streaming: null } },
  ],
  events: {
    'stream.state': [
      { type: 'stream.state', state: sampleOverlayState },
      { type: 'stream.state', state: { ...sampleOverlayState, version: 2, enabled: false, creatives: [] } },
    ],
    'host.changed': [
      { type: 'host.changed', host: { visible: false } },
      { type: 'host.changed', host: { visible: true, streaming: true } },
      { type: 'host.changed', host: { streaming: false } },
    ],
  },
  // What the guards read; failures only change the wait; the tally only whether there is one to report.
  abstract: (context) => ({
    shows: Boolean(context.state?.enabled && context.state.creatives.length > 0),
    index: context.index,
    failing: context.failures > 0,
    seen: context.host.visible && context.host.active && context.host.streaming !== false,
    tally: Object.keys(context.tally).length > 0,
    preview: context.preview,
  }),
} satisfies Fixture<typeof overlayPageMachine>;

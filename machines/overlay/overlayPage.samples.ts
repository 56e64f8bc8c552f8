// The overlayPage flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import { hostState, type overlayPageMachine } from './overlayPage.machine';
import { sampleOverlayState } from './samples';

export const samples = {
  inputs: [
    // OBS before it said whether it streams; a browser tab; the dashboard's preview.
    { token: 'overlay-token', preview: false, host: { obs: true, visible: true, active: true, streaming: null } },
    { token: 'overlay-token', preview: false, host: { obs: false, visible: true, active: true, streaming: null } },
    { token: 'overlay-token', preview: true, host: { obs: false, visible: true, active: true, streaming: null } },
  ],
  events: {
    'stream.state': [
      { type: 'stream.state', state: sampleOverlayState },
      { type: 'stream.state', state: { ...sampleOverlayState, version: 2, enabled: false, creatives: [] } },
    ],
    'host.changed': [
      { type: 'host.changed', host: { visible: false } },
      { type: 'host.changed', host: { visible: true, streaming: true } },
      { type: 'host.changed', host: { active: false } },
      { type: 'host.changed', host: { active: true, streaming: false } },
    ],
  },
  // What the guards read; failures only change the wait; the tally only whether there is one to report.
  abstract: (context) => ({
    shows: Boolean(context.state?.enabled && context.state.creatives.length > 0),
    index: context.index,
    failing: context.failures > 0,
    host: hostState(context.host),
    tally: Object.keys(context.tally).length > 0,
    preview: context.preview,
  }),
} satisfies Fixture<typeof overlayPageMachine>;

// The overlayStatus flow's samples, for its generated paths, the inspector and the view tests (catalogued in
// machines/samples.ts).
import type { OverlayStatus } from '@/contract/schemas/overlay';
import type { Fixture } from '../events';
import type { overlayStatusMachine } from './overlayStatus.machine';

/** Counting: OBS on Program, the Twitch channel live and disclosed. */
export const sampleCountingStatus: OverlayStatus = {
  counting: true,
  reason: null,
  host: 'program',
  reportedAt: '2026-11-26T10:00:00.000Z',
  channels: [
    {
      platform: 'twitch',
      login: 'ana_speedruns',
      live: true,
      checkedAt: '2026-11-26T09:59:30.000Z',
      title: 'Any% practice #ad',
      disclosed: true,
      viewers: 1234,
      problem: null,
    },
  ],
  offers: [
    {
      offerId: 'off_1',
      brand: 'Nova Energy',
      title: 'Weekend streams',
      platforms: ['twitch'],
      requiresDisclosure: true,
      verifiedSeconds: 2700,
      deliverableSeconds: 7200,
    },
  ],
};

/** Not counting: the channel is live but its title does not disclose the sponsorship. */
export const sampleUndisclosedStatus: OverlayStatus = {
  ...sampleCountingStatus,
  counting: false,
  reason: 'undisclosed',
  channels: [{ ...sampleCountingStatus.channels[0]!, title: 'Any% practice', disclosed: false }],
};

export const samples = {
  events: {
    'xstate.done.actor.loadStatus': [
      { type: 'xstate.done.actor.loadStatus', output: sampleCountingStatus },
      { type: 'xstate.done.actor.loadStatus', output: sampleUndisclosedStatus },
    ],
  },
  abstract: (context) => ({
    counting: context.status?.counting ?? null,
    failed: context.error !== null,
  }),
} satisfies Fixture<typeof overlayStatusMachine>;

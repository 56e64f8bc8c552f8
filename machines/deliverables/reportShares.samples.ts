// The reportShares flow's samples, for its generated paths, the inspector and the view tests (catalogued in
// machines/samples.ts): the campaign's share links as GET /api/campaigns/:id/report/shares answers them.
import type { ReportShare } from './reportShares.machine';
import { apiRefusal, type Fixture } from '../events';
import type { reportSharesMachine } from './reportShares.machine';

export const sampleShares: ReportShare[] = [
  { id: 'shr_cfo', label: 'Dana (finance)', url: null, createdAt: '2026-11-25T10:00:00.000Z', revokedAt: null },
  {
    id: 'shr_agency',
    label: 'Agency',
    url: null,
    createdAt: '2026-11-21T09:00:00.000Z',
    revokedAt: '2026-11-24T16:30:00.000Z',
  },
];

/** The answer that created a link: its address, this once. */
export const sampleCreatedShare: ReportShare = {
  id: 'shr_board',
  label: 'Board',
  url: 'https://castbridge.example/reports/rpt_Zx8Qm2Lk9sVb4NcT',
  createdAt: '2026-11-26T22:00:00.000Z',
  revokedAt: null,
};

export const samples = {
  inputs: [{ campaignId: 'cmp_nova' }],
  events: {
    'label.change': [
      { type: 'label.change', label: 'Board' },
      { type: 'label.change', label: '   ' },
    ],
    'share.revoke': [
      { type: 'share.revoke', shareId: 'shr_cfo' },
      { type: 'share.revoke', shareId: 'shr_agency' },
    ],
    'xstate.done.actor.loadShares': [{ type: 'xstate.done.actor.loadShares', output: sampleShares }],
    'xstate.error.actor.loadShares': [
      { type: 'xstate.error.actor.loadShares', error: apiRefusal('Service unavailable', 503) },
    ],
    'xstate.done.actor.createShare': [{ type: 'xstate.done.actor.createShare', output: sampleCreatedShare }],
    'xstate.error.actor.createShare': [
      { type: 'xstate.error.actor.createShare', error: apiRefusal('label: is required', 400) },
    ],
    'xstate.done.actor.revokeShare': [
      {
        type: 'xstate.done.actor.revokeShare',
        output: { ...sampleShares[0]!, revokedAt: '2026-11-26T22:10:00.000Z' },
      },
    ],
    'xstate.error.actor.revokeShare': [
      { type: 'xstate.error.actor.revokeShare', error: apiRefusal('Share not found', 404) },
    ],
  },
  abstract: (context) => ({
    label: context.label.trim() === '' ? 'empty' : 'typed',
    labelError: context.labelError !== null,
    created: context.created !== null,
    // Each new link lengthens the list: counted up to 3, so the graph stays finite.
    live: Math.min(3, context.shares.filter((share) => share.revokedAt === null).length),
    count: Math.min(3, context.shares.length),
    revoking: context.revokingId,
    error: context.error !== null,
  }),
} satisfies Fixture<typeof reportSharesMachine>;

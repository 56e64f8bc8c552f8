// The adminApproval flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { adminApprovalMachine } from './adminApproval.machine';
import { samplePendingAdvertiser } from './samples';

export const samples = {
  events: {
    'xstate.done.actor.loadPending': [{ type: 'xstate.done.actor.loadPending', output: [samplePendingAdvertiser] }],
    // The decided list, and back.
    'filter.change': [
      { type: 'filter.change', filter: 'decided' },
      { type: 'filter.change', filter: 'pending' },
    ],
    'approval.approve': [{ type: 'approval.approve', userId: samplePendingAdvertiser.userId }],
    'approval.reject': [{ type: 'approval.reject', userId: samplePendingAdvertiser.userId }],
    'reason.change': [
      { type: 'reason.change', value: '' },
      { type: 'reason.change', value: 'The website does not load' },
    ],
    'xstate.done.actor.approveAdvertiser': [
      {
        type: 'xstate.done.actor.approveAdvertiser',
        output: { ...samplePendingAdvertiser, status: 'approved', reviewedAt: '2026-11-21T09:00:00.000Z' },
      },
    ],
    'xstate.done.actor.rejectAdvertiser': [
      {
        type: 'xstate.done.actor.rejectAdvertiser',
        output: {
          ...samplePendingAdvertiser,
          status: 'rejected',
          rejectionReason: 'The website does not load',
          reviewedAt: '2026-11-21T09:00:00.000Z',
        },
      },
    ],
    'xstate.error.actor.rejectAdvertiser': [
      { type: 'xstate.error.actor.rejectAdvertiser', error: new Error('This advertiser is already approved') },
    ],
  },
  abstract: (context) => ({
    listed: context.advertisers.length,
    target: context.target !== null,
    reason: context.reason.trim() === '',
    reasonError: context.reasonError !== null,
    failed: context.error !== null,
    filter: context.filter,
    notice: context.notice?.verdict ?? null,
  }),
} satisfies Fixture<typeof adminApprovalMachine>;

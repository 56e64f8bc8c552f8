// The adminApproval flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { adminApprovalMachine } from './adminApproval.machine';
import { samplePendingAdvertiser } from './samples';

export const samples = {
  events: {
    'xstate.done.actor.loadPending': [{ type: 'xstate.done.actor.loadPending', output: [samplePendingAdvertiser] }],
    'approval.approve': [{ type: 'approval.approve', userId: samplePendingAdvertiser.userId }],
    'approval.reject': [{ type: 'approval.reject', userId: samplePendingAdvertiser.userId }],
    'reason.change': [
      { type: 'reason.change', value: '' },
      { type: 'reason.change', value: 'The website does not load' },
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
  }),
} satisfies Fixture<typeof adminApprovalMachine>;

// The operator's approval queue (docs/product.md §Marketplace "Operator console"): advertisers waiting for review, each approved, or
// rejected with a required reason written in a dialog; the server's refusal (e.g. 409: already reviewed) is shown.
import { assign, setup } from 'xstate';
import type { AdvertiserProfile } from '@/contract';
import { MARKETPLACE_LIMITS } from '@/contract/marketplace';
import { errorText, REQUIRED_MESSAGE } from '../messages';
import { service } from '../placeholders';

export type PendingAdvertiser = AdvertiserProfile & { userId: string; email: string; createdAt: string };

export interface AdminApprovalContext {
  advertisers: PendingAdvertiser[];
  /** The load's failure, or the last refused review. */
  error: string | null;
  /** The advertiser being approved or rejected. */
  target: string | null;
  reason: string;
  reasonError: string | null;
}

export type AdminApprovalEvent =
  | { type: 'approval.retry' }
  | { type: 'approval.approve'; userId: string }
  | { type: 'approval.reject'; userId: string }
  | { type: 'reason.change'; value: string }
  | { type: 'reason.submit' }
  | { type: 'reason.cancel' };

const reasonProblem = (reason: string) =>
  reason.trim() === ''
    ? REQUIRED_MESSAGE
    : reason.length > MARKETPLACE_LIMITS.reason
      ? `At most ${MARKETPLACE_LIMITS.reason} characters.`
      : null;

export const adminApprovalMachine = setup({
  types: { context: {} as AdminApprovalContext, events: {} as AdminApprovalEvent },
  actors: {
    loadPending: service<PendingAdvertiser[]>('loadPending'),
    approveAdvertiser: service<PendingAdvertiser, { userId: string }>('approveAdvertiser'),
    rejectAdvertiser: service<PendingAdvertiser, { userId: string; reason: string }>('rejectAdvertiser'),
  },
  guards: {
    reasonValid: ({ context }) => reasonProblem(context.reason) === null,
  },
  actions: {
    reviewed: assign({
      advertisers: ({ context }) => context.advertisers.filter((a) => a.userId !== context.target),
      target: null,
      error: null,
    }),
    refused: assign({ error: ({ event }) => errorText((event as unknown as { error: unknown }).error), target: null }),
  },
}).createMachine({
  id: 'adminApproval',
  context: { advertisers: [], error: null, target: null, reason: '', reasonError: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPending',
        src: 'loadPending',
        onDone: { target: 'ready', actions: assign({ advertisers: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'approval.retry': 'loading' } },
    ready: {
      initial: 'idle',
      on: { 'approval.retry': '.reloading' },
      states: {
        idle: {
          on: {
            'approval.approve': {
              target: 'approving',
              actions: assign({ target: ({ event }) => event.userId, error: null }),
            },
            'approval.reject': {
              target: 'rejecting',
              actions: assign({ target: ({ event }) => event.userId, reason: '', reasonError: null, error: null }),
            },
          },
        },
        reloading: {
          tags: ['busy'],
          invoke: {
            id: 'loadPending',
            src: 'loadPending',
            onDone: { target: 'idle', actions: assign({ advertisers: ({ event }) => event.output, error: null }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        approving: {
          tags: ['busy'],
          invoke: {
            id: 'approveAdvertiser',
            src: 'approveAdvertiser',
            input: ({ context }) => ({ userId: context.target! }),
            onDone: { target: 'idle', actions: 'reviewed' },
            onError: { target: 'idle', actions: 'refused' },
          },
        },
        rejecting: {
          initial: 'editing',
          on: { 'reason.cancel': { target: 'idle', actions: assign({ target: null }) } },
          states: {
            editing: {
              on: {
                'reason.change': { actions: assign({ reason: ({ event }) => event.value, reasonError: null }) },
                'reason.submit': [
                  { guard: 'reasonValid', target: 'sending' },
                  { actions: assign({ reasonError: ({ context }) => reasonProblem(context.reason) }) },
                ],
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'rejectAdvertiser',
                src: 'rejectAdvertiser',
                input: ({ context }) => ({ userId: context.target!, reason: context.reason.trim() }),
                onDone: { target: '#adminApproval.ready.idle', actions: 'reviewed' },
                onError: { target: 'editing', actions: assign({ reasonError: ({ event }) => errorText(event.error) }) },
              },
            },
          },
        },
      },
    },
  },
});

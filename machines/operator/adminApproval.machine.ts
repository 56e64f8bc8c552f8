// The operator's approval queue (docs/product.md §Marketplace "Operator console"): advertisers waiting for review, each approved, or
// rejected with a required reason written in a dialog; the server's refusal (e.g. 409: already reviewed) is shown. Each
// decision is confirmed by a status message, and the decided advertisers are found again under the Decided filter.
import { assertEvent, assign, setup } from 'xstate';
import type { AdvertiserProfile } from '@/contract';
import { MARKETPLACE_LIMITS } from '@/contract/marketplace';
import { errorText } from '../messages';
import { service } from '../placeholders';

export type PendingAdvertiser = AdvertiserProfile & { userId: string; email: string; createdAt: string };

/** Waiting for review, or decided (approved or rejected: the latest decision first). */
export type ApprovalFilter = 'pending' | 'decided';

/** The last decision, for the status message. */
export interface ApprovalNotice {
  verdict: 'approved' | 'rejected';
  companyName: string;
}

export interface AdminApprovalContext {
  filter: ApprovalFilter;
  advertisers: PendingAdvertiser[];
  notice: ApprovalNotice | null;
  /** The load's failure, or the last refused review. */
  error: string | null;
  /** The advertiser being approved or rejected. */
  target: string | null;
  reason: string;
  reasonError: RejectReasonProblem | null;
}

export type AdminApprovalEvent =
  | { type: 'approval.retry' }
  | { type: 'filter.change'; filter: ApprovalFilter }
  | { type: 'approval.approve'; userId: string }
  | { type: 'approval.reject'; userId: string }
  | { type: 'reason.change'; value: string }
  | { type: 'reason.submit' }
  | { type: 'reason.cancel' };

/**
 * What is wrong with a rejection's reason, as an id and the values its text reads (docs/architecture.md §Languages):
 * empty, too long, or refused by the server (its words, as they came). The view words it (src/operator/RejectReason.tsx).
 */
export type RejectReasonProblem =
  { id: 'required' } | { id: 'reasonTooLong'; max: number } | { id: 'refused'; text: string };

const reasonProblem = (reason: string): RejectReasonProblem | null =>
  reason.trim() === ''
    ? { id: 'required' }
    : reason.length > MARKETPLACE_LIMITS.reason
      ? { id: 'reasonTooLong', max: MARKETPLACE_LIMITS.reason }
      : null;

export const adminApprovalMachine = setup({
  types: { context: {} as AdminApprovalContext, events: {} as AdminApprovalEvent },
  actors: {
    /** GET /api/admin/advertisers: those waiting (status=pending), or the decided ones. */
    loadPending: service<PendingAdvertiser[], { filter: ApprovalFilter }>('loadPending'),
    approveAdvertiser: service<PendingAdvertiser, { userId: string }>('approveAdvertiser'),
    rejectAdvertiser: service<PendingAdvertiser, { userId: string; reason: string }>('rejectAdvertiser'),
  },
  guards: {
    reasonValid: ({ context }) => reasonProblem(context.reason) === null,
    otherFilter: ({ context, event }) => event.type === 'filter.change' && event.filter !== context.filter,
    /** Something to try again: a failed read or a refused decision is shown. */
    hasError: ({ context }) => context.error !== null,
  },
  actions: {
    reviewed: assign({
      advertisers: ({ context }) => context.advertisers.filter((a) => a.userId !== context.target),
      notice: ({ event }) => {
        const advertiser = (event as unknown as { output: PendingAdvertiser }).output;
        return {
          verdict: advertiser.status === 'rejected' ? ('rejected' as const) : ('approved' as const),
          companyName: advertiser.companyName,
        };
      },
      target: null,
      error: null,
    }),
    chooseFilter: assign(({ event }) => {
      assertEvent(event, 'filter.change');
      return { filter: event.filter, advertisers: [], error: null };
    }),
    refused: assign({ error: ({ event }) => errorText((event as unknown as { error: unknown }).error), target: null }),
  },
}).createMachine({
  id: 'adminApproval',
  context: {
    filter: 'pending',
    advertisers: [],
    notice: null,
    error: null,
    target: null,
    reason: '',
    reasonError: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPending',
        src: 'loadPending',
        input: ({ context }) => ({ filter: context.filter }),
        onDone: { target: 'ready', actions: assign({ advertisers: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'approval.retry': 'loading' } },
    ready: {
      initial: 'idle',
      // Beside a failed read or a refused decision only: the Try again the screen shows then.
      on: { 'approval.retry': { guard: 'hasError', target: '.reloading' } },
      states: {
        idle: {
          on: {
            // The other list (not while a review is under way: its buttons and dialog hold the screen).
            'filter.change': { guard: 'otherFilter', target: 'reloading', actions: 'chooseFilter' },
            'approval.approve': {
              target: 'approving',
              actions: assign({ target: ({ event }) => event.userId, error: null, notice: null }),
            },
            'approval.reject': {
              target: 'rejecting',
              actions: assign({
                target: ({ event }) => event.userId,
                reason: '',
                reasonError: null,
                error: null,
                notice: null,
              }),
            },
          },
        },
        reloading: {
          tags: ['busy'],
          // The last filter chosen wins: the read under way stops, one for it starts.
          on: {
            'filter.change': { guard: 'otherFilter', target: 'reloading', reenter: true, actions: 'chooseFilter' },
          },
          invoke: {
            id: 'loadPending',
            src: 'loadPending',
            input: ({ context }) => ({ filter: context.filter }),
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
                onError: {
                  target: 'editing',
                  actions: assign({
                    reasonError: ({ event }): RejectReasonProblem => ({ id: 'refused', text: errorText(event.error) }),
                  }),
                },
              },
            },
          },
        },
      },
    },
  },
});

// The brand's report's share links (docs/product.md §Deliverables, "The brand's report"): the campaign's links, newest
// first (GET /api/campaigns/:id/report/shares); a new one for a label (checked here as the server does) shows its
// address this once (POST …/shares: the token is stored hashed); revoking asks first (DELETE …/shares/:shareId).
import { assign, setup } from 'xstate';
import { DELIVERABLE_LIMITS } from '@/contract/deliverables';
import type { ResponseBody } from '@/contract';
import { errorText } from '../messages';
import { service } from '../placeholders';

/** A report share link as the contract answers it. */
export type ReportShare = ResponseBody<'createReportShare'>['share'];

export interface ReportSharesContext {
  campaignId: string;
  shares: ReportShare[];
  label: string;
  /** Why the label is refused, as an id and the values its text reads (the view words it). */
  labelError: ShareLabelProblem | null;
  /** The link just created, with its address: shown until dismissed, never again. */
  created: ReportShare | null;
  /** The share a revocation asks about. */
  revokingId: string | null;
  /** Why the list could not be read (failed) or why a change was refused (ready). */
  error: string | null;
}

export type ReportSharesEvent =
  | { type: 'shares.retry' }
  | { type: 'label.change'; label: string }
  | { type: 'share.create' }
  | { type: 'share.dismiss' }
  | { type: 'share.revoke'; shareId: string }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' };

/** Why a label cannot be sent, as an id and its values (docs/architecture.md §Languages: the view words it). */
export type ShareLabelProblem = { id: 'required' } | { id: 'labelTooLong'; max: number };

/** The label's problem, as the contract's reportShareRequest states it; null when it may be sent. */
export function labelProblem(label: string): ShareLabelProblem | null {
  const trimmed = label.trim();
  if (!trimmed) return { id: 'required' };
  if (trimmed.length > DELIVERABLE_LIMITS.shareLabel) return { id: 'labelTooLong', max: DELIVERABLE_LIMITS.shareLabel };
  return null;
}

export const reportSharesMachine = setup({
  types: {
    context: {} as ReportSharesContext,
    events: {} as ReportSharesEvent,
    input: {} as { campaignId: string },
  },
  actors: {
    /** GET /api/campaigns/:id/report/shares → newest first. */
    loadShares: service<ReportShare[], { campaignId: string }>('loadShares'),
    /** POST /api/campaigns/:id/report/shares `{ label }` → the share with its URL (this once). */
    createShare: service<ReportShare, { campaignId: string; label: string }>('createShare'),
    /** DELETE /api/campaigns/:id/report/shares/:shareId → the share, revoked. */
    revokeShare: service<ReportShare, { campaignId: string; shareId: string }>('revokeShare'),
  },
  guards: {
    labelValid: ({ context }) => labelProblem(context.label) === null,
    /** A share still live (revoking a revoked one asks nothing). */
    revocable: ({ context, event }) =>
      event.type === 'share.revoke' &&
      context.shares.some((share) => share.id === event.shareId && share.revokedAt === null),
  },
}).createMachine({
  id: 'reportShares',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    shares: [],
    label: '',
    labelError: null,
    created: null,
    revokingId: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadShares',
        src: 'loadShares',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: { target: 'ready', actions: assign({ shares: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'shares.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'label.change': { actions: assign({ label: ({ event }) => event.label, labelError: null }) },
      },
      states: {
        idle: {
          on: {
            'share.create': [
              { guard: 'labelValid', target: 'creating', actions: assign({ error: null, created: null }) },
              { actions: assign({ labelError: ({ context }) => labelProblem(context.label) }) },
            ],
            'share.dismiss': { actions: assign({ created: null }) },
            'share.revoke': {
              guard: 'revocable',
              target: 'confirming',
              actions: assign({ revokingId: ({ event }) => event.shareId, error: null }),
            },
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createShare',
            src: 'createShare',
            input: ({ context }) => ({ campaignId: context.campaignId, label: context.label.trim() }),
            onDone: {
              target: 'idle',
              actions: assign({
                created: ({ event }) => event.output,
                // The list never holds the address: it is shown once, in `created`.
                shares: ({ context, event }) => [{ ...event.output, url: null }, ...context.shares],
                label: '',
              }),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        confirming: {
          on: {
            'revoke.confirm': 'revoking',
            'revoke.cancel': { target: 'idle', actions: assign({ revokingId: null }) },
          },
        },
        revoking: {
          tags: ['busy'],
          invoke: {
            id: 'revokeShare',
            src: 'revokeShare',
            input: ({ context }) => ({ campaignId: context.campaignId, shareId: context.revokingId ?? '' }),
            onDone: {
              target: 'idle',
              actions: assign({
                shares: ({ context, event }) =>
                  context.shares.map((share) =>
                    share.id === event.output.id ? { ...event.output, url: null } : share,
                  ),
                created: ({ context, event }) => (context.created?.id === event.output.id ? null : context.created),
                revokingId: null,
              }),
            },
            // The dialog closes; the refusal is shown beside the list.
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => errorText(event.error), revokingId: null }),
            },
          },
        },
      },
    },
  },
});

// The operator console's Refunds and disputes tab (docs/product.md §Self-serve money): card disputes (open ones first:
// the amount Stripe took back, what the advertiser's free balance covered and is held, what is owed), and refunds of
// wired money waiting for the manual rail, then the decided ones. Mark sent asks for the wire's reference, Mark failed
// for the reason the advertiser reads (the amount returns to their balance); both are required, a refusal (409:
// already decided) keeps the dialog and says why. Each decision is sent with an Idempotency-Key, kept while the same
// decision is sent again (docs/api.md "Idempotency-Key").
import { assign, setup } from 'xstate';
import type { AdminRefund, CardDispute } from '@/contract/schemas/money';
import { newIdempotencyKey } from '../ids';
import { errorText } from '../messages';
import { refusedDecision, type DecisionProblem } from './decisionProblem';
import { service } from '../placeholders';

export type RefundVerdict = 'sent' | 'failed';

/** A decision as sent, with its Idempotency-Key: sent again unchanged (after a refusal or a lost answer), it keeps it. */
export interface RefundDecision {
  refundId: string;
  verdict: RefundVerdict;
  text: string;
  idempotencyKey: string;
}

export interface RefundsAndDisputes {
  refunds: AdminRefund[];
  disputes: CardDispute[];
}

export interface AdminRefundsContext extends RefundsAndDisputes {
  target: string | null;
  verdict: RefundVerdict | null;
  /** The reference (sent) or the reason (failed). */
  text: string;
  textError: DecisionProblem | null;
  error: string | null;
  pending: RefundDecision | null;
}

export type AdminRefundsEvent =
  | { type: 'refunds.retry' }
  | { type: 'refunds.reload' }
  | { type: 'decision.open'; refundId: string; verdict: RefundVerdict }
  | { type: 'decision.change'; value: string }
  | { type: 'decision.submit' }
  | { type: 'decision.cancel' };

const MAX = { sent: 100, failed: 500 } as const;

export function refundDecisionProblem(verdict: RefundVerdict, text: string): DecisionProblem | null {
  if (text.trim() === '') return { id: 'required' };
  return text.trim().length > MAX[verdict] ? { id: 'tooLong', max: MAX[verdict] } : null;
}

export const adminRefundsMachine = setup({
  types: { context: {} as AdminRefundsContext, events: {} as AdminRefundsEvent },
  actors: {
    /** GET /api/admin/refunds and GET /api/admin/card-disputes. */
    loadRefunds: service<RefundsAndDisputes>('loadRefunds'),
    /** POST /api/admin/refunds/:id/sent {reference} or …/failed {reason}. */
    decideRefund: service<AdminRefund, RefundDecision>('decideRefund'),
  },
  guards: {
    textOk: ({ context }) => context.verdict !== null && refundDecisionProblem(context.verdict, context.text) === null,
  },
}).createMachine({
  id: 'adminRefunds',
  context: {
    refunds: [],
    disputes: [],
    target: null,
    verdict: null,
    text: '',
    textError: null,
    error: null,
    pending: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRefunds',
        src: 'loadRefunds',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...event.output, error: null })) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'refunds.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'refunds.reload': 'reloading',
            'decision.open': {
              target: 'deciding',
              actions: assign({
                target: ({ event }) => event.refundId,
                verdict: ({ event }) => event.verdict,
                text: '',
                textError: null,
                error: null,
                pending: null,
              }),
            },
          },
        },
        reloading: {
          invoke: {
            id: 'loadRefunds',
            src: 'loadRefunds',
            onDone: { target: 'idle', actions: assign(({ event }) => ({ ...event.output, error: null })) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        deciding: {
          on: {
            'decision.change': { actions: assign({ text: ({ event }) => event.value, textError: null }) },
            'decision.submit': [
              {
                guard: 'textOk',
                target: 'sending',
                actions: assign({
                  pending: ({ context }) => {
                    const decision = {
                      refundId: context.target!,
                      verdict: context.verdict!,
                      text: context.text.trim(),
                    };
                    const { pending } = context;
                    const same =
                      pending !== null &&
                      pending.refundId === decision.refundId &&
                      pending.verdict === decision.verdict &&
                      pending.text === decision.text;
                    return same ? pending : { ...decision, idempotencyKey: newIdempotencyKey() };
                  },
                }),
              },
              {
                actions: assign({ textError: ({ context }) => refundDecisionProblem(context.verdict!, context.text) }),
              },
            ],
            'decision.cancel': { target: 'idle', actions: assign({ target: null, verdict: null }) },
          },
        },
        sending: {
          invoke: {
            id: 'decideRefund',
            src: 'decideRefund',
            input: ({ context }) => context.pending!,
            onDone: {
              target: 'idle',
              actions: assign({
                refunds: ({ context, event }) =>
                  context.refunds.map((refund) => (refund.id === event.output.id ? event.output : refund)),
                target: null,
                verdict: null,
                pending: null,
              }),
            },
            onError: {
              target: 'deciding',
              actions: assign({ textError: ({ event }) => refusedDecision(event.error) }),
            },
          },
        },
      },
    },
  },
});

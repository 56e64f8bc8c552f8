// The operator console's Payouts tab (docs/product.md §Money, the `manual` payout rail): payouts waiting for an operator first,
// then the decided ones. Mark paid asks for the bank's or PayPal's reference, Mark failed for the reason the creator
// reads; both are required, and a refusal (409: already decided) keeps the dialog and says why. Each decision is sent
// with an Idempotency-Key, kept while the same decision is sent again (docs/api.md "Idempotency-Key").
import { assign, setup } from 'xstate';
import type { AdminPayout } from '@/contract';
import { newIdempotencyKey } from '../ids';
import { errorText } from '../messages';
import { refusedDecision, type DecisionProblem } from './decisionProblem';
import { service } from '../placeholders';

export type Verdict = 'paid' | 'failed';

/** A decision as sent, with its Idempotency-Key: sent again unchanged (after a refusal or a lost answer), it keeps it. */
export interface PayoutDecision {
  payoutId: string;
  verdict: Verdict;
  text: string;
  idempotencyKey: string;
}

export interface AdminPayoutsContext {
  payouts: AdminPayout[];
  target: string | null;
  verdict: Verdict | null;
  /** The reference (paid) or the reason (failed). */
  text: string;
  textError: DecisionProblem | null;
  error: string | null;
  /** The decision being sent or last refused; null once decided or when a dialog opens. */
  pending: PayoutDecision | null;
}

export type AdminPayoutsEvent =
  | { type: 'payouts.retry' }
  | { type: 'payouts.reload' }
  | { type: 'decision.open'; payoutId: string; verdict: Verdict }
  | { type: 'decision.change'; value: string }
  | { type: 'decision.submit' }
  | { type: 'decision.cancel' };

const MAX = { paid: 100, failed: 500 } as const;

export function decisionProblem(verdict: Verdict, text: string): DecisionProblem | null {
  if (text.trim() === '') return { id: 'required' };
  return text.length > MAX[verdict] ? { id: 'tooLong', max: MAX[verdict] } : null;
}

export const adminPayoutsMachine = setup({
  types: { context: {} as AdminPayoutsContext, events: {} as AdminPayoutsEvent },
  actors: {
    /** GET /api/admin/payouts. */
    loadPayouts: service<AdminPayout[]>('loadPayouts'),
    /** POST /api/admin/payouts/:id/paid {reference} or …/failed {reason}. */
    decidePayout: service<AdminPayout, PayoutDecision>('decidePayout'),
  },
  guards: {
    textOk: ({ context }) => context.verdict !== null && decisionProblem(context.verdict, context.text) === null,
  },
}).createMachine({
  id: 'adminPayouts',
  context: { payouts: [], target: null, verdict: null, text: '', textError: null, error: null, pending: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPayouts',
        src: 'loadPayouts',
        onDone: { target: 'ready', actions: assign({ payouts: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'payouts.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'payouts.reload': 'reloading',
            'decision.open': {
              target: 'deciding',
              actions: assign({
                target: ({ event }) => event.payoutId,
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
            id: 'loadPayouts',
            src: 'loadPayouts',
            onDone: { target: 'idle', actions: assign({ payouts: ({ event }) => event.output, error: null }) },
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
                      payoutId: context.target!,
                      verdict: context.verdict!,
                      text: context.text.trim(),
                    };
                    const { pending } = context;
                    const same =
                      pending !== null &&
                      pending.payoutId === decision.payoutId &&
                      pending.verdict === decision.verdict &&
                      pending.text === decision.text;
                    return same ? pending : { ...decision, idempotencyKey: newIdempotencyKey() };
                  },
                }),
              },
              { actions: assign({ textError: ({ context }) => decisionProblem(context.verdict!, context.text) }) },
            ],
            'decision.cancel': { target: 'idle', actions: assign({ target: null, verdict: null }) },
          },
        },
        sending: {
          invoke: {
            id: 'decidePayout',
            src: 'decidePayout',
            input: ({ context }) => context.pending!,
            onDone: {
              target: 'idle',
              actions: assign({
                payouts: ({ context, event }) =>
                  context.payouts.map((payout) => (payout.id === event.output.id ? event.output : payout)),
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

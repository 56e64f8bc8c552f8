// The operator console's Reviews tab (docs/product.md §Verified delivery): overlay earnings held by a fraud signal or
// disputed by the advertiser, oldest first. Resolve opens a dialog: what the creator is paid (0 to the earning, in
// dollars; the rest returns to the advertiser), with Pay in full and Refund in full, and a reason both sides read.
// Each resolution is sent with an Idempotency-Key, kept while the same resolution is sent again (docs/api.md
// "Idempotency-Key"); once resolved the row leaves the list and a status message says what was decided. The flow holds
// no words (docs/architecture.md §Languages): the fields' problems as ids with their values (PayProblem,
// ReviewReasonProblem), the notice as names and amounts; the Reviews tab words them. A failed call's text is kept as it
// came (the server's refusal, in the account's language).
import { assign, setup } from 'xstate';
import type { ResponseBody } from '@/contract';
import { formatCents } from '@/contract/cents';
import { parseDollars } from '@/contract/money';
import { newIdempotencyKey } from '../ids';
import { errorText } from '../messages';
import { reviewReasonCheck, type ReviewReasonProblem } from '../money/deliveryDispute.machine';
import { service } from '../placeholders';

/** A held or disputed earning as GET /api/admin/reviews lists it (contract/schemas/money.ts `adminReview`). */
export type AdminReview = ResponseBody<'adminReviews'>['reviews'][number];

/** A resolution as sent, with its Idempotency-Key: sent again unchanged (a refusal, a lost answer), it keeps it. */
export interface Resolution {
  offerId: string;
  payCents: number;
  reason: string;
  idempotencyKey: string;
}

/** What the status message says after a resolution. */
export interface ResolvedNotice {
  brand: string;
  title: string;
  creatorName: string;
  payCents: number;
  refundCents: number;
}

export interface ReviewQueueContext {
  reviews: AdminReview[];
  /** The offer of the open dialog. */
  target: string | null;
  /** What the creator is paid, as typed in dollars. */
  pay: string;
  reason: string;
  payError: PayProblem | null;
  reasonError: ReviewReasonProblem | null;
  /** A failed reload (the list stays) or the server's refusal of a resolution (the dialog stays). */
  error: string | null;
  notice: ResolvedNotice | null;
  pending: Resolution | null;
}

export type ReviewQueueEvent =
  | { type: 'reviews.retry' }
  | { type: 'reviews.reload' }
  | { type: 'resolve.open'; offerId: string }
  | { type: 'pay.change'; value: string }
  | { type: 'pay.full' }
  | { type: 'refund.full' }
  | { type: 'reason.change'; value: string }
  | { type: 'resolve.submit' }
  | { type: 'resolve.cancel' };

/**
 * What is wrong with the amount typed for the creator, as an id and the values its text reads: not dollars and cents,
 * or more than the whole earning (its cents).
 */
export type PayProblem = { id: 'invalid' } | { id: 'tooMuch'; maxCents: number };

export const PAY_INVALID: PayProblem = { id: 'invalid' };

/** What is wrong with the amount typed for the creator (0 to the earning), or null. */
export function payProblem(text: string, earnedCents: number): PayProblem | null {
  const cents = parseDollars(text);
  if (cents === null) return PAY_INVALID;
  return cents > earnedCents ? { id: 'tooMuch', maxCents: earnedCents } : null;
}

const earned = (context: ReviewQueueContext) =>
  context.reviews.find((review) => review.offerId === context.target)?.earnedCents ?? 0;
/** Dollars as the field shows them: "225" or "225.50". */
const dollars = (cents: number) => formatCents(cents).replace('$', '').replace(/,/g, '');

export const reviewQueueMachine = setup({
  types: { context: {} as ReviewQueueContext, events: {} as ReviewQueueEvent },
  actors: {
    /** GET /api/admin/reviews. */
    loadReviews: service<AdminReview[]>('loadReviews'),
    /** POST /api/admin/reviews/:id/resolve {payCents, reason} with an Idempotency-Key. */
    resolveReview: service<AdminReview, Resolution>('resolveReview'),
  },
  guards: {
    formOk: ({ context }) =>
      payProblem(context.pay, earned(context)) === null && reviewReasonCheck(context.reason) === null,
  },
}).createMachine({
  id: 'reviewQueue',
  context: {
    reviews: [],
    target: null,
    pay: '',
    reason: '',
    payError: null,
    reasonError: null,
    error: null,
    notice: null,
    pending: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadReviews',
        src: 'loadReviews',
        onDone: { target: 'ready', actions: assign({ reviews: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'reviews.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'reviews.reload': { target: 'reloading', actions: assign({ notice: null }) },
            'resolve.open': {
              target: 'resolving',
              actions: assign({
                target: ({ event }) => event.offerId,
                pay: '',
                reason: '',
                payError: null,
                reasonError: null,
                error: null,
                notice: null,
                pending: null,
              }),
            },
          },
        },
        reloading: {
          invoke: {
            id: 'loadReviews',
            src: 'loadReviews',
            onDone: { target: 'idle', actions: assign({ reviews: ({ event }) => event.output, error: null }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        resolving: {
          on: {
            'pay.change': { actions: assign({ pay: ({ event }) => event.value, payError: null }) },
            'pay.full': { actions: assign({ pay: ({ context }) => dollars(earned(context)), payError: null }) },
            'refund.full': { actions: assign({ pay: '0', payError: null }) },
            'reason.change': { actions: assign({ reason: ({ event }) => event.value, reasonError: null }) },
            'resolve.submit': [
              {
                guard: 'formOk',
                target: 'sending',
                actions: assign({
                  error: null,
                  pending: ({ context }) => {
                    const resolution = {
                      offerId: context.target!,
                      payCents: parseDollars(context.pay)!,
                      reason: context.reason.trim(),
                    };
                    // A pending resolution is always this dialog's offer's: resolve.open, the only way to another
                    // offer, drops it.
                    const { pending } = context;
                    const same =
                      pending !== null &&
                      pending.payCents === resolution.payCents &&
                      pending.reason === resolution.reason;
                    return same ? pending : { ...resolution, idempotencyKey: newIdempotencyKey() };
                  },
                }),
              },
              {
                actions: assign({
                  payError: ({ context }) => payProblem(context.pay, earned(context)),
                  reasonError: ({ context }) => reviewReasonCheck(context.reason),
                }),
              },
            ],
            'resolve.cancel': { target: 'idle', actions: assign({ target: null, error: null }) },
          },
        },
        sending: {
          invoke: {
            id: 'resolveReview',
            src: 'resolveReview',
            input: ({ context }) => context.pending!,
            onDone: {
              target: 'idle',
              actions: assign({
                notice: ({ context }) => {
                  const review = context.reviews.find((entry) => entry.offerId === context.target);
                  const payCents = context.pending!.payCents;
                  return {
                    brand: review?.brand ?? '',
                    title: review?.title ?? '',
                    creatorName: review?.creatorName ?? '',
                    payCents,
                    refundCents: Math.max(0, (review?.earnedCents ?? payCents) - payCents),
                  };
                },
                reviews: ({ context }) => context.reviews.filter((review) => review.offerId !== context.target),
                target: null,
                pending: null,
              }),
            },
            onError: { target: 'resolving', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});

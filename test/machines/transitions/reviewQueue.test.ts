// The review queue's transitions, pinned by hand (docs/product.md §Money: money flows are pinned as well as path-tested): source,
// event, expected target and what it changes — the creator's pay in cents, the reason, the Idempotency-Key kept while
// the same resolution is sent again, the row leaving and the status message — read through reviewQueue.select.ts as
// the Reviews tab reads them, with the event names the flow receives from its calls.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { REASON_REQUIRED, REASON_TOO_SHORT } from '@/machines/money/deliveryDispute.machine';
import {
  PAY_INVALID,
  payProblem,
  reviewQueueMachine,
  type AdminReview,
  type Resolution,
} from '@/machines/operator/reviewQueue.machine';
import {
  selectResolvedNotice,
  selectResolveError,
  selectResolvePay,
  selectResolvePayError,
  selectResolveReason,
  selectResolveReasonError,
  selectResolveSending,
  selectResolving,
  selectReviews,
  selectReviewsError,
  selectReviewsLoadError,
  selectReviewsLoading,
  selectReviewsReloading,
} from '@/machines/operator/reviewQueue.select';
import { sampleAdminReview, sampleHeldReview } from '@/machines/operator/samples';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const REASON = 'Half the verified minutes had no overlay in the recording.';
const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });

async function start() {
  const loadReviews = controlled<AdminReview[]>();
  const resolveReview = controlled<AdminReview, Resolution>();
  /** The events the flow itself received, by type: the names its pinned transitions are on. */
  const { received, inspect } = receivedEvents();
  const actor = createActor(
    reviewQueueMachine.provide({ actors: { loadReviews: loadReviews.logic, resolveReview: resolveReview.logic } }),
    { inspect },
  );
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    loadReviews,
    resolveReview,
    received,
    /** What the Reviews tab reads: the list and its messages. */
    list: () => ({
      loading: selectReviewsLoading(snapshot()),
      loadError: selectReviewsLoadError(snapshot()),
      reloading: selectReviewsReloading(snapshot()),
      reviews: selectReviews(snapshot()),
      error: selectReviewsError(snapshot()),
      notice: selectResolvedNotice(snapshot()),
    }),
    /** What the Resolve dialog reads. */
    dialog: () => ({
      review: selectResolving(snapshot()),
      sending: selectResolveSending(snapshot()),
      pay: selectResolvePay(snapshot()),
      reason: selectResolveReason(snapshot()),
      payError: selectResolvePayError(snapshot()),
      reasonError: selectResolveReasonError(snapshot()),
      error: selectResolveError(snapshot()),
    }),
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

/** The two reviews listed. */
async function ready() {
  const queue = await start();
  await queue.loadReviews.resolve([sampleAdminReview, sampleHeldReview]);
  expect(queue.value()).toEqual({ ready: 'idle' });
  return queue;
}

/** The dialog open on the disputed earning ($225). */
async function resolving() {
  const queue = await ready();
  queue.actor.send({ type: 'resolve.open', offerId: 'off_1' });
  expect(queue.value()).toEqual({ ready: 'resolving' });
  return queue;
}

/** $100 to the creator under way. */
async function sending() {
  const queue = await resolving();
  queue.actor.send({ type: 'pay.change', value: '100' });
  queue.actor.send({ type: 'reason.change', value: ` ${REASON} ` });
  queue.actor.send({ type: 'resolve.submit' });
  expect(queue.value()).toEqual({ ready: 'sending' });
  return queue;
}

/** More than the disputed earning ($225): its problem, with the earning's cents for the view to word. */
const OVER_EARNING = { id: 'tooMuch', maxCents: 22_500 };

describe('the amount', () => {
  it('is dollars and cents from 0 to the earning, its problem held as an id with its values (the view words it)', () => {
    expect(payProblem('0', 22_500)).toBeNull();
    expect(payProblem('225', 22_500)).toBeNull();
    expect(payProblem('$112.50', 22_500)).toBeNull();
    expect(payProblem('225.01', 22_500)).toEqual(OVER_EARNING);
    expect(payProblem('', 22_500)).toBe(PAY_INVALID);
    expect(payProblem('-5', 22_500)).toBe(PAY_INVALID);
    expect(payProblem('1.234', 22_500)).toBe(PAY_INVALID);
    expect(PAY_INVALID).toEqual({ id: 'invalid' });
  });
});

describe('reviewQueue transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(reviewQueueMachine);

  pin(
    { from: 'reviewQueue.loading', on: 'xstate.done.actor.loadReviews', to: 'reviewQueue.ready' },
    'the held and disputed earnings are listed',
    async () => {
      const queue = await ready();
      expect(queue.received.at(-1)).toBe('xstate.done.actor.loadReviews');
      expect(queue.context().reviews).toEqual([sampleAdminReview, sampleHeldReview]);
      expect(queue.list()).toEqual({
        loading: false,
        loadError: null,
        reloading: false,
        reviews: [sampleAdminReview, sampleHeldReview],
        error: null,
        notice: null,
      });
      // Read on Try again after a failed load, the failure is not shown above the list.
      const retried = await start();
      await retried.loadReviews.reject(new Error('Failed to fetch'));
      retried.actor.send({ type: 'reviews.retry' });
      await retried.loadReviews.resolve([sampleHeldReview]);
      expect(retried.list()).toMatchObject({ reviews: [sampleHeldReview], error: null, loadError: null });
    },
  );

  pin(
    { from: 'reviewQueue.loading', on: 'xstate.error.actor.loadReviews', to: 'reviewQueue.failed' },
    'a failed load says why',
    async () => {
      const queue = await start();
      // Before the answer: nothing listed, no message, no dialog.
      expect(queue.list()).toEqual({
        loading: true,
        loadError: null,
        reloading: false,
        reviews: [],
        error: null,
        notice: null,
      });
      expect(queue.dialog()).toEqual({
        review: null,
        sending: false,
        pay: '',
        reason: '',
        payError: null,
        reasonError: null,
        error: null,
      });
      await queue.loadReviews.reject(new Error('Failed to fetch'));
      expect(queue.received.at(-1)).toBe('xstate.error.actor.loadReviews');
      expect(queue.value()).toBe('failed');
      expect(queue.context().error).toBe('Failed to fetch');
      expect(queue.list()).toMatchObject({ loading: false, loadError: 'Failed to fetch', error: null });
    },
  );

  pin({ from: 'reviewQueue.failed', on: 'reviews.retry', to: 'reviewQueue.loading' }, 'Try again', async () => {
    const queue = await start();
    await queue.loadReviews.reject(new Error('Failed to fetch'));
    queue.actor.send({ type: 'reviews.retry' });
    expect(queue.value()).toBe('loading');
    expect(queue.loadReviews.started).toBe(2);
  });

  pin(
    { from: 'reviewQueue.ready.idle', on: 'reviews.reload', to: 'reviewQueue.ready.reloading' },
    'Refresh reads the list again and drops the last status message',
    async () => {
      const queue = await sending();
      await queue.resolveReview.resolve({ ...sampleAdminReview, status: 'resolved' });
      expect(queue.context().notice).not.toBeNull();
      queue.actor.send({ type: 'reviews.reload' });
      expect(queue.value()).toEqual({ ready: 'reloading' });
      expect(queue.context().notice).toBeNull();
      expect(queue.loadReviews.started).toBe(2);
    },
  );

  pin(
    { from: 'reviewQueue.ready.reloading', on: 'xstate.done.actor.loadReviews', to: 'reviewQueue.ready.idle' },
    'the list read again replaces the one shown',
    async () => {
      const queue = await ready();
      queue.actor.send({ type: 'reviews.reload' });
      expect(queue.list()).toMatchObject({ reloading: true });
      await queue.loadReviews.resolve([sampleHeldReview]);
      expect(queue.received.at(-1)).toBe('xstate.done.actor.loadReviews');
      expect(queue.value()).toEqual({ ready: 'idle' });
      expect(queue.context().reviews).toEqual([sampleHeldReview]);
      // A reload that works after one that failed: the failure goes.
      queue.actor.send({ type: 'reviews.reload' });
      await queue.loadReviews.reject(new Error('Failed to fetch'));
      expect(queue.list().error).toBe('Failed to fetch');
      queue.actor.send({ type: 'reviews.reload' });
      await queue.loadReviews.resolve([sampleAdminReview]);
      expect(queue.list()).toMatchObject({ reviews: [sampleAdminReview], error: null, reloading: false });
    },
  );

  pin(
    { from: 'reviewQueue.ready.reloading', on: 'xstate.error.actor.loadReviews', to: 'reviewQueue.ready.idle' },
    'a failed reload keeps the list and says why',
    async () => {
      const queue = await ready();
      queue.actor.send({ type: 'reviews.reload' });
      await queue.loadReviews.reject(new Error('Failed to fetch'));
      expect(queue.received.at(-1)).toBe('xstate.error.actor.loadReviews');
      expect(queue.value()).toEqual({ ready: 'idle' });
      expect(queue.context()).toMatchObject({
        reviews: [sampleAdminReview, sampleHeldReview],
        error: 'Failed to fetch',
      });
      expect(queue.list()).toMatchObject({ reloading: false, error: 'Failed to fetch', loadError: null });
    },
  );

  pin(
    { from: 'reviewQueue.ready.idle', on: 'resolve.open', to: 'reviewQueue.ready.resolving' },
    'Resolve opens the dialog for that earning, empty',
    async () => {
      const queue = await resolving();
      queue.actor.send({ type: 'pay.change', value: '12' });
      queue.actor.send({ type: 'resolve.cancel' });
      queue.actor.send({ type: 'resolve.open', offerId: 'off_2' });
      expect(queue.context()).toMatchObject({
        target: 'off_2',
        pay: '',
        reason: '',
        payError: null,
        reasonError: null,
        error: null,
        pending: null,
      });
      expect(queue.dialog()).toEqual({
        review: sampleHeldReview,
        sending: false,
        pay: '',
        reason: '',
        payError: null,
        reasonError: null,
        error: null,
      });
      // Checks, a refusal and a reason left when the dialog was cancelled do not show when it opens again, and the
      // resolution sent from it again is a new one (a new Idempotency-Key).
      const again = await sending();
      await again.resolveReview.reject(refusal('Not now.', 409));
      again.actor.send({ type: 'pay.change', value: 'x' });
      again.actor.send({ type: 'reason.change', value: 'short' });
      again.actor.send({ type: 'resolve.submit' });
      expect(again.dialog()).toMatchObject({ payError: PAY_INVALID, reasonError: REASON_TOO_SHORT });
      again.actor.send({ type: 'resolve.cancel' });
      again.actor.send({ type: 'resolve.open', offerId: 'off_1' });
      expect(again.dialog()).toEqual({
        review: sampleAdminReview,
        sending: false,
        pay: '',
        reason: '',
        payError: null,
        reasonError: null,
        error: null,
      });
      again.actor.send({ type: 'pay.change', value: '100' });
      again.actor.send({ type: 'reason.change', value: REASON });
      again.actor.send({ type: 'resolve.submit' });
      const [first, second] = again.resolveReview.inputs;
      expect(second).toMatchObject({ offerId: 'off_1', payCents: 10_000, reason: REASON });
      expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
      // After a resolution, the next dialog drops its status message.
      await again.resolveReview.resolve({ ...sampleAdminReview, status: 'resolved' });
      expect(again.list().notice).not.toBeNull();
      again.actor.send({ type: 'resolve.open', offerId: 'off_2' });
      expect(again.list().notice).toBeNull();
    },
  );

  pin(
    { from: 'reviewQueue.ready.resolving', on: 'pay.change', to: null },
    'the amount as typed, its error cleared',
    async () => {
      const queue = await resolving();
      queue.actor.send({ type: 'resolve.submit' });
      expect(queue.context().payError).toBe(PAY_INVALID);
      queue.actor.send({ type: 'pay.change', value: '50.25' });
      expect(queue.context()).toMatchObject({ pay: '50.25', payError: null });
    },
  );

  pin(
    { from: 'reviewQueue.ready.resolving', on: 'pay.full', to: null },
    'Pay in full fills the whole earning',
    async () => {
      const queue = await resolving();
      queue.actor.send({ type: 'resolve.submit' });
      expect(queue.dialog().payError).toBe(PAY_INVALID);
      queue.actor.send({ type: 'pay.full' });
      expect(queue.context().pay).toBe('225');
      expect(queue.dialog()).toMatchObject({ pay: '225', payError: null });
      // Dollars and cents as the field takes them: no $ and no thousands separator.
      const big = await start();
      await big.loadReviews.resolve([{ ...sampleAdminReview, earnedCents: 123_456_789 }]);
      big.actor.send({ type: 'resolve.open', offerId: 'off_1' });
      big.actor.send({ type: 'pay.full' });
      expect(big.dialog().pay).toBe('1234567.89');
    },
  );

  pin(
    { from: 'reviewQueue.ready.resolving', on: 'refund.full', to: null },
    'Refund in full pays the creator nothing',
    async () => {
      const queue = await resolving();
      queue.actor.send({ type: 'pay.change', value: '300' });
      queue.actor.send({ type: 'resolve.submit' });
      expect(queue.dialog().payError).toEqual(OVER_EARNING);
      queue.actor.send({ type: 'refund.full' });
      expect(queue.context().pay).toBe('0');
      expect(queue.dialog()).toMatchObject({ pay: '0', payError: null });
    },
  );

  pin(
    { from: 'reviewQueue.ready.resolving', on: 'reason.change', to: null },
    'the reason as typed, its error cleared',
    async () => {
      const queue = await resolving();
      queue.actor.send({ type: 'resolve.submit' });
      expect(queue.context().reasonError).toBe(REASON_REQUIRED);
      queue.actor.send({ type: 'reason.change', value: REASON });
      expect(queue.context()).toMatchObject({ reason: REASON, reasonError: null });
    },
  );

  pin(
    { from: 'reviewQueue.ready.resolving', on: 'resolve.submit', guard: 'formOk', to: 'reviewQueue.ready.sending' },
    'a valid resolution is sent in cents with a trimmed reason and a new Idempotency-Key',
    async () => {
      const queue = await sending();
      expect(queue.resolveReview.inputs).toEqual([
        { offerId: 'off_1', payCents: 10_000, reason: REASON, idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) },
      ]);
      expect(queue.dialog()).toMatchObject({ review: sampleAdminReview, sending: true, error: null });
      // Another reason is another resolution: a new key.
      await queue.resolveReview.reject(new Error('Failed to fetch'));
      queue.actor.send({ type: 'reason.change', value: `${REASON} Checked twice.` });
      queue.actor.send({ type: 'resolve.submit' });
      const [first, second] = queue.resolveReview.inputs;
      expect(second).toMatchObject({ payCents: 10_000, reason: `${REASON} Checked twice.` });
      expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
      // An amount with cents, and nothing at all for the creator, are sent as typed.
      const cents = await resolving();
      cents.actor.send({ type: 'pay.change', value: '$112.50' });
      cents.actor.send({ type: 'reason.change', value: REASON });
      cents.actor.send({ type: 'resolve.submit' });
      expect(cents.resolveReview.inputs[0]).toMatchObject({ payCents: 11_250 });
    },
  );

  pin(
    { from: 'reviewQueue.ready.resolving', on: 'resolve.submit', to: null },
    'more than the earning, or a short reason, says why and sends nothing',
    async () => {
      const queue = await resolving();
      queue.actor.send({ type: 'pay.change', value: '300' });
      queue.actor.send({ type: 'reason.change', value: 'short' });
      queue.actor.send({ type: 'resolve.submit' });
      expect(queue.value()).toEqual({ ready: 'resolving' });
      expect(queue.context()).toMatchObject({ payError: OVER_EARNING, reasonError: REASON_TOO_SHORT });
      expect(queue.resolveReview.started).toBe(0);
    },
  );

  pin(
    { from: 'reviewQueue.ready.resolving', on: 'resolve.cancel', to: 'reviewQueue.ready.idle' },
    'Cancel closes the dialog and sends nothing',
    async () => {
      const queue = await resolving();
      queue.actor.send({ type: 'resolve.cancel' });
      expect(queue.value()).toEqual({ ready: 'idle' });
      expect(queue.context().target).toBeNull();
      expect(queue.resolveReview.started).toBe(0);
      expect(queue.dialog()).toMatchObject({ review: null, error: null });
      // A refusal is not left above the list once the dialog is cancelled.
      const refused = await sending();
      await refused.resolveReview.reject(refusal('Not now.', 409));
      expect(refused.dialog().error).toBe('Not now.');
      refused.actor.send({ type: 'resolve.cancel' });
      expect(refused.list()).toMatchObject({ error: null, notice: null });
      expect(refused.context()).toMatchObject({ target: null, error: null });
    },
  );

  pin(
    { from: 'reviewQueue.ready.sending', on: 'xstate.done.actor.resolveReview', to: 'reviewQueue.ready.idle' },
    'the resolved earning leaves the list and the status message says what was decided',
    async () => {
      const queue = await sending();
      await queue.resolveReview.resolve({ ...sampleAdminReview, status: 'resolved' });
      expect(queue.received.at(-1)).toBe('xstate.done.actor.resolveReview');
      expect(queue.dialog()).toMatchObject({ review: null, sending: false });
      expect(queue.list()).toMatchObject({ reviews: [sampleHeldReview], error: null });
      expect(queue.context()).toMatchObject({
        reviews: [sampleHeldReview],
        target: null,
        pending: null,
        notice: {
          brand: 'Nova Energy',
          title: 'Weekend streams',
          creatorName: 'Ana Lee',
          payCents: 10_000,
          refundCents: 12_500,
        },
      });
    },
  );

  pin(
    { from: 'reviewQueue.ready.sending', on: 'xstate.error.actor.resolveReview', to: 'reviewQueue.ready.resolving' },
    "a refusal keeps the dialog with the server's message; the same resolution sent again keeps its key",
    async () => {
      const queue = await sending();
      await queue.resolveReview.reject(refusal('This earning is not held or disputed.', 409));
      expect(queue.received.at(-1)).toBe('xstate.error.actor.resolveReview');
      expect(queue.value()).toEqual({ ready: 'resolving' });
      expect(queue.dialog()).toMatchObject({
        review: sampleAdminReview,
        sending: false,
        pay: '100',
        error: 'This earning is not held or disputed.',
      });
      expect(queue.context().error).toBe('This earning is not held or disputed.');
      queue.actor.send({ type: 'resolve.submit' });
      expect(queue.context().error).toBeNull();
      const [first, second] = queue.resolveReview.inputs;
      expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
      // A different amount is a different resolution.
      await queue.resolveReview.reject(new Error('Failed to fetch'));
      queue.actor.send({ type: 'pay.full' });
      queue.actor.send({ type: 'resolve.submit' });
      expect(queue.resolveReview.inputs[2]).toMatchObject({ payCents: 22_500 });
      expect(queue.resolveReview.inputs[2]!.idempotencyKey).not.toBe(first!.idempotencyKey);
    },
  );

  pin(
    { from: 'reviewQueue.ready.sending', on: 'xstate.done.actor.resolveReview', to: 'reviewQueue.ready.idle' },
    'a dialog opened on an earning the list no longer has: nothing can be paid, and the message names nothing',
    async () => {
      const queue = await ready();
      queue.actor.send({ type: 'resolve.open', offerId: 'off_gone' });
      queue.actor.send({ type: 'pay.full' });
      expect(queue.dialog()).toMatchObject({ review: null, pay: '0' });
      queue.actor.send({ type: 'pay.change', value: '1' });
      queue.actor.send({ type: 'reason.change', value: REASON });
      queue.actor.send({ type: 'resolve.submit' });
      expect(queue.dialog().payError).toEqual({ id: 'tooMuch', maxCents: 0 });
      queue.actor.send({ type: 'refund.full' });
      queue.actor.send({ type: 'resolve.submit' });
      expect(queue.resolveReview.inputs[0]).toMatchObject({ offerId: 'off_gone', payCents: 0 });
      await queue.resolveReview.resolve({ ...sampleAdminReview, status: 'resolved' });
      expect(queue.list()).toMatchObject({
        reviews: [sampleAdminReview, sampleHeldReview],
        notice: { brand: '', title: '', creatorName: '', payCents: 0, refundCents: 0 },
      });
    },
  );

  pinsEveryTransition();
});

// The dispute flow's transitions, pinned by hand (docs/product.md §Money: money flows are pinned as well as path-tested): source, event,
// expected target and what it changes — the reason as sent, the server's refusal — and its link to the proof report, the
// parent that invokes it and takes the disputed review in place of its own. Each pin reads what the dialog reads
// through deliveryDispute.select.ts and the event names the flow receives from its call.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { OfferDisplay } from '@/contract';
import {
  deliveryDisputeMachine,
  REASON_REQUIRED,
  reviewReasonCheck,
  type DisputeRequest,
  type EarningReview,
} from '@/machines/money/deliveryDispute.machine';
import {
  selectDisputeError,
  selectDisputeOpen,
  selectDisputeReason,
  selectDisputeReasonError,
  selectDisputeSending,
} from '@/machines/money/deliveryDispute.select';
import { displayProofMachine } from '@/machines/overlay/displayProof.machine';
import { selectDispute, selectDisputable } from '@/machines/overlay/displayProof.select';
import { sampleCompletedDisplay, sampleReview } from '@/machines/overlay/samples';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const REASON = 'The recording shows no overlay on screen during the second hour.';
const disputed: EarningReview = {
  ...sampleReview,
  status: 'disputed',
  disputeReason: REASON,
  disputedAt: '2026-11-24T09:00:00.000Z',
};
const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });

function start() {
  const sendDispute = controlled<EarningReview, DisputeRequest>();
  /** The events the flow itself received, by type: the names its pinned transitions are on. */
  const { received, inspect } = receivedEvents();
  const actor = createActor(deliveryDisputeMachine.provide({ actors: { sendDispute: sendDispute.logic } }), {
    input: { offerId: 'off_1' },
    inspect,
  });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    sendDispute,
    received,
    /** What the dialog reads. */
    screen: () => ({
      open: selectDisputeOpen(snapshot()),
      sending: selectDisputeSending(snapshot()),
      reason: selectDisputeReason(snapshot()),
      reasonError: selectDisputeReasonError(snapshot()),
      error: selectDisputeError(snapshot()),
    }),
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

/** The dialog open with a valid reason typed. */
function editing(reason = REASON) {
  const dispute = start();
  dispute.actor.send({ type: 'dispute.open' });
  dispute.actor.send({ type: 'reason.change', value: reason });
  return dispute;
}

function sending() {
  const dispute = editing(`  ${REASON}  `);
  dispute.actor.send({ type: 'dispute.submit' });
  expect(dispute.value()).toBe('sending');
  return dispute;
}

describe('the reason', () => {
  it('is 10 to 1000 characters once trimmed (contract/money.ts REVIEW_REASON_LENGTH)', () => {
    // The flow holds the check as an id with its values (the dialog, and the operator's Resolve dialog, word it).
    expect(reviewReasonCheck('   ')).toBe(REASON_REQUIRED);
    expect(reviewReasonCheck(' 123456789 ')).toEqual({ id: 'tooShort', min: 10 });
    expect(reviewReasonCheck('1234567890')).toBeNull();
    expect(reviewReasonCheck('x'.repeat(1000))).toBeNull();
    expect(reviewReasonCheck('x'.repeat(1001))).toEqual({ id: 'tooLong', max: 1000 });
  });
});

describe('deliveryDispute transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(deliveryDisputeMachine);

  pin(
    { from: 'deliveryDispute.closed', on: 'dispute.open', to: 'deliveryDispute.editing' },
    'Dispute delivery opens the dialog empty, with no error left from before',
    async () => {
      const dispute = editing('short');
      dispute.actor.send({ type: 'dispute.submit' });
      dispute.actor.send({ type: 'dispute.cancel' });
      dispute.actor.send({ type: 'dispute.open' });
      expect(dispute.value()).toBe('editing');
      expect(dispute.context()).toMatchObject({ offerId: 'off_1', reason: '', reasonError: null, error: null });
      expect(dispute.screen()).toEqual({ open: true, sending: false, reason: '', reasonError: null, error: null });
      // Closed at first; a refusal left when the dialog was cancelled does not show when it opens again.
      const fresh = start();
      expect(fresh.screen()).toEqual({ open: false, sending: false, reason: '', reasonError: null, error: null });
      const refused = sending();
      await refused.sendDispute.reject(refusal('The review window has ended.', 409));
      refused.actor.send({ type: 'dispute.cancel' });
      expect(refused.screen()).toMatchObject({ open: false, error: 'The review window has ended.' });
      refused.actor.send({ type: 'dispute.open' });
      expect(refused.screen()).toEqual({ open: true, sending: false, reason: '', reasonError: null, error: null });
    },
  );

  pin(
    { from: 'deliveryDispute.editing', on: 'reason.change', to: null },
    'typing keeps the text and clears its error',
    () => {
      const dispute = editing('short');
      dispute.actor.send({ type: 'dispute.submit' });
      expect(dispute.context().reasonError).toEqual({ id: 'tooShort', min: 10 });
      dispute.actor.send({ type: 'reason.change', value: REASON });
      expect(dispute.value()).toBe('editing');
      expect(dispute.context()).toMatchObject({ reason: REASON, reasonError: null });
    },
  );

  pin(
    { from: 'deliveryDispute.editing', on: 'dispute.submit', guard: 'reasonOk', to: 'deliveryDispute.sending' },
    'a valid reason is sent trimmed, for the offer',
    async () => {
      const dispute = sending();
      expect(dispute.sendDispute.inputs).toEqual([{ offerId: 'off_1', reason: REASON }]);
      expect(dispute.screen()).toEqual({
        open: true,
        sending: true,
        reason: `  ${REASON}  `,
        reasonError: null,
        error: null,
      });
    },
  );

  pin(
    { from: 'deliveryDispute.editing', on: 'dispute.submit', to: null },
    'a missing or short reason says why and sends nothing',
    () => {
      const dispute = editing('');
      dispute.actor.send({ type: 'dispute.submit' });
      expect(dispute.value()).toBe('editing');
      expect(dispute.context().reasonError).toBe(REASON_REQUIRED);
      expect(dispute.screen()).toMatchObject({ open: true, sending: false, reasonError: REASON_REQUIRED });
      dispute.actor.send({ type: 'reason.change', value: ' 123456789 ' });
      dispute.actor.send({ type: 'dispute.submit' });
      expect(dispute.screen().reasonError).toEqual({ id: 'tooShort', min: 10 });
      expect(dispute.sendDispute.started).toBe(0);
    },
  );

  pin(
    { from: 'deliveryDispute.editing', on: 'dispute.cancel', to: 'deliveryDispute.closed' },
    'Cancel closes the dialog and sends nothing',
    () => {
      const dispute = editing();
      dispute.actor.send({ type: 'dispute.cancel' });
      expect(dispute.value()).toBe('closed');
      expect(dispute.screen()).toMatchObject({ open: false, sending: false });
      expect(dispute.sendDispute.started).toBe(0);
    },
  );

  pin(
    { from: 'deliveryDispute.sending', on: 'xstate.done.actor.sendDispute', to: 'deliveryDispute.closed' },
    'the recorded dispute closes the dialog (on its own, with no parent to tell)',
    async () => {
      const dispute = sending();
      await dispute.sendDispute.resolve(disputed);
      expect(dispute.received.at(-1)).toBe('xstate.done.actor.sendDispute');
      expect(dispute.value()).toBe('closed');
      expect(dispute.context().reason).toBe('');
      expect(dispute.screen()).toEqual({ open: false, sending: false, reason: '', reasonError: null, error: null });
      expect(dispute.actor.getSnapshot().status).toBe('active');
    },
  );

  pin(
    { from: 'deliveryDispute.sending', on: 'xstate.error.actor.sendDispute', to: 'deliveryDispute.editing' },
    "a refusal keeps the dialog and the reason, with the server's message; a new Send clears it",
    async () => {
      const dispute = sending();
      await dispute.sendDispute.reject(refusal('The review window has ended.', 409));
      expect(dispute.received.at(-1)).toBe('xstate.error.actor.sendDispute');
      expect(dispute.value()).toBe('editing');
      expect(dispute.screen()).toMatchObject({ open: true, sending: false, error: 'The review window has ended.' });
      expect(dispute.context()).toMatchObject({ error: 'The review window has ended.', reason: `  ${REASON}  ` });
      dispute.actor.send({ type: 'dispute.submit' });
      expect(dispute.context().error).toBeNull();
      expect(dispute.sendDispute.started).toBe(2);
    },
  );

  pinsEveryTransition();
});

describe('the proof report and its child dispute', () => {
  function report(display: OfferDisplay) {
    const load = controlled<OfferDisplay, { offerId: string }>();
    const sendDispute = controlled<EarningReview, DisputeRequest>();
    const actor = createActor(
      displayProofMachine.provide({
        actors: {
          loadDisplay: load.logic,
          dispute: deliveryDisputeMachine.provide({ actors: { sendDispute: sendDispute.logic } }),
        },
      }),
      { input: { offerId: 'off_1' } },
    );
    actor.start();
    return { actor, load, sendDispute, display };
  }

  it('the disputed review replaces the report’s, and the window no longer takes a dispute', async () => {
    const now = Date.parse('2026-11-24T00:00:00.000Z');
    const { actor, load, sendDispute, display } = report(sampleCompletedDisplay);
    await load.resolve(display);
    expect(selectDisputable(actor.getSnapshot(), now)).toBe(true);
    // Only before the window ends.
    expect(selectDisputable(actor.getSnapshot(), Date.parse(sampleReview.endsAt))).toBe(false);
    const child = selectDispute(actor.getSnapshot())!;
    child.send({ type: 'dispute.open' });
    child.send({ type: 'reason.change', value: REASON });
    child.send({ type: 'dispute.submit' });
    expect(sendDispute.inputs).toEqual([{ offerId: 'off_1', reason: REASON }]);
    await sendDispute.resolve(disputed);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.display).toEqual({ ...display, review: disputed });
    expect(selectDisputable(actor.getSnapshot(), now)).toBe(false);
  });

  it('a held review takes a dispute; a report without a review does not', async () => {
    const now = Date.parse('2026-11-24T00:00:00.000Z');
    const held = report({ ...sampleCompletedDisplay, review: { ...sampleReview, status: 'held' } });
    await held.load.resolve(held.display);
    expect(selectDisputable(held.actor.getSnapshot(), now)).toBe(true);
    const none = report({ ...sampleCompletedDisplay, review: null });
    await none.load.resolve(none.display);
    expect(selectDisputable(none.actor.getSnapshot(), now)).toBe(false);
  });
});

// The advertiser's Dispute delivery dialog on the proof report (docs/product.md §Verified delivery), replayed along
// deliveryDispute's recorded paths on the real page: the flow runs as the proof report's child, as in the app, and
// the review the server answers is what the report then shows.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import type { OfferDisplay } from '@/contract';
import { sampleUser } from '@/machines/accounts/samples';
import { REQUIRED_MESSAGE } from '@/machines/messages';
import {
  deliveryDisputeMachine,
  reviewReasonCheck,
  type DisputeRequest,
  type EarningReview,
} from '@/machines/money/deliveryDispute.machine';
import { displayProofMachine } from '@/machines/overlay/displayProof.machine';
import { sampleCompletedDisplay, sampleReview } from '@/machines/overlay/samples';
import { DisplayProofScreen } from '@/src/overlay/DisplayProof';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

// The dialog's chunk is loaded once before the tests (as the browser has it after the first open).
beforeAll(() => import('@/src/money/DeliveryDispute'));

const DAY = 24 * 60 * 60 * 1000;
const REASON_LABEL = 'What is wrong with the delivery';

/** The reason's problem as the English dialog words it (the flow holds it as an id), or null. */
function reasonWords(text: string): string | null {
  const problem = reviewReasonCheck(text);
  if (!problem) return null;
  if (problem.id === 'required') return REQUIRED_MESSAGE;
  return problem.id === 'tooShort' ? `At least ${problem.min} characters.` : `At most ${problem.max} characters.`;
}

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

walkScreens('deliveryDispute', {
  async mount(input) {
    const { offerId } = input as { offerId: string };
    const load = controlled<OfferDisplay, { offerId: string }>();
    const send = controlled<EarningReview, DisputeRequest>();
    const view = renderScreen(
      <DisplayProofScreen
        logic={displayProofMachine.provide({ actors: { loadDisplay: load.logic } })}
        disputeLogic={deliveryDisputeMachine.provide({ actors: { sendDispute: send.logic } })}
      />,
      { path: '/offers/:id/proof', url: `/offers/${offerId}/proof`, jwt: 'advertiser.jwt' },
    );
    act(() => view.session().send({ type: 'user.updated', user: { ...sampleUser, role: 'advertiser' } }));
    // A completed offer whose review window is still open (the report compares it with the clock).
    await load.resolve({
      ...sampleCompletedDisplay,
      offerId,
      review: { ...sampleReview, endsAt: new Date(Date.now() + DAY).toISOString() },
    });
    /** What the person has typed, and how the server answered. */
    const seen = {
      reason: '',
      reasonError: null as string | null,
      refusal: null as string | null,
      settled: 0,
      /** The review the server answered once the dispute was recorded. */
      sent: null as EarningReview | null,
    };
    const dialog = () => screen.getByRole('dialog', { name: 'Dispute delivery' });
    return {
      send,
      seen,
      offerId,
      gestures: {
        'dispute.open': () => {
          seen.reason = '';
          seen.reasonError = null;
          seen.refusal = null;
          fireEvent.click(screen.getByRole('button', { name: 'Dispute delivery' }));
        },
        'reason.change': ({ value }) => {
          seen.reason = value;
          seen.reasonError = null;
          fireEvent.change(within(dialog()).getByLabelText(REASON_LABEL), { target: { value } });
        },
        'dispute.submit': () => {
          seen.reasonError = reasonWords(seen.reason);
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Send' }));
        },
        'dispute.cancel': () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
        'xstate.done.actor.sendDispute': async ({ output }) => {
          seen.settled += 1;
          seen.sent = output;
          await send.resolve(output);
        },
        'xstate.error.actor.sendDispute': async ({ error }) => {
          seen.settled += 1;
          seen.refusal = (error as Error).message;
          await send.reject(error);
        },
      },
    };
  },
  states: {
    // The report without the dialog: in review with Dispute delivery, or disputed (the reason shown, no button).
    closed: async ({ send, seen }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      if (seen.sent) {
        expect(figure('Review status')).toHaveTextContent('Disputed');
        expect(screen.getByText(seen.sent.disputeReason!)).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Dispute delivery' })).not.toBeInTheDocument();
      } else {
        expect(figure('Review status')).toHaveTextContent('In review');
        expect(screen.getByRole('button', { name: 'Dispute delivery' })).toBeEnabled();
      }
      expect(send.started).toBe(seen.settled);
    },
    // The dialog: the reason as typed with its check, the server's refusal said; Send waits for a click.
    editing: async ({ send, seen }) => {
      const d = within(await screen.findByRole('dialog', { name: 'Dispute delivery' }));
      const reason = d.getByLabelText(REASON_LABEL);
      expect(reason).toHaveValue(seen.reason);
      expect(reason).toBeEnabled();
      if (seen.reasonError) expect(reason).toHaveAccessibleDescription(expect.stringContaining(seen.reasonError));
      else expect(reason).not.toHaveAttribute('aria-invalid');
      if (seen.refusal) expect(d.getByRole('alert')).toHaveTextContent(`Not sent${seen.refusal}`);
      else expect(d.queryByText('Not sent')).not.toBeInTheDocument();
      expect(d.getByRole('button', { name: 'Send' })).toBeEnabled();
      expect(d.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      expect(figure('Review status')).toHaveTextContent('In review');
      expect(send.started).toBe(seen.settled);
    },
    // The dispute is on its way (the reason trimmed, for this offer): the dialog waits.
    sending: async ({ send, seen, offerId }) => {
      const d = within(await screen.findByRole('dialog', { name: 'Dispute delivery' }));
      expect(send.started).toBe(seen.settled + 1);
      expect(send.inputs.at(-1)).toEqual({ offerId, reason: seen.reason.trim() });
      expect(d.getByLabelText(REASON_LABEL)).toBeDisabled();
      expect(d.getByRole('button', { name: 'Send' })).toBeDisabled();
      expect(d.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-busy', 'true');
      expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
  },
});

// An offer's proof of display (docs/product.md §The overlay for OBS, §Verified delivery), replayed along displayProof's
// recorded paths on the real report, opened by the advertiser: the report loaded (or why not, and Try again), Print,
// and the review disputed through the report's own Dispute delivery dialog (the child flow tells the report).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import type { OfferDisplay } from '@/contract';
import { REVIEW_STATUS_LABELS } from '@/contract/money';
import { sampleUser } from '@/machines/accounts/samples';
import {
  deliveryDisputeMachine,
  type DisputeRequest,
  type EarningReview,
} from '@/machines/money/deliveryDispute.machine';
import { displayProofMachine } from '@/machines/overlay/displayProof.machine';
import { DisplayProofScreen } from '@/src/overlay/DisplayProof';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

// The dialog's chunk is loaded once before the tests (as the browser has it after the first open).
beforeAll(() => import('@/src/money/DeliveryDispute'));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A day inside the samples' review window (it ends Nov 26, 2026, 18:30 UTC): the report compares it with the clock. */
const IN_REVIEW_WINDOW = new Date('2026-11-24T12:00:00.000Z');

/** An event no recorded path carries (the dispute child runs for the report's whole life). */
const unhandled = (type: string) => () => {
  throw new Error(`${type} is handled nowhere in the flow: no recorded path carries it`);
};

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

walkScreens('displayProof', {
  async mount(input) {
    const { offerId } = input as { offerId: string };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(IN_REVIEW_WINDOW);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
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
    /** What the report was answered, and what the advertiser did with it. */
    const seen = {
      display: null as OfferDisplay | null,
      loadError: null as string | null,
      loads: 0,
      prints: 0,
      disputes: 0,
    };
    return {
      load,
      send,
      print,
      seen,
      offerId,
      gestures: {
        'xstate.done.actor.loadDisplay': async ({ output }) => {
          Object.assign(seen, { display: output, loadError: null, loads: seen.loads + 1 });
          await load.resolve(output);
        },
        'xstate.error.actor.loadDisplay': async ({ error }) => {
          Object.assign(seen, { loadError: (error as Error).message, loads: seen.loads + 1 });
          await load.reject(error);
        },
        'proof.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'proof.print': () => {
          fireEvent.click(screen.getByRole('button', { name: 'Print' }));
          seen.prints += 1;
        },
        'xstate.done.actor.dispute': unhandled('xstate.done.actor.dispute'),
        'xstate.error.actor.dispute': unhandled('xstate.error.actor.dispute'),
        // The advertiser disputes in the report's dialog; the server answers with the review, now disputed.
        'dispute.sent': async ({ review }) => {
          fireEvent.click(screen.getByRole('button', { name: 'Dispute delivery' }));
          const dialog = within(await screen.findByRole('dialog', { name: 'Dispute delivery' }));
          fireEvent.change(dialog.getByLabelText('What is wrong with the delivery'), {
            target: { value: review.disputeReason },
          });
          fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
          expect(send.inputs.at(-1)).toEqual({ offerId, reason: review.disputeReason });
          seen.display = { ...seen.display!, review };
          seen.disputes += 1;
          await send.resolve(review);
        },
      },
    };
  },
  states: {
    // The spinner; nothing to print yet.
    loading: ({ load, seen, offerId }) => {
      expect(screen.getByText('Loading proof of display')).toBeInTheDocument();
      expect(load.started).toBe(seen.loads + 1);
      expect(load.inputs.at(-1)).toEqual({ offerId });
      expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText('Creator', { selector: 'dt' })).not.toBeInTheDocument();
    },
    // Why the report could not be loaded, and Try again; nothing to print.
    failed: ({ load, seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The proof of display could not be loaded');
      expect(alert).toHaveTextContent(seen.loadError!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading proof of display')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
      expect(load.started).toBe(seen.loads);
    },
    // The report: who and what, the review as it stands (In review with Dispute delivery, or Disputed with the
    // reason); Print hands it to the browser's dialog.
    ready: async ({ print, send, seen }) => {
      const display = seen.display!;
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('heading', { level: 1, name: 'Proof of display' })).toBeInTheDocument();
      expect(screen.getByText(`${display.brand}: “${display.title}”`)).toBeInTheDocument();
      expect(figure('Creator')).toHaveTextContent(display.creatorName);
      expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
      expect(screen.queryByText('Loading proof of display')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      const review = display.review!;
      expect(figure('Review status')).toHaveTextContent(REVIEW_STATUS_LABELS[review.status]);
      if (review.status === 'disputed') {
        expect(screen.getByText(review.disputeReason!)).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Dispute delivery' })).not.toBeInTheDocument();
      } else expect(screen.getByRole('button', { name: 'Dispute delivery' })).toBeEnabled();
      expect(print).toHaveBeenCalledTimes(seen.prints);
      expect(send.started).toBe(seen.disputes);
    },
  },
});

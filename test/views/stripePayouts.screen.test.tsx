// The screen Stripe sends the creator back to, /set-payout-method/stripe (docs/product.md §Money, Stripe Connect),
// replayed along stripePayouts' recorded paths on the real screen: ?refresh=1 (an expired link) is the input that
// starts again at once; the browser's trip to Stripe is an injected action the test records.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { StripePayouts } from '@/contract';
import {
  stripePayoutsMachine,
  type StripeOnboarding,
  type StripePayoutsInput,
} from '@/machines/money/stripePayouts.machine';
import { StripeReturnScreen } from '@/src/money/StripePayouts';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

/** The button that goes to Stripe, by where the account stands. */
const START_LABELS = {
  none: 'Get paid through Stripe',
  needs: 'Continue on Stripe',
  restricted: 'Update details on Stripe',
  complete: 'Update details on Stripe',
} as const;

/** What each standing says, in the card. */
const STANDING = {
  none: 'Stripe asks who you are and where to pay you',
  needs: 'Stripe still needs:',
  restricted: 'Restricted',
  complete: 'Onboarding complete',
} as const;

walkScreens('stripePayouts', {
  mount(input) {
    const { restart } = input as StripePayoutsInput;
    const load = controlled<StripePayouts>();
    const start = controlled<StripeOnboarding>();
    const goToStripe = vi.fn();
    renderScreen(
      <StripeReturnScreen
        logic={stripePayoutsMachine.provide({
          actors: { loadStripe: load.logic, startOnboarding: start.logic },
          actions: { goToStripe: (_, params) => goToStripe(params) },
        })}
      />,
      {
        path: '/set-payout-method/stripe',
        url: `/set-payout-method/stripe${restart ? '?refresh=1' : ''}`,
        jwt: 'creator.jwt',
      },
    );
    /** What the screen has been told; `...At`: how many requests had started when the last one was answered. */
    const seen = {
      stripe: null as StripePayouts | null,
      /** A failed re-read or a refused start, said beside the account. */
      error: null as string | null,
      failure: null as string | null,
      loadAnsweredAt: 0,
      startAnsweredAt: 0,
      retries: 0,
      url: null as string | null,
    };
    const card = () => screen.getByRole('region', { name: 'Where you stand with Stripe' });
    return {
      load,
      start,
      goToStripe,
      seen,
      card,
      gestures: {
        'xstate.done.actor.loadStripe': async ({ output }) => {
          seen.stripe = output;
          seen.loadAnsweredAt = load.started;
          await load.resolve(output);
        },
        'xstate.error.actor.loadStripe': async ({ error }) => {
          if (seen.stripe) seen.error = (error as Error).message;
          else seen.failure = (error as Error).message;
          seen.loadAnsweredAt = load.started;
          await load.reject(error);
        },
        'xstate.done.actor.startOnboarding': async ({ output }) => {
          seen.stripe = output.stripe;
          seen.url = output.url;
          seen.startAnsweredAt = start.started;
          await start.resolve(output);
        },
        'xstate.error.actor.startOnboarding': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.startAnsweredAt = start.started;
          await start.reject(error);
        },
        'stripe.retry': () => {
          seen.retries += 1;
          seen.failure = null;
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        },
        'stripe.start': () => {
          seen.error = null;
          fireEvent.click(within(card()).getByRole('button', { name: START_LABELS[seen.stripe!.state] }));
        },
        'stripe.check': () => {
          seen.error = null;
          fireEvent.click(within(card()).getByRole('button', { name: 'Check again' }));
        },
      },
    };
  },
  states: {
    // The account is being read: the spinner, no card.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading Stripe payouts')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Where you stand with Stripe' })).not.toBeInTheDocument();
      expect(screen.queryByText('The Stripe payouts could not be loaded')).not.toBeInTheDocument();
      expect(load.started).toBe(1 + seen.retries);
      expect(load.started).toBeGreaterThan(seen.loadAnsweredAt);
    },
    // The account could not be read: why, and Try again; no card.
    failed: ({ load, seen }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(`The Stripe payouts could not be loaded${seen.failure}`);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading Stripe payouts')).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Where you stand with Stripe' })).not.toBeInTheDocument();
      expect(load.started).toBe(seen.loadAnsweredAt);
    },
    // Where the creator stands, the button to Stripe and Check again, both waiting for a click; a failure said.
    ready: ({ load, start, goToStripe, seen, card }) => {
      const stripe = seen.stripe!;
      expect(card()).toHaveTextContent(STANDING[stripe.state]);
      if (stripe.state !== 'complete')
        expect(within(card()).getByRole('button', { name: START_LABELS[stripe.state] })).toBeEnabled();
      const check = within(card()).getByRole('button', { name: 'Check again' });
      expect(check).toBeEnabled();
      expect(check).not.toHaveAttribute('aria-busy');
      if (seen.error) expect(within(card()).getByRole('alert')).toHaveTextContent(seen.error);
      else expect(within(card()).queryByRole('alert')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.loadAnsweredAt);
      expect(start.started).toBe(seen.startAnsweredAt);
      expect(goToStripe).toHaveBeenCalledTimes(seen.url ? 1 : 0);
    },
    // Read again: what is shown stays; Check again busy, nothing else to press.
    checking: ({ load, seen, card }) => {
      expect(card()).toHaveTextContent(STANDING[seen.stripe!.state]);
      const check = within(card()).getByRole('button', { name: 'Check again' });
      expect(check).toBeDisabled();
      expect(check).toHaveAttribute('aria-busy', 'true');
      for (const button of within(card()).getAllByRole('button')) expect(button).toBeDisabled();
      expect(within(card()).queryByRole('alert')).not.toBeInTheDocument();
      expect(load.started).toBeGreaterThan(seen.loadAnsweredAt);
    },
    // A link to Stripe is being made: the button says so and waits; the browser has not left yet.
    starting: ({ start, goToStripe, seen, card }) => {
      expect(card()).toHaveTextContent(STANDING[seen.stripe!.state]);
      const opening = within(card()).getByRole('button', { name: 'Opening Stripe…' });
      expect(opening).toBeDisabled();
      expect(opening).toHaveAttribute('aria-busy', 'true');
      expect(within(card()).getByRole('button', { name: 'Check again' })).toBeDisabled();
      expect(within(card()).queryByRole('alert')).not.toBeInTheDocument();
      expect(start.started).toBeGreaterThan(seen.startAnsweredAt);
      expect(goToStripe).not.toHaveBeenCalled();
    },
    // The browser is sent to Stripe's page; should it not get there, Check again still reads the account.
    redirecting: ({ start, goToStripe, seen, card }) => {
      expect(goToStripe).toHaveBeenCalledExactlyOnceWith({ url: seen.url });
      expect(card()).toHaveTextContent(STANDING[seen.stripe!.state]);
      const opening = within(card()).getByRole('button', { name: 'Opening Stripe…' });
      expect(opening).toBeDisabled();
      expect(opening).toHaveAttribute('aria-busy', 'true');
      expect(within(card()).getByRole('button', { name: 'Check again' })).toBeEnabled();
      expect(start.started).toBe(seen.startAnsweredAt);
    },
  },
});

// Get paid through Stripe's implementations (docs/product.md §Money, Stripe Connect): GET /api/payout-methods/stripe and
// POST /api/payout-methods/stripe/onboarding with the session's jwt; the browser then leaves for Stripe's onboarding.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { StripePayouts } from '@/contract';
import { stripePayoutsMachine, type StripeOnboarding } from '@/machines/money/stripePayouts.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type StripePayoutsLogic = typeof stripePayoutsMachine;

type Jwt = () => string | null;

/** The browser leaves for Stripe's onboarding (a full navigation: it is another site). */
export const goToStripe = (_args: unknown, { url }: { url: string }) => window.location.assign(url);

export function stripePayoutsActors(jwt: Jwt) {
  return {
    loadStripe: fromPromise<StripePayouts, void>(
      async () => (await (await api()).request('getStripePayouts', { jwt: requireJwt(jwt()) })).stripe,
    ),
    startOnboarding: fromPromise<StripeOnboarding, void>(async () =>
      (await api()).request('startStripeOnboarding', { jwt: requireJwt(jwt()) }),
    ),
  };
}

export function useStripePayoutsLogic(logic?: StripePayoutsLogic): StripePayoutsLogic {
  const app = useAppWiring();
  return useMemo(
    () => logic ?? stripePayoutsMachine.provide({ actors: stripePayoutsActors(app.jwt), actions: { goToStripe } }),
    [logic, app],
  );
}

// What the Stripe card on Set Payout Method and the screen back from Stripe read from their actor.
import type { SnapshotFrom } from 'xstate';
import type { Locale } from '@/contract/locales';
import { stripeNeeds, stripeRestrictionText } from '@/contract/money';
import type { stripePayoutsMachine } from './stripePayouts.machine';

type Snapshot = SnapshotFrom<typeof stripePayoutsMachine>;

export const selectStripeLoading = (snapshot: Snapshot) => snapshot.matches('loading');
/** The first load's failure (Try again); null otherwise. */
export const selectStripeLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
/** The account as last read, once read; null before. */
export const selectStripe = (snapshot: Snapshot) => snapshot.context.stripe;
/** The `stripe` rail is configured: "Get paid through Stripe" is offered. */
export const selectStripeOffered = (snapshot: Snapshot) => snapshot.context.stripe?.available === true;
/** A failed re-read or a refused start, shown beside the account; null otherwise. */
export const selectStripeActionError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? null : snapshot.context.error;
/** Check again reads the account; also while the browser is leaving for Stripe, should the navigation be blocked. */
export const selectStripeCanCheck = (snapshot: Snapshot) => snapshot.can({ type: 'stripe.check' });
/** On the way to Stripe (a link being made, or the browser leaving). */
export const selectStripeLeaving = (snapshot: Snapshot) =>
  snapshot.matches('starting') || snapshot.matches('redirecting');
export const selectStripeChecking = (snapshot: Snapshot) => snapshot.matches('checking');
export const selectStripeCanStart = (snapshot: Snapshot) => snapshot.can({ type: 'stripe.start' });
/** What Stripe still needs, in plain words (each once). */
export const selectStripeNeeds = (snapshot: Snapshot, locale: Locale) =>
  stripeNeeds(snapshot.context.stripe?.currentlyDue ?? [], locale);
/** Why a restricted account does not pay out, in plain words. */
export const selectStripeRestriction = (snapshot: Snapshot, locale: Locale) =>
  stripeRestrictionText(snapshot.context.stripe?.disabledReason ?? null, locale);

// What the operator console's Payouts tab reads.
import type { SnapshotFrom } from 'xstate';
import type { adminPayoutsMachine } from './adminPayouts.machine';

type Snapshot = SnapshotFrom<typeof adminPayoutsMachine>;

const isOpen = (status: string) => status === 'requested' || status === 'processing';

export const selectPayoutsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectPayoutsLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectPayoutsReloading = (snapshot: Snapshot) => snapshot.matches({ ready: 'reloading' });
export const selectOpenPayouts = (snapshot: Snapshot) =>
  snapshot.context.payouts.filter((payout) => isOpen(payout.status));
export const selectDecidedPayouts = (snapshot: Snapshot) =>
  snapshot.context.payouts.filter((payout) => !isOpen(payout.status));
/** The payout and verdict of the open dialog, or null. */
export const selectDecision = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'deciding' }) || snapshot.matches({ ready: 'sending' })
    ? {
        payout: snapshot.context.payouts.find((payout) => payout.id === snapshot.context.target) ?? null,
        verdict: snapshot.context.verdict!,
      }
    : null;
export const selectDecisionText = (snapshot: Snapshot) => snapshot.context.text;
export const selectDecisionError = (snapshot: Snapshot) => snapshot.context.textError;
export const selectDecisionSending = (snapshot: Snapshot) => snapshot.matches({ ready: 'sending' });
export const selectPayoutsError = (snapshot: Snapshot) => (snapshot.matches('ready') ? snapshot.context.error : null);

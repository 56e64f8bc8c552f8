// What Earnings reads from the withdraw flow.
import type { SnapshotFrom } from 'xstate';
import type { withdrawMachine } from './withdraw.machine';

type Snapshot = SnapshotFrom<typeof withdrawMachine>;

/** The withdraw modal shows while open and while its request is out. */
export const selectWithdrawModalOpen = (snapshot: Snapshot) => snapshot.hasTag('modal');
export const selectMethodsLoading = (snapshot: Snapshot) => snapshot.matches({ open: 'loading' });
/** The methods' load failure (the modal offers Try again), or null. */
export const selectMethodsLoadError = (snapshot: Snapshot) =>
  snapshot.matches({ open: 'loadFailed' }) ? snapshot.context.loadError : null;
export const selectEditing = (snapshot: Snapshot) => snapshot.matches({ open: 'editing' });
export const selectRequesting = (snapshot: Snapshot) => snapshot.matches('requesting');
export const selectFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectSucceeded = (snapshot: Snapshot) => snapshot.matches('succeeded');
export const selectWithdrawForm = (snapshot: Snapshot) => ({
  amount: snapshot.context.amount,
  methodId: snapshot.context.methodId,
  methods: snapshot.context.methods,
  amountError: snapshot.context.amountError,
});
/**
 * What the result modals show: the amount asked for, the payout (success) or the server's reason (failure), and the
 * method it was asked for (the payout's own, else the one chosen): the spec's texts speak of a bank account.
 */
export const selectWithdrawResult = (snapshot: Snapshot) => {
  const { payout, methods, methodId } = snapshot.context;
  const chosen = methods.find((method) => method.id === methodId);
  return {
    amountCents: snapshot.context.requestedCents,
    payout,
    failure: snapshot.context.failure,
    failureCode: snapshot.context.failureCode,
    /** Refused before anything was attempted (a 4xx): the modal says what is missing. */
    refused: snapshot.context.refused,
    method: payout?.method ?? (chosen ? { kind: chosen.kind, display: chosen.display } : null),
  };
};

// What Set Payout Method reads from its actor.
import type { SnapshotFrom } from 'xstate';
import type { PayoutMethodKind } from '@/contract/money';
import type { payoutMethodsMachine } from './payoutMethods.machine';

type Snapshot = SnapshotFrom<typeof payoutMethodsMachine>;

export const selectMethodsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
/** The load's failure (the screen offers Try again); null otherwise. */
export const selectMethodsLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectMethodsReady = (snapshot: Snapshot) => snapshot.matches('ready');
/** The stored method of a kind (one at most), or null. */
export const selectMethodOf = (snapshot: Snapshot, kind: PayoutMethodKind) =>
  snapshot.context.methods.find((method) => method.kind === kind) ?? null;
/** The kind whose dialog is open, or null. */
export const selectDialogKind = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'editing' }) || snapshot.matches({ ready: 'saving' }) ? snapshot.context.kind : null;
export const selectSaving = (snapshot: Snapshot) => snapshot.matches({ ready: 'saving' });
export const selectRemovingId = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'removing' }) ? snapshot.context.removingId : null;
export const selectBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectFieldErrors = (snapshot: Snapshot) => snapshot.context.fieldErrors;
/** A refused save (shown in the dialog) or removal (shown on the screen). */
export const selectActionError = (snapshot: Snapshot) => (snapshot.matches('ready') ? snapshot.context.error : null);

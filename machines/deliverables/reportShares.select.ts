// What the report's Share links card reads from the reportShares actor.
import type { SnapshotFrom } from 'xstate';
import type { reportSharesMachine } from './reportShares.machine';

type Snapshot = SnapshotFrom<typeof reportSharesMachine>;

export const selectSharesLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectSharesFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectSharesReady = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectShares = (snapshot: Snapshot) => snapshot.context.shares;
export const selectShareLabel = (snapshot: Snapshot) => snapshot.context.label;
export const selectShareLabelError = (snapshot: Snapshot) => snapshot.context.labelError ?? undefined;
export const selectCreatedShare = (snapshot: Snapshot) => snapshot.context.created;
export const selectSharesError = (snapshot: Snapshot) => snapshot.context.error;
export const selectShareCreating = (snapshot: Snapshot) => snapshot.matches({ ready: 'creating' });
export const selectSharesBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectRevokeOpen = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'confirming' }) || snapshot.matches({ ready: 'revoking' });
export const selectRevoking = (snapshot: Snapshot) => snapshot.matches({ ready: 'revoking' });
/** The share a revocation asks about. */
export const selectRevokingShare = (snapshot: Snapshot) =>
  snapshot.context.shares.find((share) => share.id === snapshot.context.revokingId) ?? null;

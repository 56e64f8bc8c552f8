// What the proof-of-display report reads.
import type { SnapshotFrom } from 'xstate';
import type { displayProofMachine } from './displayProof.machine';

type Snapshot = SnapshotFrom<typeof displayProofMachine>;

export const selectProofLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectProofLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectProof = (snapshot: Snapshot) => snapshot.context.display;

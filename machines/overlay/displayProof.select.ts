// What the proof-of-display report reads.
import type { SnapshotFrom } from 'xstate';
import type { displayProofMachine } from './displayProof.machine';

type Snapshot = SnapshotFrom<typeof displayProofMachine>;

export const selectProofLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectProofLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectProof = (snapshot: Snapshot) => snapshot.context.display;
/** The dispute flow, invoked by the report for its life. */
export const selectDispute = (snapshot: Snapshot) => snapshot.children.dispute;
/** The review window is open for a dispute: pending or held, and not yet ended at `now` (epoch ms). */
export const selectDisputable = (snapshot: Snapshot, now: number) => {
  const review = snapshot.context.display?.review;
  return !!review && (review.status === 'pending' || review.status === 'held') && Date.parse(review.endsAt) > now;
};

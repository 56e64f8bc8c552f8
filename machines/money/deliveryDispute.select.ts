// What the dispute dialog reads from its actor.
import type { SnapshotFrom } from 'xstate';
import type { deliveryDisputeMachine } from './deliveryDispute.machine';

type Snapshot = SnapshotFrom<typeof deliveryDisputeMachine>;

export const selectDisputeOpen = (snapshot: Snapshot) => snapshot.hasTag('modal');
export const selectDisputeSending = (snapshot: Snapshot) => snapshot.matches('sending');
export const selectDisputeReason = (snapshot: Snapshot) => snapshot.context.reason;
export const selectDisputeReasonError = (snapshot: Snapshot) => snapshot.context.reasonError;
/** The server's refusal of the last Send, or null. */
export const selectDisputeError = (snapshot: Snapshot) => snapshot.context.error;

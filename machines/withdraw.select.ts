// What Earnings reads from the withdraw flow.
import type { SnapshotFrom } from 'xstate';
import type { withdrawMachine } from './withdraw.machine';

type Snapshot = SnapshotFrom<typeof withdrawMachine>;

/** The withdraw modal shows while open and while its request is out. */
export const selectWithdrawModalOpen = (snapshot: Snapshot) => snapshot.hasTag('modal');
export const selectRequesting = (snapshot: Snapshot) => snapshot.matches('requesting');
export const selectFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectSucceeded = (snapshot: Snapshot) => snapshot.matches('succeeded');
export const selectWithdrawForm = (snapshot: Snapshot) => snapshot.context;

// What the Campaigns screen's reach card reads.
import type { SnapshotFrom } from 'xstate';
import type { campaignReachMachine } from './campaignReach.machine';

type Snapshot = SnapshotFrom<typeof campaignReachMachine>;

export const selectReach = (snapshot: Snapshot) => snapshot.context.reach;
export const selectReachRange = (snapshot: Snapshot) => snapshot.context.range;
export const selectReachLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectReachFailed = (snapshot: Snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null);
export const selectReachReloading = (snapshot: Snapshot) => snapshot.matches({ ready: 'reloading' });
export const selectReachError = (snapshot: Snapshot) => (snapshot.matches('ready') ? snapshot.context.error : null);

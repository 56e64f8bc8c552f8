// What the unsubscribe page reads.
import type { SnapshotFrom } from 'xstate';
import type { unsubscribeMachine } from './unsubscribe.machine';

type Snapshot = SnapshotFrom<typeof unsubscribeMachine>;

export const selectUnsubscribeWorking = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectUnsubscribed = (snapshot: Snapshot) => snapshot.matches('done');
export const selectUnsubscribeMessage = (snapshot: Snapshot) => snapshot.context.message;

// What the operator console's read-only tabs read from an adminRecords actor.
import type { SnapshotFrom } from 'xstate';
import type { adminRecordsMachine } from './adminRecords.machine';

type Snapshot = SnapshotFrom<typeof adminRecordsMachine>;

export const selectRows = (snapshot: Snapshot) => snapshot.context.rows;
export const selectRecordsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectRecordsFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectRecordsReady = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectRecordsError = (snapshot: Snapshot) => snapshot.context.error;
export const selectQuery = (snapshot: Snapshot) => snapshot.context.query;

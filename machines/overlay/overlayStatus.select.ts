// What the OBS Extension screen's "Counting now" panel reads.
import type { SnapshotFrom } from 'xstate';
import type { overlayStatusMachine } from './overlayStatus.machine';

type Snapshot = SnapshotFrom<typeof overlayStatusMachine>;

/** The last status read, or null before the first one. */
export const selectCountingStatus = (snapshot: Snapshot) => snapshot.context.status;
/** Why the last read failed (the last status, if any, stays shown). */
export const selectCountingError = (snapshot: Snapshot) => snapshot.context.error;
/** The first read has not answered yet. */
export const selectCountingFirstRead = (snapshot: Snapshot) =>
  snapshot.context.status === null && snapshot.context.error === null;

// What the Archive Chat screen reads (docs/product.md §Chat archive).
import type { SnapshotFrom } from 'xstate';
import type { archiveChatMachine } from './archiveChat.machine';

type Snapshot = SnapshotFrom<typeof archiveChatMachine>;

export const selectArchiveForm = (snapshot: Snapshot) => ({
  platform: snapshot.context.platform,
  date: snapshot.context.date,
});
/** The archive's list shows once a platform is chosen (docs/spec.md §4). */
export const selectShowsList = (snapshot: Snapshot) => snapshot.matches('platformChosen');
export const selectListing = (snapshot: Snapshot) => ({
  channel: snapshot.context.channel,
  days: snapshot.context.days,
  streams: snapshot.context.streams,
});
export const selectLoading = (snapshot: Snapshot) => snapshot.matches({ platformChosen: 'loading' });
export const selectLoadFailed = (snapshot: Snapshot) => snapshot.matches({ platformChosen: 'failed' });
export const selectBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectError = (snapshot: Snapshot) => snapshot.context.error;
export const selectNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectDeletion = (snapshot: Snapshot) =>
  snapshot.matches({ platformChosen: { ready: 'confirming' } }) ||
  snapshot.matches({ platformChosen: { ready: 'deleting' } })
    ? snapshot.context.deletion
    : null;
export const selectDeleting = (snapshot: Snapshot) => snapshot.matches({ platformChosen: { ready: 'deleting' } });
export const selectExporting = (snapshot: Snapshot) => snapshot.matches({ platformChosen: { ready: 'exporting' } });

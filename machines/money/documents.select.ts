// What the Documents screen reads from its actor.
import type { SnapshotFrom } from 'xstate';
import type { documentsMachine } from './documents.machine';

type Snapshot = SnapshotFrom<typeof documentsMachine>;

export const selectDocumentsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
/** The load's failure (the screen offers Try again), or null. */
export const selectDocumentsLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectDocumentsReady = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectDocuments = (snapshot: Snapshot) => snapshot.context.documents ?? [];
/** The document being saved now, or null. */
export const selectSaving = (snapshot: Snapshot) =>
  snapshot.matches({ ready: { download: 'saving' } }) ? snapshot.context.download : null;
/** Why the last download failed (with its number), or null. */
export const selectDownloadError = (snapshot: Snapshot) =>
  snapshot.context.downloadError && snapshot.context.download
    ? { number: snapshot.context.download.number, message: snapshot.context.downloadError }
    : null;

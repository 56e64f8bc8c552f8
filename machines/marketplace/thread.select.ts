// What a thread view reads from the thread actor.
import type { SnapshotFrom } from 'xstate';
import type { threadMachine } from './thread.machine';

type Snapshot = SnapshotFrom<typeof threadMachine>;

export const selectThreadMessages = (snapshot: Snapshot) => snapshot.context.messages;
export const selectThreadLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectThreadFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectThreadSending = (snapshot: Snapshot) => snapshot.matches('sending');
export const selectThreadDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectThreadDraftError = (snapshot: Snapshot) => snapshot.context.draftError;
export const selectThreadError = (snapshot: Snapshot) => snapshot.context.error;
/** The composer takes text once the messages are read, and not while one is being sent. */
export const selectThreadCanWrite = (snapshot: Snapshot) => snapshot.matches('ready');
/** Whether messages before the oldest shown exist ("Load earlier messages" shows). */
export const selectThreadHasEarlier = (snapshot: Snapshot) => snapshot.context.earlier !== null;
/** The earlier page is being read. */
export const selectThreadLoadingEarlier = (snapshot: Snapshot) => snapshot.matches({ ready: 'loadingEarlier' });
/** "Load earlier messages" is usable now. */
export const selectThreadCanLoadEarlier = (snapshot: Snapshot) => snapshot.can({ type: 'thread.loadEarlier' });
/** Why the earlier page could not be read. */
export const selectThreadEarlierError = (snapshot: Snapshot) => snapshot.context.earlierError;

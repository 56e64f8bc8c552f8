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

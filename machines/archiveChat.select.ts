// What the Archive Chat screen reads.
import type { SnapshotFrom } from 'xstate';
import type { archiveChatMachine } from './archiveChat.machine';

type Snapshot = SnapshotFrom<typeof archiveChatMachine>;

export const selectArchiveForm = (snapshot: Snapshot) => snapshot.context;
/** The video list shows once a platform is chosen. */
export const selectShowsVideos = (snapshot: Snapshot) => snapshot.matches('platformChosen');

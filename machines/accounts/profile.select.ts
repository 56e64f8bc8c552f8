// What My Profile reads.
import type { SnapshotFrom } from 'xstate';
import type { profileMachine } from './profile.machine';

type Snapshot = SnapshotFrom<typeof profileMachine>;

export const selectProfileContext = (snapshot: Snapshot) => snapshot.context;
export const selectProfileLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectProfileFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectProfileViewing = (snapshot: Snapshot) => snapshot.matches('viewing');
export const selectProfileEditing = (snapshot: Snapshot) => snapshot.matches('editing');
export const selectProfileSaving = (snapshot: Snapshot) => snapshot.matches({ editing: { form: 'busy' } });
export const selectPhotoBusy = (snapshot: Snapshot) => snapshot.matches({ editing: { photo: 'busy' } });

// What Company Profile reads from the advertiserProfile actor.
import type { SnapshotFrom } from 'xstate';
import type { advertiserProfileMachine } from './advertiserProfile.machine';

type Snapshot = SnapshotFrom<typeof advertiserProfileMachine>;

export const selectCompanyProfile = (snapshot: Snapshot) => snapshot.context.profile;
export const selectCompanyDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectCompanyErrors = (snapshot: Snapshot) => snapshot.context.errors;
export const selectCompanyError = (snapshot: Snapshot) => snapshot.context.error;
export const selectCompanySaved = (snapshot: Snapshot) => snapshot.context.saved;
export const selectCompanyLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectCompanyFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectCompanyViewing = (snapshot: Snapshot) => snapshot.matches('viewing');
/** The form shows while editing and while it is being saved. */
export const selectCompanyEditing = (snapshot: Snapshot) => snapshot.matches('editing') || snapshot.matches('saving');
export const selectCompanySaving = (snapshot: Snapshot) => snapshot.matches('saving');
/** A first profile has no read view to go back to. */
export const selectCompanyCanCancel = (snapshot: Snapshot) => snapshot.can({ type: 'profile.cancel' });

// What Settings reads from the change-password section.
import type { SnapshotFrom } from 'xstate';
import type { changePasswordMachine } from './changePassword.machine';

type Snapshot = SnapshotFrom<typeof changePasswordMachine>;

export const selectPasswordFieldsShown = (snapshot: Snapshot) => snapshot.matches('expanded');
export const selectPasswordValues = (snapshot: Snapshot) => snapshot.context;
export const selectPasswordErrors = (snapshot: Snapshot) => snapshot.context.errors;
export const selectPasswordServerError = (snapshot: Snapshot) => snapshot.context.serverError;
export const selectPasswordNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectPasswordChanging = (snapshot: Snapshot) => snapshot.hasTag('busy');

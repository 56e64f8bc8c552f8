// What Settings reads from the change-password section.
import type { SnapshotFrom } from 'xstate';
import type { changePasswordMachine } from './changePassword.machine';

type Snapshot = SnapshotFrom<typeof changePasswordMachine>;

export const selectPasswordFieldsShown = (snapshot: Snapshot) => snapshot.matches('expanded');

// What Settings reads from the delete-account dialog.
import type { SnapshotFrom } from 'xstate';
import type { deleteAccountMachine } from './deleteAccount.machine';

type Snapshot = SnapshotFrom<typeof deleteAccountMachine>;

export const selectDeleteDialogOpen = (snapshot: Snapshot) => snapshot.matches('open');
export const selectDeleteForm = (snapshot: Snapshot) => snapshot.context;
export const selectDeleting = (snapshot: Snapshot) => snapshot.hasTag('busy');

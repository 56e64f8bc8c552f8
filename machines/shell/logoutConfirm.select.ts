// What the logout modal reads.
import type { SnapshotFrom } from 'xstate';
import type { logoutConfirmMachine } from './logoutConfirm.machine';

export const selectLogoutOpen = (snapshot: SnapshotFrom<typeof logoutConfirmMachine>) => snapshot.matches('open');

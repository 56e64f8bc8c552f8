// What the shell reads from the side menu.
import type { SnapshotFrom } from 'xstate';
import type { sideMenuMachine } from './sideMenu.machine';

export const selectSideMenuOpen = (snapshot: SnapshotFrom<typeof sideMenuMachine>) => snapshot.matches('open');

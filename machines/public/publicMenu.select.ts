// What the public header reads from its collapsible menu.
import type { SnapshotFrom } from 'xstate';
import type { publicMenuMachine } from './publicMenu.machine';

type Snapshot = SnapshotFrom<typeof publicMenuMachine>;

/** The menu's phase for its styles: shown, playing the closing fade, or closed. */
export function selectMenuPhase(snapshot: Snapshot): 'open' | 'closing' | 'closed' {
  if (snapshot.matches('open')) return 'open';
  if (snapshot.matches('closing')) return 'closing';
  return 'closed';
}

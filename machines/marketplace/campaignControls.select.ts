// What the campaign page's controls read from the campaignControls actor.
import type { SnapshotFrom } from 'xstate';
import { actionsFor } from './campaignControls.machine';
import type { campaignControlsMachine } from './campaignControls.machine';

type Snapshot = SnapshotFrom<typeof campaignControlsMachine>;

/** The buttons to show: the actions the current status allows. */
export const selectAvailableActions = (snapshot: Snapshot) => actionsFor(snapshot.context.status);
export const selectControlsStatus = (snapshot: Snapshot) => snapshot.context.status;
export const selectControlsBusy = (snapshot: Snapshot) => snapshot.matches('acting');
/** The action under way, for its button's busy state. */
export const selectRunningAction = (snapshot: Snapshot) =>
  snapshot.matches('acting') ? snapshot.context.action : null;
/** The cancel confirmation stays open while the cancel is sent. */
export const selectCancelDialogOpen = (snapshot: Snapshot) =>
  snapshot.matches('confirming') || (snapshot.matches('acting') && snapshot.context.action === 'cancel');
export const selectControlsError = (snapshot: Snapshot) => snapshot.context.error;

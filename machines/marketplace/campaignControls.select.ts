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
/** The launch confirmation stays open while the launch is sent. */
export const selectLaunchDialogOpen = (snapshot: Snapshot) =>
  snapshot.matches('confirmingLaunch') || (snapshot.matches('acting') && snapshot.context.action === 'launch');
/**
 * What the launch confirmation shows: the amount launching reserves, the free balance and what is left after it
 * (null while the balance is read, or when it could not be); `short` when the balance does not cover it; `owed` when a
 * card dispute left money owed (the launch is refused until it is covered).
 */
export const selectLaunchFigures = (snapshot: Snapshot) => {
  const { reserveCents, balanceCents, owed } = snapshot.context;
  const reading = snapshot.matches({ confirmingLaunch: 'reading' });
  return {
    reserveCents,
    balanceCents: reading ? null : balanceCents,
    afterCents: reading || balanceCents === null ? null : balanceCents - reserveCents,
    short: !reading && balanceCents !== null && balanceCents < reserveCents,
    owed: reading ? null : owed,
    reading,
  };
};

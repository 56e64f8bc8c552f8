// What the campaign page's Add spots dialog reads from the addSpots actor.
import type { SnapshotFrom } from 'xstate';
import { spotsToAdd, type addSpotsMachine } from './addSpots.machine';

type Snapshot = SnapshotFrom<typeof addSpotsMachine>;

export const selectSpotsDialogOpen = (snapshot: Snapshot) => snapshot.matches('open');
export const selectSpotsBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectSpotsCount = (snapshot: Snapshot) => snapshot.context.count;
export const selectSpotsError = (snapshot: Snapshot) => snapshot.context.error;

/**
 * What the confirmation shows, as the launch's does: what the added spots reserve (pay × them), the free balance and
 * what is left after (null while the balance is read, or when it could not be), the budget (pay × spots) before and
 * after; `short` when the balance does not cover it, `owed` when a card dispute left money owed; `invalid` when the
 * count is not a whole number from 1 the campaign can take.
 */
export const selectSpotsFigures = (snapshot: Snapshot) => {
  const { payCents, spots, balanceCents, owed } = snapshot.context;
  const added = spotsToAdd(snapshot.context);
  const reading = snapshot.matches({ open: 'reading' });
  const reserveCents = added === null ? null : payCents * added;
  return {
    added,
    invalid: added === null,
    reserveCents,
    balanceCents: reading ? null : balanceCents,
    afterCents: reading || balanceCents === null || reserveCents === null ? null : balanceCents - reserveCents,
    short: !reading && balanceCents !== null && reserveCents !== null && balanceCents < reserveCents,
    owed: reading ? null : owed,
    budgetCents: payCents * spots,
    budgetAfterCents: added === null ? null : payCents * (spots + added),
    reading,
  };
};

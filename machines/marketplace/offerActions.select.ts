// What an offer card reads from its actions actor.
import type { SnapshotFrom } from 'xstate';
import { offerActionsFor } from './offerActions.machine';
import type { offerActionsMachine } from './offerActions.machine';

type Snapshot = SnapshotFrom<typeof offerActionsMachine>;

/** Accept, Decline and Request More Information as the offer's status allows them; none once a conflict closed the card. */
export const selectOfferActions = (snapshot: Snapshot) =>
  snapshot.hasTag('closed') ? [] : offerActionsFor(snapshot.context.status);
/** An action is under way: the card's controls do nothing. */
export const selectOfferBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectAccepting = (snapshot: Snapshot) => snapshot.matches('accepting');
/** The server's refusal of the last action (shown on the card, or in the open dialog). */
export const selectOfferActionError = (snapshot: Snapshot) => snapshot.context.error;

export const selectDeclineOpen = (snapshot: Snapshot) => snapshot.matches('declining');
export const selectDeclining = (snapshot: Snapshot) => snapshot.matches({ declining: 'sending' });
export const selectDeclineReason = (snapshot: Snapshot) => snapshot.context.reason;
export const selectDeclineReasonError = (snapshot: Snapshot) => snapshot.context.reasonError;

export const selectInfoOpen = (snapshot: Snapshot) => snapshot.matches('requesting');
export const selectInfoSending = (snapshot: Snapshot) => snapshot.matches({ requesting: 'sending' });
export const selectInfoMessage = (snapshot: Snapshot) => snapshot.context.message;
export const selectInfoMessageError = (snapshot: Snapshot) => snapshot.context.messageError;
/** Accepting was refused for want of a connected channel: the card's message links Connect Accounts. */
export const selectOfferNeedsChannel = (snapshot: Snapshot) =>
  snapshot.context.needsChannel && snapshot.context.error !== null;

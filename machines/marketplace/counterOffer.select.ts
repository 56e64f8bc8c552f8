// What the creator's offer card reads from its counter-offer flow.
import type { SnapshotFrom } from 'xstate';
import type { counterOfferMachine } from './counterOffer.machine';

type Snapshot = SnapshotFrom<typeof counterOfferMachine>;

/** The open proposal, from either side, or null. */
export const selectCounterProposal = (snapshot: Snapshot) => snapshot.context.proposal;
/** The brand's proposal is open: the creator may accept, decline or counter it. */
export const selectCounterTheirTurn = (snapshot: Snapshot) =>
  snapshot.context.proposal?.status === 'open' && snapshot.context.proposal.side === 'advertiser';
/** Propose different pay is offered: nothing open, or the brand's proposal to counter. */
export const selectCounterMayCompose = (snapshot: Snapshot) =>
  snapshot.context.proposal === null || selectCounterTheirTurn(snapshot);
export const selectCounterBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectCounterDialogOpen = (snapshot: Snapshot) => snapshot.matches('composing');
export const selectCounterSubmitting = (snapshot: Snapshot) => snapshot.matches({ composing: 'submitting' });
export const selectCounterDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectCounterErrors = (snapshot: Snapshot) => snapshot.context.errors;
/** The proposal went out and waits for the brand. */
export const selectCounterSent = (snapshot: Snapshot) => snapshot.matches('sent');
export const selectCounterAccepting = (snapshot: Snapshot) => snapshot.matches('accepting');
export const selectCounterDeclining = (snapshot: Snapshot) => snapshot.matches('declining');
/** The server's refusal of the last action (in the open dialog, or on the card). */
export const selectCounterError = (snapshot: Snapshot) => snapshot.context.error;

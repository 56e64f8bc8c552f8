// What the campaign page's offer reads from the advertiser's reply to a counter-offer.
import type { SnapshotFrom } from 'xstate';
import type { proposalReplyMachine } from './proposalReply.machine';

type Snapshot = SnapshotFrom<typeof proposalReplyMachine>;

export const selectReplyProposal = (snapshot: Snapshot) => snapshot.context.proposal;
export const selectReplyBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
/** Accept, Decline and Counter are offered (not while one is under way, nor once answered). */
export const selectReplyOpen = (snapshot: Snapshot) =>
  snapshot.matches('idle') || snapshot.matches('short') || snapshot.matches('refused');
export const selectReplyAccepting = (snapshot: Snapshot) => snapshot.matches('accepting');
export const selectReplyDeclining = (snapshot: Snapshot) => snapshot.matches('declining');
/** The balance is short: the message names the amount missing, and the page links Funds. */
export const selectReplyShort = (snapshot: Snapshot) => snapshot.matches('short');
export const selectReplyError = (snapshot: Snapshot) => snapshot.context.error;
export const selectReplyDialogOpen = (snapshot: Snapshot) => snapshot.matches('composing');
export const selectReplySubmitting = (snapshot: Snapshot) => snapshot.matches({ composing: 'submitting' });
export const selectReplyDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectReplyErrors = (snapshot: Snapshot) => snapshot.context.errors;
/** Answered: accepted, declined or countered (the page reads its offers again). */
export const selectReplyDone = (snapshot: Snapshot) =>
  snapshot.matches('accepted') || snapshot.matches('declined') || snapshot.matches('countered');

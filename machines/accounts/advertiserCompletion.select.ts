// What /complete-register reads from an advertiser's completion (docs/product.md §Advertiser onboarding).
import type { SnapshotFrom } from 'xstate';
import type { advertiserCompletionMachine } from './advertiserCompletion.machine';

type Snapshot = SnapshotFrom<typeof advertiserCompletionMachine>;

export const selectCompanyDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectCompanyErrors = (snapshot: Snapshot) => snapshot.context.errors;
/** Sending, or sent and the Company Profile page is opening. */
export const selectCompanySending = (snapshot: Snapshot) => snapshot.hasTag('busy');
/** The server's refusal, shown above the form while it is edited again. */
export const selectCompanyRefusal = (snapshot: Snapshot) =>
  snapshot.matches('editing') ? snapshot.context.error : null;

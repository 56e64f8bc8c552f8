// What the archive's search reads.
import type { SnapshotFrom } from 'xstate';
import type { archiveSearchMachine } from './archiveSearch.machine';

type Snapshot = SnapshotFrom<typeof archiveSearchMachine>;

export const selectSearching = (snapshot: Snapshot) => snapshot.matches('searching');
export const selectSearched = (snapshot: Snapshot) => snapshot.matches('results');
export const selectResults = (snapshot: Snapshot) => snapshot.context.results;
export const selectSearchError = (snapshot: Snapshot) => snapshot.context.error;
export const selectSearchNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectSearchHasMore = (snapshot: Snapshot) => snapshot.context.next !== null;
export const selectChatterToDelete = (snapshot: Snapshot) =>
  snapshot.matches({ results: 'confirming' }) || snapshot.matches({ results: 'deleting' })
    ? snapshot.context.chatter
    : null;
export const selectDeletingChatter = (snapshot: Snapshot) => snapshot.matches({ results: 'deleting' });
export const selectSearchBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
/** The form's terms, as typed. */
export const selectSearchTerms = (snapshot: Snapshot) => snapshot.context.terms;

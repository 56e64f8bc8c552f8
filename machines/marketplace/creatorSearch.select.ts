// What the Find creators screen reads from the creatorSearch actor.
import type { SnapshotFrom } from 'xstate';
import type { creatorSearchMachine } from './creatorSearch.machine';

type Snapshot = SnapshotFrom<typeof creatorSearchMachine>;

export const selectDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectSort = (snapshot: Snapshot) => snapshot.context.sort;
export const selectSearching = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectSearchFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectSearchError = (snapshot: Snapshot) => snapshot.context.error;
export const selectNoMatch = (snapshot: Snapshot) => snapshot.matches('empty');
/** The cards of the page shown (kept while the next page loads). */
export const selectCreators = (snapshot: Snapshot) =>
  snapshot.matches('failed') || snapshot.matches('empty') ? [] : (snapshot.context.answer?.creators ?? []);

/**
 * Where the page is: its number and the count of pages (null when the total is capped), the first and last card's
 * position, the total matched and whether it is capped ("41–60 of 1,000+", worded by the screen), and whether
 * Previous and Next go anywhere.
 */
export function selectPaging(snapshot: Snapshot) {
  const { query, answer } = snapshot.context;
  const total = answer?.total ?? 0;
  const first = (query.page - 1) * query.pageSize + 1;
  const last = Math.min(
    query.page * query.pageSize,
    (query.page - 1) * query.pageSize + (answer?.creators.length ?? 0),
  );
  return {
    page: query.page,
    pages: answer?.totalCapped ? null : Math.max(1, Math.ceil(total / query.pageSize)),
    first,
    last,
    total,
    capped: answer?.totalCapped === true,
    canPrevious: query.page > 1 && snapshot.matches('results'),
    canNext: snapshot.matches('results') && query.page * query.pageSize < total,
  };
}

// What the Find creators screen's saved lists and the Save to list dialog read from the creatorLists actor.
import type { SnapshotFrom } from 'xstate';
import type { creatorListsMachine } from './creatorLists.machine';

type Snapshot = SnapshotFrom<typeof creatorListsMachine>;

export const selectLists = (snapshot: Snapshot) => snapshot.context.lists;
export const selectListsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectListsFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectListsBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectListsError = (snapshot: Snapshot) => snapshot.context.error;
export const selectListsNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectSaveTarget = (snapshot: Snapshot) => snapshot.context.target;
export const selectNewListName = (snapshot: Snapshot) => snapshot.context.newName;
export const selectOpenList = (snapshot: Snapshot) => snapshot.context.open;
/** The lists a creator is already in, by id. */
export const selectListsOf = (snapshot: Snapshot, creatorId: string) =>
  new Set(snapshot.context.lists.filter((l) => l.creatorIds.includes(creatorId)).map((l) => l.id));

// What the operator's 1099-NEC export reads from its actor.
import type { SnapshotFrom } from 'xstate';
import type { export1099Machine } from './export1099.machine';

type Snapshot = SnapshotFrom<typeof export1099Machine>;

export const selectExportYear = (snapshot: Snapshot) => snapshot.context.year;
export const selectExportYearError = (snapshot: Snapshot) => snapshot.context.yearError;
export const selectExporting = (snapshot: Snapshot) => snapshot.matches('downloading');
export const selectExportError = (snapshot: Snapshot) => snapshot.context.error;
export const selectExportSaved = (snapshot: Snapshot) => snapshot.context.saved;

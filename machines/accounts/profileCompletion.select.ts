// What the complete-register screen reads from the completion wizard.
import type { SnapshotFrom } from 'xstate';
import type { profileCompletionMachine } from './profileCompletion.machine';

type Snapshot = SnapshotFrom<typeof profileCompletionMachine>;

/** The progress bar: 50 % on step 1, 100 % on step 2 (docs/spec.md §9). */
export const COMPLETION_PROGRESS = [50, 100] as const;
export const selectProgress = (snapshot: Snapshot): (typeof COMPLETION_PROGRESS)[number] =>
  snapshot.matches('personal') ? COMPLETION_PROGRESS[0] : COMPLETION_PROGRESS[1];

export const selectCompletionFields = (snapshot: Snapshot) => snapshot.context.fields;
export const selectOnStepOne = (snapshot: Snapshot) => snapshot.matches('personal');
/** Finish was pressed: saving, or saved and the dashboard is opening. */
export const selectCompletionSaving = (snapshot: Snapshot) => snapshot.hasTag('busy');
/** The save failed: alert, the answers stay. */
export const selectCompletionFailed = (snapshot: Snapshot) => snapshot.matches({ content: 'failed' });

// What the operator console's transfer instructions read (docs/product.md §Advertiser onboarding).
import type { SnapshotFrom } from 'xstate';
import type { transferInstructionsMachine } from './transferInstructions.machine';

type Snapshot = SnapshotFrom<typeof transferInstructionsMachine>;

export const selectInstructionsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectInstructionsLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectInstructionsText = (snapshot: Snapshot) => snapshot.context.text;
export const selectInstructionsSaving = (snapshot: Snapshot) => snapshot.matches('saving');
/** A refused save, or the text's own check. */
export const selectInstructionsProblem = (snapshot: Snapshot) =>
  snapshot.matches('editing') ? (snapshot.context.problem ?? snapshot.context.error) : null;
/** "Saved" after a successful save, until the next edit: published, or withdrawn when saved empty. */
export const selectInstructionsNotice = (snapshot: Snapshot) =>
  snapshot.context.notice ? (snapshot.context.saved?.instructions ? 'published' : 'withdrawn') : null;
/** When the published text was last changed, or null. */
export const selectInstructionsUpdatedAt = (snapshot: Snapshot) => snapshot.context.saved?.updatedAt ?? null;

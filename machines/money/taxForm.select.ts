// What Tax Form reads from its actor.
import type { SnapshotFrom } from 'xstate';
import { taxFieldsOf, type taxFormMachine } from './taxForm.machine';

type Snapshot = SnapshotFrom<typeof taxFormMachine>;

export const selectTaxFormLoading = (snapshot: Snapshot) => snapshot.matches('loading');
/** The load's failure (the screen offers Try again); null otherwise. */
export const selectTaxFormLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
/** The form on file (masked), shown while no new one is being filled in. */
export const selectFormOnFile = (snapshot: Snapshot) => (snapshot.matches('onFile') ? snapshot.context.form : null);
/** The form was just filed. */
export const selectJustFiled = (snapshot: Snapshot) => snapshot.matches('onFile') && snapshot.context.filed;
export const selectEditingForm = (snapshot: Snapshot) => snapshot.matches('editing') || snapshot.matches('saving');
export const selectSavingForm = (snapshot: Snapshot) => snapshot.matches('saving');
/** A new form replaces one on file (Cancel goes back to it). */
export const selectRefiling = (snapshot: Snapshot) => snapshot.context.form !== null;
export const selectTaxDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectTaxFields = (snapshot: Snapshot) => new Set(taxFieldsOf(snapshot.context.draft));
export const selectTaxFieldErrors = (snapshot: Snapshot) => snapshot.context.fieldErrors;
/** A refused form, shown with it. */
export const selectTaxFormError = (snapshot: Snapshot) => (snapshot.matches('editing') ? snapshot.context.error : null);

// What the email forms (newsletter, forgot password) read.
import type { SnapshotFrom } from 'xstate';
import type { emailFormMachine } from './emailForm.machine';

type Snapshot = SnapshotFrom<typeof emailFormMachine>;

export const selectEmail = (snapshot: Snapshot) => snapshot.context.email;
/** The field shows "Este campo es obligatorio". */
export const selectEmailInvalid = (snapshot: Snapshot) => snapshot.matches({ editing: 'invalid' });
export const selectEmailSending = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectEmailServerError = (snapshot: Snapshot) => snapshot.context.serverError;

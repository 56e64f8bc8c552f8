// What the forgot-password page reads.
import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine } from './forgotPassword.machine';

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export const selectForgotForm = (snapshot: Snapshot) => snapshot.children.emailForm;
/** The server's answer once sent. */
export const selectForgotConfirmation = (snapshot: Snapshot) =>
  snapshot.matches('sent') ? snapshot.context.confirmation : null;

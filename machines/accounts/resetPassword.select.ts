// What the reset-password page reads.
import type { SnapshotFrom } from 'xstate';
import type { resetPasswordMachine } from './resetPassword.machine';

type Snapshot = SnapshotFrom<typeof resetPasswordMachine>;

export const selectResetForm = (snapshot: Snapshot) => snapshot.context;
export const selectResetSubmitting = (snapshot: Snapshot) => snapshot.hasTag('busy');
/** The link is missing, unknown, used or expired: show why and offer a new one instead of the form. */
export const selectResetLinkInvalid = (snapshot: Snapshot) => snapshot.matches('linkInvalid');

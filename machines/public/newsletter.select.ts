// What the landing page reads from the newsletter modal.
import type { SnapshotFrom } from 'xstate';
import type { newsletterMachine } from './newsletter.machine';

type Snapshot = SnapshotFrom<typeof newsletterMachine>;

export const selectNewsletterOpen = (snapshot: Snapshot) => snapshot.matches('open') || snapshot.matches('subscribed');
/** The email form invoked while the modal is open. */
export const selectNewsletterForm = (snapshot: Snapshot) => snapshot.children.emailForm;
/** The server's confirmation, once subscribed. */
export const selectNewsletterConfirmation = (snapshot: Snapshot) =>
  snapshot.matches('subscribed') ? snapshot.context.confirmation : null;

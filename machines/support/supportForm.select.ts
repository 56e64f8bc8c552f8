// What Contact Us and Help and Support read from the support form.
import type { SnapshotFrom } from 'xstate';
import type { supportFormMachine } from './supportForm.machine';

type Snapshot = SnapshotFrom<typeof supportFormMachine>;

export const selectSupportForm = (snapshot: Snapshot) => snapshot.context;
export const selectSupportSending = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectSupportSent = (snapshot: Snapshot) => snapshot.matches('sent');

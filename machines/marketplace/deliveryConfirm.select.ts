// What the campaign page reads from the delivery confirmation.
import type { SnapshotFrom } from 'xstate';
import type { deliveryConfirmMachine } from './deliveryConfirm.machine';

type Snapshot = SnapshotFrom<typeof deliveryConfirmMachine>;

/** The offer whose delivery the dialog asks about, or null when it is closed. */
export const selectAskingOffer = (snapshot: Snapshot) => (snapshot.matches('idle') ? null : snapshot.context.offerId);
export const selectDeliverySending = (snapshot: Snapshot) => snapshot.matches('sending');
export const selectDeliveryError = (snapshot: Snapshot) => snapshot.context.error;

// What Set Payout Method reads from the bank card.
import type { SnapshotFrom } from 'xstate';
import type { payoutBankMachine } from './payoutBank.machine';

type Snapshot = SnapshotFrom<typeof payoutBankMachine>;

export const selectBankConnected = (snapshot: Snapshot) => snapshot.matches('connected');
export const selectBankDialogOpen = (snapshot: Snapshot) => snapshot.matches('dialogOpen');

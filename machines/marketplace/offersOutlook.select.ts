// What the Newley Offers tab reads of its outlook (docs/product.md "Fair matching explained").
import type { SnapshotFrom } from 'xstate';
import type { OutlookStep } from '@/contract';
import type { offersOutlookMachine } from './offersOutlook.machine';

type Snapshot = SnapshotFrom<typeof offersOutlookMachine>;

export const selectOutlookLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectOutlookError = (snapshot: Snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null);
/** The steps to show, most useful first; empty before the answer. */
export const selectOutlookSteps = (snapshot: Snapshot): OutlookStep[] => snapshot.context.outlook?.steps ?? [];

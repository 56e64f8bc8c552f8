// What the Campaigns screen's checklist reads (docs/product.md §Advertiser onboarding).
import type { SnapshotFrom } from 'xstate';
import type { AdvertiserChecklist } from '@/contract';
import type { advertiserChecklistMachine } from './advertiserChecklist.machine';

type Snapshot = SnapshotFrom<typeof advertiserChecklistMachine>;

export type ChecklistStepId = 'profile' | 'approval' | 'funds' | 'campaign' | 'launch';
/** done; todo (the next thing to do, or one after it); waiting (on Castbridge); refused (the profile was rejected). */
export type ChecklistStepState = 'done' | 'todo' | 'waiting' | 'refused';

export interface ChecklistStep {
  id: ChecklistStepId;
  state: ChecklistStepState;
  /** The first step not done: the one to act on now. */
  current: boolean;
}

/** The five steps in their order, each with its state. */
export function checklistSteps(checklist: AdvertiserChecklist): ChecklistStep[] {
  const approval: ChecklistStepState =
    checklist.profile === 'approved'
      ? 'done'
      : checklist.profile === 'pending'
        ? 'waiting'
        : checklist.profile === 'rejected'
          ? 'refused'
          : 'todo';
  const states: [ChecklistStepId, ChecklistStepState][] = [
    ['profile', checklist.profile === 'missing' ? 'todo' : 'done'],
    ['approval', approval],
    ['funds', checklist.fundsCents > 0 ? 'done' : 'todo'],
    ['campaign', checklist.campaigns > 0 ? 'done' : 'todo'],
    ['launch', checklist.launched ? 'done' : 'todo'],
  ];
  const current = states.findIndex(([, state]) => state !== 'done');
  return states.map(([id, state], index) => ({ id, state, current: index === current }));
}

export const selectChecklistLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectChecklistError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
/** The steps while the first launch is ahead; null once a campaign was launched (or before the first answer). */
export const selectChecklistSteps = (snapshot: Snapshot): ChecklistStep[] | null => {
  const checklist = snapshot.context.checklist;
  return checklist && !checklist.launched ? checklistSteps(checklist) : null;
};
/** The newest draft, the one the launch step opens. */
export const selectChecklistDraftId = (snapshot: Snapshot) => snapshot.context.checklist?.draftId ?? null;
/** The company profile's review (`missing` until one was sent), or null before the first answer. */
export const selectChecklistProfile = (snapshot: Snapshot) => snapshot.context.checklist?.profile ?? null;

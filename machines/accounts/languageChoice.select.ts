// What the public menu's language switch reads.
import type { SnapshotFrom } from 'xstate';
import type { languageChoiceMachine } from './languageChoice.machine';

type Snapshot = SnapshotFrom<typeof languageChoiceMachine>;

/** The language being put on the page, while the account keeps it or its words load. */
export const selectChosenLanguage = (snapshot: Snapshot) => snapshot.context.chosen;
export const selectLanguageBusy = (snapshot: Snapshot) => !snapshot.matches('idle');
export const selectLanguageProblem = (snapshot: Snapshot) => snapshot.context.problem;

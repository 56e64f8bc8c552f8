// The few words the shared components say themselves (a dialog's Close, an alert's Dismiss, a spinner's Loading), in the
// language of the part of the page they are in (issue 49): src/common/UiWords.tsx gives them from the common catalogue,
// at the app's root and in each InLanguage part. ui stays a leaf: it reads them from context, English by default.
import { createContext, useContext } from 'react';

export interface UiWords {
  close: string;
  dismiss: string;
  loading: string;
  /** An empty table's line when its screen gives none. */
  nothingYet: string;
}

export const UiWordsContext = createContext<UiWords>({
  close: 'Close',
  dismiss: 'Dismiss',
  loading: 'Loading',
  nothingYet: 'Nothing to show yet.',
});

/** The shared components' words where they are rendered. */
export const useUiWords = (): UiWords => useContext(UiWordsContext);

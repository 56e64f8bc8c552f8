// The shared components' own words (src/ui/words.ts: a dialog's Close, an alert's Dismiss, a spinner's Loading) in the
// language of the part of the page: given at the app's root and again in each InLanguage part.
import type { ReactNode } from 'react';
import { useMessages } from '@/src/i18n/i18n';
import { UiWordsContext } from '@/src/ui/words';
import { commonMessages } from './catalogue';

export function UiWords({ children }: { children: ReactNode }) {
  const { t } = useMessages(commonMessages);
  return (
    <UiWordsContext.Provider
      value={{ close: t('ui.close'), dismiss: t('ui.dismiss'), loading: t('loading'), nothingYet: t('ui.nothingYet') }}
    >
      {children}
    </UiWordsContext.Provider>
  );
}

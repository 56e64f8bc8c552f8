// The public menu's language switch (machines/accounts/languageChoice.machine.ts): a signed-in account keeps its
// language with PUT /api/settings, as Settings does; the page then speaks it and this browser keeps it.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Locale } from '@/contract/locales';
import { languageChoiceMachine } from '@/machines/accounts/languageChoice.machine';
import { setLocale } from '@/src/i18n/i18n';
import { api, requireJwt, useAppWiring } from './session';

export type LanguageChoiceLogic = typeof languageChoiceMachine;

export function languageChoiceActors(jwt: () => string | null) {
  return {
    saveLanguage: fromPromise<unknown, { locale: Locale }>(async ({ input }) =>
      (await api()).request('updateSettings', { jwt: requireJwt(jwt()), json: { locale: input.locale } }),
    ),
    showLanguage: fromPromise<void, { locale: Locale }>(({ input }) => setLocale(input.locale, { remember: true })),
  };
}

export function useLanguageChoiceLogic(logic?: LanguageChoiceLogic): LanguageChoiceLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? languageChoiceMachine.provide({ actors: languageChoiceActors(app.jwt) }), [logic, app]);
}

// The public menu's language switch (machines/accounts/languageChoice.machine.ts): a signed-in account keeps its
// language with PUT /api/settings, as Settings does; the page then speaks it and this browser keeps it. This module is
// loaded with the first choice (src/public/PublicHeader.tsx), so that the pages every visitor loads do not carry it.
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { Locale } from '@/contract/locales';
import { languageChoiceMachine } from '@/machines/accounts/languageChoice.machine';
import { inspect } from '@/src/app/inspect';
import { setLocale } from '@/src/i18n/i18n';
import { api, requireJwt } from './session';

export type LanguageChoiceLogic = typeof languageChoiceMachine;
export type LanguageChoiceRef = ActorRefFrom<LanguageChoiceLogic>;

export function languageChoiceActors(jwt: () => string | null) {
  return {
    saveLanguage: fromPromise<unknown, { locale: Locale }>(async ({ input }) =>
      (await api()).request('updateSettings', { jwt: requireJwt(jwt()), json: { locale: input.locale } }),
    ),
    showLanguage: fromPromise<void, { locale: Locale }>(({ input }) => setLocale(input.locale, { remember: true })),
  };
}

/** The flow's actor for the header's life (the header stops it when it goes). */
export function startLanguageChoice(jwt: () => string | null, logic?: LanguageChoiceLogic): LanguageChoiceRef {
  return createActor(logic ?? languageChoiceMachine.provide({ actors: languageChoiceActors(jwt) }), {
    inspect,
  }).start();
}

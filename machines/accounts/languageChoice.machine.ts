// The public menu's language switch (docs/architecture.md §Languages): a visitor's choice is put on the page and kept in
// this browser; a signed-in account keeps it too (PUT /api/settings, as Settings does), and the page changes language
// only once the account has it. A refused save leaves the page as it was and says so; a language whose words cannot
// be fetched (offline, a stale deploy) leaves the page in its language and says so. The machine carries the problem's
// id; the switch words it.
import { assign, setup } from 'xstate';
import type { Locale } from '@/contract/locales';
import { service } from '../placeholders';

/** Why the page did not change language: the account did not keep it, or its words could not be fetched. */
export type LanguageProblem = 'notSaved' | 'notLoaded';

export interface LanguageChoiceContext {
  /** The language being put on the page (null when none is). */
  chosen: Locale | null;
  problem: LanguageProblem | null;
}

export type LanguageChoiceEvent = { type: 'language.choose'; locale: Locale; signedIn: boolean };

export const languageChoiceMachine = setup({
  types: { context: {} as LanguageChoiceContext, events: {} as LanguageChoiceEvent },
  actors: {
    /** PUT /api/settings { locale }: the account keeps its language. */
    saveLanguage: service<unknown, { locale: Locale }>('saveLanguage'),
    /** The page speaks the language (its words fetched first) and this browser keeps it. */
    showLanguage: service<void, { locale: Locale }>('showLanguage'),
  },
  guards: {
    signedIn: ({ event }) => event.signedIn,
  },
}).createMachine({
  id: 'languageChoice',
  context: { chosen: null, problem: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'language.choose': [
          {
            guard: 'signedIn',
            target: 'saving',
            actions: assign({ chosen: ({ event }) => event.locale, problem: null }),
          },
          { target: 'showing', actions: assign({ chosen: ({ event }) => event.locale, problem: null }) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveLanguage',
        src: 'saveLanguage',
        input: ({ context }) => ({ locale: context.chosen! }),
        onDone: 'showing',
        onError: { target: 'idle', actions: assign({ chosen: null, problem: 'notSaved' }) },
      },
    },
    showing: {
      invoke: {
        id: 'showLanguage',
        src: 'showLanguage',
        input: ({ context }) => ({ locale: context.chosen! }),
        onDone: { target: 'idle', actions: assign({ chosen: null }) },
        onError: { target: 'idle', actions: assign({ chosen: null, problem: 'notLoaded' }) },
      },
    },
  },
});

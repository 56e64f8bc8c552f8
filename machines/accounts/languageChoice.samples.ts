// The languageChoice flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { languageChoiceMachine } from './languageChoice.machine';

export const samples = {
  events: {
    'language.choose': [
      { type: 'language.choose', locale: 'es-MX', signedIn: false },
      { type: 'language.choose', locale: 'es-MX', signedIn: true },
    ],
    'xstate.done.actor.saveLanguage': [
      {
        type: 'xstate.done.actor.saveLanguage',
        output: { notifications: true, hasPassword: true, locale: 'es-MX' },
      },
    ],
    'xstate.error.actor.saveLanguage': [
      { type: 'xstate.error.actor.saveLanguage', error: apiRefusal('The server could not be reached', 0) },
    ],
    'xstate.error.actor.showLanguage': [
      { type: 'xstate.error.actor.showLanguage', error: new Error('Failed to fetch dynamically imported module') },
    ],
  },
  abstract: (context) => ({ chosen: context.chosen, problem: context.problem }),
} satisfies Fixture<typeof languageChoiceMachine>;

// The profileCompletion flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { profileCompletionMachine } from './profileCompletion.machine';

export const samples = {
  events: {
    'field.change': [{ type: 'field.change', field: 'first_name', value: 'Ana' }],
    'xstate.done.actor.saveProfile': [
      { type: 'xstate.done.actor.saveProfile', output: { message: 'Perfil actualizado correctamente' } },
      { type: 'xstate.done.actor.saveProfile', output: null },
    ],
  },
  abstract: () => null,
} satisfies Fixture<typeof profileCompletionMachine>;

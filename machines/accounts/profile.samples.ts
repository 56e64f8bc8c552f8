// The profile flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import { MissingTokenError, type profileMachine } from './profile.machine';
import { sampleUser } from './samples';

export const samples = {
  abstract: (context) => ({
    loaded: context.profile !== null,
    preview: context.preview !== null,
    notice: context.notice,
    failed: context.loadError !== null,
  }),
  events: {
    'field.change': [{ type: 'field.change', field: 'city', value: 'Austin' }],
    // Plain objects rather than Files, so that the inspector can show and edit them as JSON.
    'photo.select': [
      { type: 'photo.select', file: { name: 'me.png', type: 'image/png' } as File, previewUrl: 'blob:preview-image' },
      {
        type: 'photo.select',
        file: { name: 'notes.txt', type: 'text/plain' } as File,
        previewUrl: 'blob:preview-text',
      },
    ],
    'xstate.done.actor.loadProfile': [{ type: 'xstate.done.actor.loadProfile', output: sampleUser }],
    'xstate.done.actor.saveProfile': [
      { type: 'xstate.done.actor.saveProfile', output: { ...sampleUser, city: 'Austin' } },
    ],
    'xstate.error.actor.saveProfile': [
      { type: 'xstate.error.actor.saveProfile', error: new Error('Simulated failure') },
      { type: 'xstate.error.actor.saveProfile', error: new MissingTokenError() },
    ],
    'xstate.done.actor.uploadPhoto': [
      { type: 'xstate.done.actor.uploadPhoto', output: { photoUrl: '/uploads/sample.png' } },
    ],
  },
} satisfies Fixture<typeof profileMachine>;

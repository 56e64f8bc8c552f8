// The advertiserProfile flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import { advertiserProfileErrors, type advertiserProfileMachine } from './advertiserProfile.machine';
import { sampleAdvertiserProfile } from './samples';

export const samples = {
  events: {
    'field.change': [
      { type: 'field.change', field: 'companyName', value: '' },
      { type: 'field.change', field: 'website', value: 'nova-energy' },
      { type: 'field.change', field: 'website', value: 'https://nova-energy.example' },
    ],
    'xstate.done.actor.loadAdvertiserProfile': [
      { type: 'xstate.done.actor.loadAdvertiserProfile', output: null },
      {
        type: 'xstate.done.actor.loadAdvertiserProfile',
        output: { ...sampleAdvertiserProfile, status: 'rejected', rejectionReason: 'The website does not load.' },
      },
    ],
    'xstate.done.actor.saveAdvertiserProfile': [
      { type: 'xstate.done.actor.saveAdvertiserProfile', output: sampleAdvertiserProfile },
    ],
  },
  abstract: (context) => ({
    profile: context.profile?.status ?? null,
    valid: Object.keys(advertiserProfileErrors(context.draft)).length === 0,
    errors: Object.keys(context.errors).length > 0,
    failed: context.error !== null,
    saved: context.saved,
  }),
} satisfies Fixture<typeof advertiserProfileMachine>;

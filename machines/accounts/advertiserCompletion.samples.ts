// The advertiserCompletion flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { advertiserCompletionMachine } from './advertiserCompletion.machine';
import { sampleAdvertiserProfile } from '../marketplace/samples';

const filled = [
  { type: 'field.change', field: 'companyName', value: sampleAdvertiserProfile.companyName },
  { type: 'field.change', field: 'website', value: sampleAdvertiserProfile.website },
  { type: 'field.change', field: 'contactName', value: sampleAdvertiserProfile.contactName },
  { type: 'field.change', field: 'promotes', value: sampleAdvertiserProfile.promotes },
] as const;

export const samples = {
  inputs: [{ email: sampleAdvertiserProfile.contactEmail }],
  events: {
    'field.change': [...filled],
    'xstate.done.actor.saveCompanyProfile': [
      { type: 'xstate.done.actor.saveCompanyProfile', output: sampleAdvertiserProfile },
    ],
  },
  abstract: (context) => ({
    // How many fields are filled, so paths reach a complete form one field at a time.
    filled: Object.values(context.draft).filter((value) => value.trim() !== '').length,
    checked: Object.keys(context.errors).length > 0,
    refused: context.error !== null,
  }),
} satisfies Fixture<typeof advertiserCompletionMachine>;

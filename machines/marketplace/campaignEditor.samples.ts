// The campaignEditor flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import { isValidCampaign, type campaignEditorMachine } from './campaignEditor.machine';
import { sampleCampaign } from './samples';

export const samples = {
  inputs: [{ campaignId: null }, { campaignId: sampleCampaign.id }],
  events: {
    'field.change': [
      { type: 'field.change', field: 'pay', value: '0' },
      { type: 'field.change', field: 'pay', value: '250.50' },
    ],
    'choice.toggle': [
      { type: 'choice.toggle', field: 'platforms', value: 'YouTube' },
      { type: 'choice.toggle', field: 'languages', value: 'Spanish' },
    ],
    'disclosure.require': [{ type: 'disclosure.require', required: false }],
    'country.add': [{ type: 'country.add', country: 'Mexico' }],
    'country.remove': [{ type: 'country.remove', country: 'Mexico' }],
    // Plain objects rather than Files, so that the inspector can show and edit them as JSON.
    'image.select': [
      { type: 'image.select', file: { name: 'creative.png', type: 'image/png' } as File, previewUrl: 'blob:creative' },
      { type: 'image.select', file: { name: 'brief.pdf', type: 'application/pdf' } as File, previewUrl: 'blob:brief' },
    ],
    'xstate.done.actor.loadCampaign': [
      { type: 'xstate.done.actor.loadCampaign', output: sampleCampaign },
      { type: 'xstate.done.actor.loadCampaign', output: { ...sampleCampaign, status: 'active' } },
    ],
    'xstate.done.actor.saveCampaign': [{ type: 'xstate.done.actor.saveCampaign', output: sampleCampaign }],
    'xstate.done.actor.uploadCampaignImage': [
      { type: 'xstate.done.actor.uploadCampaignImage', output: { ...sampleCampaign, image: '/uploads/creative.png' } },
    ],
  },
  abstract: (context) => ({
    id: context.campaignId !== null,
    status: context.campaign?.status ?? null,
    valid: isValidCampaign(context.draft),
    errors: Object.keys(context.errors).sort(),
    image: context.image !== null,
    failed: context.error !== null,
  }),
} satisfies Fixture<typeof campaignEditorMachine>;

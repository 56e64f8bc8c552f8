// The campaignEditor flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
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
    'matching.set': [{ type: 'matching.set', on: false }],
    'deliverable.toggle': [
      { type: 'deliverable.toggle', kind: 'overlay', on: false },
      { type: 'deliverable.toggle', kind: 'link', on: true },
    ],
    'pay.mode': [{ type: 'pay.mode', mode: 'perClick' }],
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
    'xstate.error.actor.saveCampaign': [
      {
        type: 'xstate.error.actor.saveCampaign',
        error: apiRefusal('deliverable.link.url: must be a web address starting with https://', 400),
      },
    ],
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
    asks: Object.entries(context.draft.asks)
      .filter(([, on]) => on)
      .map(([kind]) => kind)
      .join(','),
    payMode: context.draft.payMode,
    failed: context.error !== null,
  }),
} satisfies Fixture<typeof campaignEditorMachine>;

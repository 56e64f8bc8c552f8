// The campaignList flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { campaignListMachine } from './campaignList.machine';
import { sampleCampaign } from './samples';

export const samples = {
  events: {
    'xstate.done.actor.loadCampaigns': [{ type: 'xstate.done.actor.loadCampaigns', output: [sampleCampaign] }],
  },
} satisfies Fixture<typeof campaignListMachine>;

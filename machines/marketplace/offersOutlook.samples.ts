// The offersOutlook flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { offersOutlookMachine } from './offersOutlook.machine';

export const samples = {
  events: {
    'xstate.done.actor.loadOutlook': [
      {
        type: 'xstate.done.actor.loadOutlook',
        output: {
          runningCampaigns: 3,
          matching: 0,
          steps: [
            {
              kind: 'targeting',
              title: 'No running campaign targets you yet',
              text: '3 running campaigns have no offer for you. What they ask for:',
              details: ['2 campaigns want creators broadcasting in Spanish.', '1 campaign runs on YouTube.'],
              link: { to: '/my-profile', label: 'Review your profile' },
            },
          ],
        },
      },
    ],
  },
  abstract: (context) => ({ loaded: context.outlook !== null, failed: context.error !== null }),
} satisfies Fixture<typeof offersOutlookMachine>;

// The creatorSearch flow's samples, for its generated paths, the inspector and the view test (catalogued in machines/samples.ts).
import type { CreatorCard, CreatorsAnswer } from '@/contract';
import { apiRefusal, type Fixture } from '../events';
import type { creatorSearchMachine } from './creatorSearch.machine';

/** A listed creator as GET /api/creators answers them: public figures only. */
export const sampleCreatorCard: CreatorCard = {
  id: 'usr_alex',
  handle: 'alexrivera_live',
  displayName: 'AlexRivera_Live',
  image: null,
  platforms: ['Twitch', 'YouTube'],
  category: 'Gaming',
  language: 'English',
  country: 'United States',
  followers: 8_722,
  avgViewers: 143,
  completed: 4,
  deliveryRate: 100,
  channels: [
    {
      platform: 'Twitch',
      name: 'AlexRivera_Live',
      url: 'https://www.twitch.tv/alexrivera_live',
      followers: 8_412,
      avgViewers: 143,
    },
    {
      platform: 'YouTube',
      name: 'Alex Rivera Plays',
      url: 'https://www.youtube.com/channel/UC-alexriveraplays',
      followers: 310,
      avgViewers: null,
    },
  ],
  mediaKitUrl: '/c/alexrivera_live',
};

export const sampleCreatorCard2: CreatorCard = {
  ...sampleCreatorCard,
  id: 'usr_lucia',
  handle: 'lucia_juega',
  displayName: 'Lucía Juega',
  platforms: ['YouTube'],
  language: 'Spanish',
  country: 'Mexico',
  followers: 15_300,
  avgViewers: null,
  completed: 0,
  deliveryRate: null,
  channels: [
    {
      platform: 'YouTube',
      name: 'Lucía Juega',
      url: 'https://www.youtube.com/@luciajuega',
      followers: 15_300,
      avgViewers: null,
    },
  ],
  mediaKitUrl: '/c/lucia_juega',
};

/** A first page of 20 of 45 matches (two shown). */
export const sampleCreatorsAnswer: CreatorsAnswer = {
  creators: [sampleCreatorCard, sampleCreatorCard2],
  total: 45,
  totalCapped: false,
  page: 1,
  pageSize: 20,
};

export const samples = {
  events: {
    'filter.change': [{ type: 'filter.change', field: 'country', value: 'Mexico' }],
    'sort.change': [{ type: 'sort.change', sort: 'followers' }],
    'xstate.done.actor.searchCreators': [
      { type: 'xstate.done.actor.searchCreators', output: sampleCreatorsAnswer },
      { type: 'xstate.done.actor.searchCreators', output: { ...sampleCreatorsAnswer, creators: [], total: 0 } },
    ],
    'xstate.error.actor.searchCreators': [
      {
        type: 'xstate.error.actor.searchCreators',
        error: apiRefusal('Your company profile is pending: creators can be searched once it is approved', 403),
      },
    ],
  },
  abstract: (context) => ({
    page: Math.min(context.query.page, 3),
    total: context.answer?.total ?? null,
    draft: context.draft.country,
    sort: context.sort,
    error: context.error !== null,
  }),
} satisfies Fixture<typeof creatorSearchMachine>;

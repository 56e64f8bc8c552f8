// The campaign editor's drafts its tests start from: the hand-pinned transitions
// (test/machines/transitions/campaignEditor.test.ts) and the deliverables against the contract
// (test/machines/campaignEditorDeliverables.test.ts).
import { emptyDraft, type CampaignDraft } from '@/machines/marketplace/campaignEditor.machine';

/** Every required field filled, the overlay alone asked (the editor's default). */
export const validDraft: CampaignDraft = {
  ...emptyDraft,
  brand: 'Nova Energy',
  title: 'Power your late-night streams',
  pay: '250',
  minutes: '120',
  startsOn: '2026-12-01',
  endsOn: '2026-12-31',
  disclosure: 'Sponsored by Nova Energy',
  platforms: ['Twitch'],
  languages: ['English'],
};

/** Every deliverable asked, with a flat fee and a chat command. */
export const everyDeliverable: CampaignDraft = {
  ...validDraft,
  asks: { overlay: true, link: true, chat: true, promo: true },
  linkUrl: 'https://nova.example/gg',
  linkClicks: '500',
  chatMessage: 'Grab a Nova',
  chatEvery: '30',
  chatCommand: '!Nova',
  chatPosts: '10',
  promoRedemptions: '20',
};

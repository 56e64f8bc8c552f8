// The campaign editor's deliverables (docs/product.md §Deliverables) against the contract they mirror: every draft the
// client's checks pass is one contract `campaignInput` accepts (deliverablesProblem() included) and the other way
// round for the rules between deliverables and pay; a stored campaign reads back into the same input; a 400's parts
// land at their fields.
import { describe, expect, it } from 'vitest';
import { campaignInput } from '@/contract/schemas/marketplace';
import { apiRefusal } from '@/machines/events';
import {
  campaignErrors,
  draftOf,
  refusalOf,
  toCampaignInput,
  type CampaignDraft,
} from '@/machines/marketplace/campaignEditor.machine';
import { sampleCampaign } from '@/machines/marketplace/samples';
import { everyDeliverable, validDraft } from './campaignEditorDrafts';

const base = validDraft;
const every = everyDeliverable;

describe('the editor’s deliverables against the contract', () => {
  const cases: Array<[string, CampaignDraft]> = [
    ['the overlay alone', base],
    ['every deliverable with a flat fee', every],
    [
      'pay per click with a link, no overlay',
      {
        ...every,
        asks: { overlay: false, link: true, chat: false, promo: false },
        payMode: 'perClick',
        perClick: '0.25',
        linkClicks: '',
      },
    ],
    ['nothing asked', { ...base, asks: { overlay: false, link: false, chat: false, promo: false } }],
    ['pay per click without a link', { ...base, payMode: 'perClick', perClick: '0.25' }],
    ['a flat fee without the clicks', { ...every, linkClicks: '' }],
    ['a link that is not a web address', { ...every, linkUrl: 'nova.example' }],
    ['a bot every 2 minutes', { ...every, chatEvery: '2' }],
    ['a command with a space', { ...every, chatCommand: 'no va' }],
    ['a rate over $100', { ...every, payMode: 'perClick', perClick: '100.01' }],
    // The disclosure is the overlay's (issue 48 item 4): required with it, not asked for without it.
    ['the overlay without a disclosure', { ...base, disclosure: '  ' }],
    [
      'a link without the overlay or a disclosure',
      { ...every, disclosure: '', asks: { overlay: false, link: true, chat: false, promo: false } },
    ],
  ];

  it.each(cases)('%s: the client and the contract agree', (_name, draft) => {
    const clientAccepts = Object.keys(campaignErrors(draft)).length === 0;
    expect(campaignInput.safeParse(toCampaignInput(draft)).success).toBe(clientAccepts);
  });

  it('sends the command without its "!", lower case; the overlay left out keeps a valid minutes', () => {
    expect(toCampaignInput(every).deliverable.chat?.command).toBe('nova');
    const noOverlay = toCampaignInput({ ...every, minutes: '', asks: { ...every.asks, overlay: false } });
    expect(noOverlay.deliverable).toMatchObject({ overlay: false, minutes: 1 });
  });

  it('reads a stored campaign back into the same input', () => {
    const stored = {
      ...sampleCampaign,
      perClickCents: 25,
      deliverable: {
        ...sampleCampaign.deliverable,
        // Without the overlay a campaign has no disclosure (the server stores none: issue 48 item 4).
        disclosure: '',
        overlay: false,
        link: { url: 'https://nova.example/gg', clicks: null },
        chat: { message: 'Grab a Nova', everyMinutes: 30, command: 'nova', posts: 10 },
        promo: { redemptions: 20 },
      },
    };
    const input = toCampaignInput(draftOf(stored));
    expect(input.deliverable).toEqual(stored.deliverable);
    expect(input.perClickCents).toBe(25);
  });

  it('puts a 400’s parts at their fields and keeps the rest', () => {
    expect(
      refusalOf(
        apiRefusal(
          'deliverable.chat.everyMinutes: must be at least 5 minutes; perClickCents: needs a tracked link: pay per click counts its clicks; spots: too many',
          400,
        ),
      ),
    ).toEqual({
      errors: {
        chatEvery: { id: 'server', text: 'Must be at least 5 minutes.' },
        perClick: { id: 'server', text: 'Needs a tracked link: pay per click counts its clicks.' },
        spots: { id: 'server', text: 'Too many.' },
      },
      error: null,
    });
    expect(refusalOf(apiRefusal('something odd', 400))).toEqual({
      errors: {},
      error: { id: 'server', text: 'something odd' },
    });
    expect(refusalOf(apiRefusal('deliverable.link.url: taken', 409))).toEqual({
      errors: {},
      error: { id: 'server', text: 'deliverable.link.url: taken' },
    });
  });
});

// The campaign editor, pinned by hand (docs/product.md §Marketplace "Advertiser workspace", "Campaign"): every field's
// check at its bounds, with the problem it names and the contract (`campaignInput`, what the server parses) agreeing
// whether the draft may be sent; the input sent (trimmed, pay in integer cents, numbers as numbers, choices in the
// contract's order); a stored campaign read back into the form; and each transition by hand: a draft loaded or a
// launched campaign locked, the checks shown on Save and following the fields once shown, the image picked (image
// files only, each earlier preview freed), the save's 400 at its fields, the image uploaded once the draft has an id.
// Replayed on the real form by test/views/campaignEditor.screen.test.tsx; the deliverables' rules against the contract
// in test/machines/campaignEditorDeliverables.test.ts.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Campaign, CampaignInput } from '@/contract';
import { campaignInput } from '@/contract/schemas/marketplace';
import { apiRefusal } from '@/machines/events';
import {
  campaignEditorMachine,
  campaignErrors,
  chatPreview,
  commandOf,
  draftOf,
  emptyDraft,
  keywordsOf,
  refusalOf,
  toCampaignInput,
  type CampaignDraft,
} from '@/machines/marketplace/campaignEditor.machine';
import { sampleCampaign } from '@/machines/marketplace/samples';
import { everyDeliverable, validDraft } from '../campaignEditorDrafts';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

// The problems by value (a comparison with the machine's own constants would pass a mutant that changed them).
const REQUIRED = { id: 'required' };
const tooLong = (max: number) => ({ id: 'tooLong', max });

const valid = validDraft;
// The chat without a command: the command's own checks are pinned apart.
const every: CampaignDraft = { ...everyDeliverable, chatCommand: '' };
const perClick: CampaignDraft = {
  ...every,
  asks: { overlay: false, link: true, chat: false, promo: false },
  payMode: 'perClick',
  perClick: '0.25',
  linkClicks: '',
};
const a = (n: number) => 'a'.repeat(n);
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(', ');

describe("the editor's checks at their bounds, as the contract draws them", () => {
  // [what, the draft, the field, its problem (undefined: none), whether the contract's verdict is comparable]
  // The contract is not asked where the client refuses text the input cannot carry (a number that is not one is sent
  // as 0 or null, which says nothing about the text typed).
  const cases: Array<[string, CampaignDraft, keyof ReturnType<typeof campaignErrors>, object | undefined, boolean?]> = [
    ['a brand left empty', { ...valid, brand: '' }, 'brand', REQUIRED],
    ['a brand of spaces', { ...valid, brand: '   ' }, 'brand', REQUIRED],
    ['a brand of 100 characters', { ...valid, brand: a(100) }, 'brand', undefined],
    ['a brand of 100 characters between spaces', { ...valid, brand: ` ${a(100)} ` }, 'brand', undefined],
    ['a brand of 101 characters', { ...valid, brand: a(101) }, 'brand', tooLong(100)],
    ['a title left empty', { ...valid, title: '' }, 'title', REQUIRED],
    ['a title of 120 characters', { ...valid, title: a(120) }, 'title', undefined],
    ['a title of 121 characters', { ...valid, title: a(121) }, 'title', tooLong(120)],
    ['no description', { ...valid, description: '' }, 'description', undefined],
    ['a description of 2,000 characters', { ...valid, description: a(2000) }, 'description', undefined],
    ['a description of 2,001 characters', { ...valid, description: a(2001) }, 'description', tooLong(2000)],
    ['no disclosure with the overlay', { ...valid, disclosure: ' ' }, 'disclosure', REQUIRED],
    ['a disclosure of 120 characters', { ...valid, disclosure: a(120) }, 'disclosure', undefined],
    ['a disclosure of 121 characters', { ...valid, disclosure: a(121) }, 'disclosure', tooLong(120)],
    ['no pay', { ...valid, pay: '' }, 'pay', REQUIRED],
    ['a pay of spaces', { ...valid, pay: '  ' }, 'pay', REQUIRED],
    ['a pay that is not dollars', { ...valid, pay: '12.345' }, 'pay', { id: 'payFormat' }, false],
    ['a pay of $0.99', { ...valid, pay: '0.99' }, 'pay', { id: 'payMin', minCents: 100 }],
    ['a pay of $1', { ...valid, pay: '1' }, 'pay', undefined],
    ['a pay of $1,000,000', { ...valid, pay: '$1,000,000' }, 'pay', undefined],
    ['a pay of $1,000,000.01', { ...valid, pay: '1000000.01' }, 'pay', { id: 'payMax', maxCents: 100_000_000 }],
    ['no spots', { ...valid, spots: ' ' }, 'spots', REQUIRED],
    ['0 spots', { ...valid, spots: '0' }, 'spots', { id: 'spots', max: 1000 }],
    ['1 spot', { ...valid, spots: '1' }, 'spots', undefined],
    ['1,000 spots', { ...valid, spots: '1000' }, 'spots', undefined],
    ['1,001 spots', { ...valid, spots: '1001' }, 'spots', { id: 'spots', max: 1000 }],
    ['half a spot', { ...valid, spots: '1.5' }, 'spots', { id: 'spots', max: 1000 }, false],
    ['no minutes with the overlay', { ...valid, minutes: '' }, 'minutes', REQUIRED],
    ['0 minutes', { ...valid, minutes: '0' }, 'minutes', { id: 'minutes', max: 100_000 }],
    ['1 minute', { ...valid, minutes: '1' }, 'minutes', undefined],
    ['100,000 minutes', { ...valid, minutes: '100000' }, 'minutes', undefined],
    ['100,001 minutes', { ...valid, minutes: '100001' }, 'minutes', { id: 'minutes', max: 100_000 }],
    [
      'no minutes without the overlay',
      { ...every, minutes: '', asks: { ...every.asks, overlay: false } },
      'minutes',
      undefined,
    ],
    ['no viewer minimum', { ...valid, minAvgViewers: ' ' }, 'minAvgViewers', undefined],
    ['a minimum of 0 viewers', { ...valid, minAvgViewers: '0' }, 'minAvgViewers', undefined],
    ['a minimum of 10,000,000 viewers', { ...valid, minAvgViewers: '10000000' }, 'minAvgViewers', undefined],
    [
      'a minimum of 10,000,001 viewers',
      { ...valid, minAvgViewers: '10000001' },
      'minAvgViewers',
      { id: 'viewers', max: 10_000_000 },
    ],
    [
      'a minimum that is not a number',
      { ...valid, minAvgViewers: 'many' },
      'minAvgViewers',
      { id: 'viewers', max: 10_000_000 },
      false,
    ],
    ['20 keywords', { ...valid, categories: words(20) }, 'categories', undefined],
    ['21 keywords', { ...valid, categories: words(21) }, 'categories', { id: 'keywords', max: 20 }],
    ['20 keywords and a repeat', { ...valid, categories: `${words(20)}, WORD0` }, 'categories', undefined],
    ['a keyword of 40 characters', { ...valid, categories: a(40) }, 'categories', undefined],
    ['a keyword of 41 characters', { ...valid, categories: a(41) }, 'categories', { id: 'keyword', max: 40 }],
    ['no start', { ...valid, startsOn: '' }, 'startsOn', REQUIRED],
    ['a start that is no day', { ...valid, startsOn: '2026-02-30' }, 'startsOn', { id: 'day' }],
    ['no end', { ...valid, endsOn: '' }, 'endsOn', REQUIRED],
    ['an end that is no day', { ...valid, endsOn: '2026-13-01' }, 'endsOn', { id: 'day' }],
    ['one day', { ...valid, endsOn: valid.startsOn }, 'endsOn', undefined],
    ['an end before the start', { ...valid, endsOn: '2026-11-30' }, 'endsOn', { id: 'endsBeforeStart' }],
    ['a link of spaces', { ...every, linkUrl: '  ' }, 'linkUrl', REQUIRED],
    ['a link that is not http', { ...every, linkUrl: 'ftp://nova.example/gg' }, 'linkUrl', { id: 'linkUrl' }],
    ['a link to a host without a dot', { ...every, linkUrl: 'https://localhost/gg' }, 'linkUrl', { id: 'linkUrl' }],
    ['an http link', { ...every, linkUrl: 'http://nova.example/gg' }, 'linkUrl', undefined],
    ['a link of 2,000 characters', { ...every, linkUrl: `https://nova.example/${a(2000 - 21)}` }, 'linkUrl', undefined],
    [
      'a link of 2,001 characters',
      { ...every, linkUrl: `https://nova.example/${a(2001 - 21)}` },
      'linkUrl',
      tooLong(2000),
    ],
    ['0 clicks', { ...every, linkClicks: '0' }, 'linkClicks', { id: 'linkClicks', max: 10_000_000 }],
    ['1 click', { ...every, linkClicks: '1' }, 'linkClicks', undefined],
    ['10,000,000 clicks', { ...every, linkClicks: '10000000' }, 'linkClicks', undefined],
    ['10,000,001 clicks', { ...every, linkClicks: '10000001' }, 'linkClicks', { id: 'linkClicks', max: 10_000_000 }],
    ['no chat message', { ...every, chatMessage: ' ' }, 'chatMessage', REQUIRED],
    ['a chat message of 300 characters', { ...every, chatMessage: a(300) }, 'chatMessage', undefined],
    ['a chat message of 301 characters', { ...every, chatMessage: a(301) }, 'chatMessage', tooLong(300)],
    ['a post every 4 minutes', { ...every, chatEvery: '4' }, 'chatEvery', { id: 'chatEvery', min: 5, max: 240 }],
    ['a post every 5 minutes', { ...every, chatEvery: '5' }, 'chatEvery', undefined],
    ['a post every 240 minutes', { ...every, chatEvery: '240' }, 'chatEvery', undefined],
    ['a post every 241 minutes', { ...every, chatEvery: '241' }, 'chatEvery', { id: 'chatEvery', min: 5, max: 240 }],
    ['no posts', { ...every, chatPosts: '' }, 'chatPosts', REQUIRED],
    ['posts of spaces', { ...every, chatPosts: '  ' }, 'chatPosts', REQUIRED],
    ['10,000 posts', { ...every, chatPosts: '10000' }, 'chatPosts', undefined],
    ['10,001 posts', { ...every, chatPosts: '10001' }, 'chatPosts', { id: 'chatPosts', max: 10_000 }],
    ['a command of 25 characters', { ...every, chatCommand: `!${a(25)}` }, 'chatCommand', undefined],
    ['a command of 26 characters', { ...every, chatCommand: a(26) }, 'chatCommand', { id: 'chatCommand', max: 25 }],
    ['a command with a dash', { ...every, chatCommand: 'no-va' }, 'chatCommand', { id: 'chatCommand', max: 25 }],
    ['no redemptions', { ...every, promoRedemptions: '' }, 'promoRedemptions', REQUIRED],
    [
      '0 redemptions',
      { ...every, promoRedemptions: '0' },
      'promoRedemptions',
      { id: 'promoRedemptions', max: 1_000_000 },
    ],
    ['1,000,000 redemptions', { ...every, promoRedemptions: '1000000' }, 'promoRedemptions', undefined],
    [
      '1,000,001 redemptions',
      { ...every, promoRedemptions: '1000001' },
      'promoRedemptions',
      { id: 'promoRedemptions', max: 1_000_000 },
    ],
    ['no rate per click', { ...perClick, perClick: ' ' }, 'perClick', REQUIRED],
    ['a rate that is not dollars', { ...perClick, perClick: 'a dime' }, 'perClick', { id: 'perClickFormat' }, false],
    [
      'a rate of $0.00',
      { ...perClick, perClick: '0.00' },
      'perClick',
      { id: 'perClickRange', minCents: 1, maxCents: 10_000 },
    ],
    ['a rate of a cent', { ...perClick, perClick: '0.01' }, 'perClick', undefined],
    ['a rate of $100', { ...perClick, perClick: '100' }, 'perClick', undefined],
    [
      'a rate of $100.01',
      { ...perClick, perClick: '100.01' },
      'perClick',
      { id: 'perClickRange', minCents: 1, maxCents: 10_000 },
    ],
    [
      'per click without a link',
      { ...valid, payMode: 'perClick', perClick: '0.25' },
      'payMode',
      { id: 'perClickNeedsLink' },
    ],
    [
      'nothing asked for',
      { ...valid, asks: { overlay: false, link: false, chat: false, promo: false } },
      'deliverables',
      { id: 'deliverables' },
    ],
  ];

  it.each(cases)('%s', (_what, draft, field, problem, comparable = true) => {
    const errors = campaignErrors(draft);
    expect(errors[field]).toEqual(problem);
    // Only that field's problem: the rest of the draft is valid.
    expect(Object.keys(errors)).toEqual(problem ? [field] : []);
    if (comparable) expect(campaignInput.safeParse(toCampaignInput(draft)).success).toBe(problem === undefined);
  });
});

describe('what is sent', () => {
  it('text trimmed, pay in integer cents, numbers as numbers, choices in the contract’s order, keywords once', () => {
    const input = toCampaignInput({
      ...every,
      brand: ' Nova Energy ',
      title: ' Night streams ',
      description: ' Overlay at night. ',
      pay: ' $1,250.50 ',
      spots: ' 12 ',
      platforms: ['YouTube', 'Twitch'],
      languages: ['Spanish', 'English'],
      countries: ['Mexico', 'Chile'],
      categories: ' Gaming , , speedruns, GAMING ',
      minAvgViewers: ' 50 ',
      disclosure: ' Sponsored ',
      linkUrl: ' https://nova.example/gg ',
      chatMessage: ' Grab a Nova ',
      chatCommand: ' !NoVa ',
      autoMatch: false,
      requiresDisclosure: false,
    });
    expect(input).toEqual({
      brand: 'Nova Energy',
      title: 'Night streams',
      description: 'Overlay at night.',
      payCents: 125_050,
      spots: 12,
      targeting: {
        platforms: ['Twitch', 'YouTube'],
        languages: ['English', 'Spanish'],
        countries: ['Mexico', 'Chile'],
        categories: ['Gaming', 'speedruns'],
        minAvgViewers: 50,
      },
      deliverable: {
        minutes: 120,
        startsOn: '2026-12-01',
        endsOn: '2026-12-31',
        disclosure: 'Sponsored',
        requiresDisclosure: false,
        overlay: true,
        link: { url: 'https://nova.example/gg', clicks: 500 },
        chat: { message: 'Grab a Nova', everyMinutes: 30, command: 'nova', posts: 10 },
        promo: { redemptions: 20 },
      },
      perClickCents: null,
      autoMatch: false,
    } satisfies CampaignInput);
    expect(campaignInput.safeParse(input).success).toBe(true);
  });

  it('no viewer minimum as null, no command as null, per click with the rate in cents and no click target', () => {
    const input = toCampaignInput({ ...perClick, minAvgViewers: '  ', chatCommand: '', perClick: '$0.25' });
    expect(input.targeting.minAvgViewers).toBeNull();
    expect(input.perClickCents).toBe(25);
    expect(input.deliverable.link).toEqual({ url: 'https://nova.example/gg', clicks: null });
    expect(input.deliverable.chat).toBeNull();
    expect(input.deliverable.promo).toBeNull();
    expect(toCampaignInput({ ...every, chatCommand: ' ! ' }).deliverable.chat?.command).toBeNull();
  });

  it('without the overlay: no disclosure, and the minutes kept when they are valid, else 1', () => {
    const noOverlay = { ...every, asks: { ...every.asks, overlay: false } };
    expect(toCampaignInput(noOverlay).deliverable).toMatchObject({ overlay: false, minutes: 120, disclosure: '' });
    expect(toCampaignInput({ ...noOverlay, minutes: '1' }).deliverable.minutes).toBe(1);
    expect(toCampaignInput({ ...noOverlay, minutes: '100000' }).deliverable.minutes).toBe(100_000);
    for (const minutes of ['', '0', '100001', 'ten'])
      expect(toCampaignInput({ ...noOverlay, minutes }).deliverable.minutes).toBe(1);
  });

  it('only the platforms and languages chosen', () => {
    expect(toCampaignInput({ ...valid, platforms: ['YouTube'], languages: ['Spanish'] }).targeting).toMatchObject({
      platforms: ['YouTube'],
      languages: ['Spanish'],
    });
    expect(toCampaignInput({ ...valid, platforms: [], languages: [] }).targeting).toMatchObject({
      platforms: [],
      languages: [],
    });
  });

  it("the bot's line previewed with an example link where a link is asked for, and the disclosure", () => {
    expect(chatPreview({ ...every, chatMessage: ' Grab a Nova ' })).toBe(
      'Grab a Nova https://castbridge.example/l/Ab3dEf7h #ad',
    );
    expect(chatPreview({ ...every, asks: { ...every.asks, link: false } })).toBe('Grab a Nova #ad');
  });

  it('keywords: trimmed, empty ones dropped, a repeat in any case kept once as first written', () => {
    expect(keywordsOf(' Gaming ,,  , Speedruns, gaming,SPEEDRUNS , Chess')).toEqual(['Gaming', 'Speedruns', 'Chess']);
    expect(keywordsOf('')).toEqual([]);
  });

  it('a command without its "!", lower case', () => {
    expect(commandOf(' !Nova_2 ')).toBe('nova_2');
    expect(commandOf('nova!')).toBe('nova!');
    expect(commandOf('!!nova')).toBe('!nova');
  });
});

describe('a stored campaign read back into the form', () => {
  it('pay in dollars, numbers as text, no minimum as empty, the overlay alone, a flat fee', () => {
    expect(draftOf(sampleCampaign)).toEqual({
      ...emptyDraft,
      brand: 'Nova Energy',
      title: 'Power your late-night streams',
      description: 'Show the Nova Energy overlay during your evening streams.',
      pay: '250',
      spots: '3',
      categories: 'Gaming',
      minAvgViewers: '',
      minutes: '120',
      startsOn: '2025-07-01',
      endsOn: '2025-07-31',
      disclosure: 'Sponsored by Nova Energy',
      requiresDisclosure: true,
      platforms: ['Twitch'],
      languages: ['English'],
      countries: [],
      chatEvery: '30',
      chatPosts: '',
      promoRedemptions: '',
      perClick: '',
      asks: { overlay: true, link: false, chat: false, promo: false },
      payMode: 'flat',
      autoMatch: true,
    });
  });

  it('every deliverable, a minimum, keywords and pay per click', () => {
    const draft = draftOf({
      ...sampleCampaign,
      payCents: 125_050,
      perClickCents: 5,
      autoMatch: false,
      targeting: {
        ...sampleCampaign.targeting,
        categories: ['Gaming', 'Chess'],
        minAvgViewers: 0,
        countries: ['Mexico', 'Chile'],
      },
      deliverable: {
        ...sampleCampaign.deliverable,
        requiresDisclosure: false,
        link: { url: 'https://nova.example/gg', clicks: 500 },
        chat: { message: 'Grab a Nova', everyMinutes: 45, command: null, posts: 10 },
        promo: { redemptions: 20 },
      },
    });
    expect(draft).toMatchObject({
      pay: '1250.50',
      perClick: '0.05',
      payMode: 'perClick',
      autoMatch: false,
      requiresDisclosure: false,
      categories: 'Gaming, Chess',
      countries: ['Mexico', 'Chile'],
      minAvgViewers: '0',
      linkUrl: 'https://nova.example/gg',
      linkClicks: '500',
      chatMessage: 'Grab a Nova',
      chatEvery: '45',
      chatCommand: '',
      chatPosts: '10',
      promoRedemptions: '20',
      asks: { overlay: true, link: true, chat: true, promo: true },
    });
  });
});

describe("a save's refusal", () => {
  it('a part naming a field shows there (a list item by its list, the first of two), the rest above the actions', () => {
    expect(
      refusalOf(
        apiRefusal('targeting.platforms.1: unknown platform; brand: taken; brand: too long; budget: odd; odd too', 400),
      ),
    ).toEqual({
      errors: {
        platforms: { id: 'server', text: 'Unknown platform.' },
        brand: { id: 'server', text: 'Taken.' },
      },
      error: { id: 'server', text: 'brand: too long; budget: odd; odd too' },
    });
  });
  it.each([
    ['brand', 'brand'],
    ['title', 'title'],
    ['description', 'description'],
    ['payCents', 'pay'],
    ['spots', 'spots'],
    ['targeting.platforms', 'platforms'],
    ['targeting.languages.0', 'languages'],
    ['targeting.countries.12', 'countries'],
    ['targeting.categories', 'categories'],
    ['targeting.minAvgViewers', 'minAvgViewers'],
    ['deliverable.minutes', 'minutes'],
    ['deliverable.startsOn', 'startsOn'],
    ['deliverable.endsOn', 'endsOn'],
    ['deliverable.disclosure', 'disclosure'],
    ['deliverable.overlay', 'deliverables'],
    ['deliverable.link', 'linkUrl'],
    ['deliverable.link.url', 'linkUrl'],
    ['deliverable.link.clicks', 'linkClicks'],
    ['deliverable.chat', 'chatMessage'],
    ['deliverable.chat.message', 'chatMessage'],
    ['deliverable.chat.everyMinutes', 'chatEvery'],
    ['deliverable.chat.command', 'chatCommand'],
    ['deliverable.chat.posts', 'chatPosts'],
    ['deliverable.promo', 'promoRedemptions'],
    ['deliverable.promo.redemptions', 'promoRedemptions'],
    ['perClickCents', 'perClick'],
  ])('the server’s %s shows at %s', (path, field) => {
    expect(refusalOf(apiRefusal(`${path}: not accepted`, 400))).toEqual({
      errors: { [field]: { id: 'server', text: 'Not accepted.' } },
      error: null,
    });
  });
  it('a part names a field only from its start, and on one line', () => {
    expect(refusalOf(apiRefusal('see brand: taken', 400))).toEqual({
      errors: {},
      error: { id: 'server', text: 'see brand: taken' },
    });
    expect(refusalOf(apiRefusal('brand: taken\nby another', 400)).errors).toEqual({});
  });
  it('anything but a 400 is shown whole above the actions, a rejection without an error too', () => {
    expect(refusalOf(null).errors).toEqual({});
    expect(refusalOf(null).error).toMatchObject({ id: 'server' });
    expect(refusalOf(new Error('Failed to fetch'))).toEqual({
      errors: {},
      error: { id: 'server', text: 'Failed to fetch' },
    });
    expect(refusalOf(apiRefusal('brand: taken', 409))).toEqual({
      errors: {},
      error: { id: 'server', text: 'brand: taken' },
    });
  });
});

function start(campaignId: string | null = null) {
  const loadCampaign = controlled<Campaign, { id: string }>();
  const saveCampaign = controlled<Campaign, { id: string | null; input: CampaignInput }>();
  const uploadCampaignImage = controlled<Campaign, { id: string; file: File }>();
  const revoked: (string | null)[] = [];
  const opened: string[] = [];
  const events = receivedEvents();
  const actor = createActor(
    campaignEditorMachine.provide({
      actors: {
        loadCampaign: loadCampaign.logic,
        saveCampaign: saveCampaign.logic,
        uploadCampaignImage: uploadCampaignImage.logic,
      },
      actions: {
        revokePreview: (_, { url }) => revoked.push(url),
        openCampaign: (_, { id }) => opened.push(id),
      },
    }),
    { input: { campaignId }, inspect: events.inspect },
  );
  actor.start();
  return {
    actor,
    loadCampaign,
    saveCampaign,
    uploadCampaignImage,
    revoked,
    opened,
    received: events.received,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    status: () => actor.getSnapshot().status,
  };
}

type Flow = ReturnType<typeof start>;

/** Types a draft into the form, field by field, as a person would. */
function fill(flow: Flow, draft: CampaignDraft = valid) {
  const fields = ['brand', 'title', 'pay', 'minutes', 'startsOn', 'endsOn', 'disclosure'] as const;
  for (const field of fields) flow.actor.send({ type: 'field.change', field, value: draft[field] });
  for (const platform of draft.platforms)
    flow.actor.send({ type: 'choice.toggle', field: 'platforms', value: platform });
  for (const language of draft.languages)
    flow.actor.send({ type: 'choice.toggle', field: 'languages', value: language });
}

const png = (name = 'creative.png') => new File(['png'], name, { type: 'image/png' });
const stored: Campaign = { ...sampleCampaign, id: 'cmp_new' };

async function saving(withImage = false) {
  const flow = start();
  fill(flow);
  if (withImage) flow.actor.send({ type: 'image.select', file: png(), previewUrl: 'blob:creative' });
  flow.actor.send({ type: 'form.submit' });
  expect(flow.value()).toBe('saving');
  return flow;
}

describe('campaignEditor transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(campaignEditorMachine);

  pin(
    { from: 'campaignEditor.start', on: 'always', guard: 'hasId', to: 'campaignEditor.loading' },
    'editing a stored campaign reads it first, by its id',
    () => {
      const flow = start('cmp_1');
      expect(flow.value()).toBe('loading');
      expect(flow.loadCampaign.inputs).toEqual([{ id: 'cmp_1' }]);
      expect(flow.actor.getSnapshot().hasTag('busy')).toBe(true);
    },
  );

  pin(
    { from: 'campaignEditor.start', on: 'always', to: 'campaignEditor.editing' },
    'a new campaign opens the empty form without reading anything',
    () => {
      const flow = start();
      expect(flow.value()).toBe('editing');
      // The empty form by value: one spot, a post every 30 minutes, the overlay asked for with disclosure required,
      // matching on, a flat fee.
      expect(flow.context()).toEqual({
        campaignId: null,
        campaign: null,
        draft: {
          brand: '',
          title: '',
          description: '',
          pay: '',
          spots: '1',
          categories: '',
          minAvgViewers: '',
          minutes: '',
          startsOn: '',
          endsOn: '',
          disclosure: '',
          requiresDisclosure: true,
          platforms: [],
          languages: [],
          countries: [],
          linkUrl: '',
          linkClicks: '',
          chatMessage: '',
          chatEvery: '30',
          chatCommand: '',
          chatPosts: '',
          promoRedemptions: '',
          perClick: '',
          asks: { overlay: true, link: false, chat: false, promo: false },
          autoMatch: true,
          payMode: 'flat',
        },
        errors: {},
        image: null,
        error: null,
      });
      expect(flow.loadCampaign.started).toBe(0);
      expect(flow.actor.getSnapshot().hasTag('busy')).toBe(false);
    },
  );

  pin(
    { from: 'campaignEditor.loading', on: 'xstate.done.actor.loadCampaign', to: 'campaignEditor.loaded' },
    'the stored campaign fills the form',
    async () => {
      const flow = start('cmp_1');
      await flow.loadCampaign.resolve(sampleCampaign);
      expect(flow.received).toContain('xstate.done.actor.loadCampaign');
      expect(flow.context()).toMatchObject({ campaign: sampleCampaign, draft: draftOf(sampleCampaign), error: null });
    },
  );

  pin(
    { from: 'campaignEditor.loading', on: 'xstate.error.actor.loadCampaign', to: 'campaignEditor.failed' },
    'a campaign that cannot be read says why',
    async () => {
      const flow = start('cmp_1');
      await flow.loadCampaign.reject(apiRefusal('Campaign not found', 404));
      expect(flow.received).toContain('xstate.error.actor.loadCampaign');
      expect(flow.value()).toBe('failed');
      expect(flow.context().error).toEqual({ id: 'server', text: 'Campaign not found' });
    },
  );

  pin(
    { from: 'campaignEditor.failed', on: 'form.retry', to: 'campaignEditor.loading' },
    'Retry reads the campaign again, and a read that succeeds clears the error',
    async () => {
      const flow = start('cmp_1');
      await flow.loadCampaign.reject(new Error('Failed to fetch'));
      flow.actor.send({ type: 'form.retry' });
      expect(flow.value()).toBe('loading');
      expect(flow.loadCampaign.inputs).toEqual([{ id: 'cmp_1' }, { id: 'cmp_1' }]);
      await flow.loadCampaign.resolve(sampleCampaign);
      expect(flow.value()).toBe('editing');
      expect(flow.context().error).toBeNull();
    },
  );

  pin(
    { from: 'campaignEditor.loaded', on: 'always', guard: 'isDraft', to: 'campaignEditor.editing' },
    'a draft can be edited',
    async () => {
      const flow = start('cmp_1');
      await flow.loadCampaign.resolve(sampleCampaign);
      expect(flow.value()).toBe('editing');
    },
  );

  pin(
    { from: 'campaignEditor.loaded', on: 'always', to: 'campaignEditor.locked' },
    'a campaign that is no longer a draft is locked, and takes no edit',
    async () => {
      const flow = start('cmp_1');
      await flow.loadCampaign.resolve({ ...sampleCampaign, status: 'active' });
      expect(flow.value()).toBe('locked');
      flow.actor.send({ type: 'field.change', field: 'title', value: 'Changed' });
      flow.actor.send({ type: 'form.submit' });
      expect(flow.value()).toBe('locked');
      expect(flow.context().draft.title).toBe(sampleCampaign.title);
      expect(flow.saveCampaign.started).toBe(0);
    },
  );

  pin(
    { from: 'campaignEditor.editing', on: 'field.change', to: null },
    'a field keeps what is typed; its check shows only after a Save, then follows the field',
    () => {
      const flow = start();
      flow.actor.send({ type: 'field.change', field: 'pay', value: '0' });
      expect(flow.context().draft.pay).toBe('0');
      expect(flow.context().errors).toEqual({});
      flow.actor.send({ type: 'form.submit' });
      expect(flow.context().errors.pay).toEqual({ id: 'payMin', minCents: 100 });
      flow.actor.send({ type: 'field.change', field: 'pay', value: '250' });
      expect(flow.context().errors.pay).toBeUndefined();
      expect(flow.context().errors.brand).toEqual(REQUIRED);
      flow.actor.send({ type: 'field.change', field: 'title', value: ' ' });
      expect(flow.context().errors.title).toEqual(REQUIRED);
      // Once everything shown is corrected, nothing is shown until the next Save.
      fill(flow);
      expect(flow.context().errors).toEqual({});
      flow.actor.send({ type: 'field.change', field: 'brand', value: '' });
      expect(flow.context().errors).toEqual({});
    },
  );

  pin(
    { from: 'campaignEditor.editing', on: 'choice.toggle', to: null },
    'a platform or language toggles on and off, each list on its own',
    () => {
      const flow = start();
      flow.actor.send({ type: 'choice.toggle', field: 'platforms', value: 'YouTube' });
      flow.actor.send({ type: 'choice.toggle', field: 'platforms', value: 'Twitch' });
      flow.actor.send({ type: 'choice.toggle', field: 'languages', value: 'Spanish' });
      expect(flow.context().draft).toMatchObject({ platforms: ['YouTube', 'Twitch'], languages: ['Spanish'] });
      flow.actor.send({ type: 'choice.toggle', field: 'platforms', value: 'YouTube' });
      flow.actor.send({ type: 'choice.toggle', field: 'languages', value: 'Spanish' });
      expect(flow.context().draft).toMatchObject({ platforms: ['Twitch'], languages: [] });
    },
  );

  pin(
    { from: 'campaignEditor.editing', on: 'disclosure.require', to: null },
    'Require disclosure (#ad) keeps the choice made',
    () => {
      const flow = start();
      flow.actor.send({ type: 'disclosure.require', required: false });
      expect(flow.context().draft.requiresDisclosure).toBe(false);
      flow.actor.send({ type: 'disclosure.require', required: true });
      expect(flow.context().draft.requiresDisclosure).toBe(true);
    },
  );

  pin({ from: 'campaignEditor.editing', on: 'matching.set', to: null }, 'matching keeps the choice made', () => {
    const flow = start();
    flow.actor.send({ type: 'matching.set', on: false });
    expect(flow.context().draft.autoMatch).toBe(false);
    flow.actor.send({ type: 'matching.set', on: true });
    expect(flow.context().draft.autoMatch).toBe(true);
  });

  pin(
    { from: 'campaignEditor.editing', on: 'deliverable.toggle', to: null },
    'a deliverable switched on or off changes only that one, and the checks shown follow it',
    () => {
      const flow = start();
      fill(flow);
      flow.actor.send({ type: 'deliverable.toggle', kind: 'link', on: true });
      expect(flow.context().draft.asks).toEqual({ overlay: true, link: true, chat: false, promo: false });
      expect(flow.context().errors).toEqual({});
      flow.actor.send({ type: 'form.submit' });
      expect(Object.keys(flow.context().errors).sort()).toEqual(['linkClicks', 'linkUrl']);
      flow.actor.send({ type: 'deliverable.toggle', kind: 'link', on: false });
      expect(flow.context().draft.asks).toEqual({ overlay: true, link: false, chat: false, promo: false });
      expect(flow.context().errors).toEqual({});
    },
  );

  pin(
    { from: 'campaignEditor.editing', on: 'pay.mode', to: null },
    'pay per click is kept, and the checks shown follow it',
    () => {
      const flow = start();
      fill(flow);
      flow.actor.send({ type: 'form.submit' });
      expect(flow.value()).toBe('saving');
      const again = start();
      fill(again);
      again.actor.send({ type: 'field.change', field: 'brand', value: '' });
      again.actor.send({ type: 'form.submit' });
      again.actor.send({ type: 'pay.mode', mode: 'perClick' });
      expect(again.context().draft.payMode).toBe('perClick');
      expect(again.context().errors).toEqual({
        brand: REQUIRED,
        payMode: { id: 'perClickNeedsLink' },
        perClick: REQUIRED,
      });
      again.actor.send({ type: 'pay.mode', mode: 'flat' });
      expect(again.context().errors).toEqual({ brand: REQUIRED });
    },
  );

  pin(
    { from: 'campaignEditor.editing', on: 'country.add', to: null },
    'a country is added once, in the order chosen',
    () => {
      const flow = start();
      flow.actor.send({ type: 'country.add', country: 'Mexico' });
      flow.actor.send({ type: 'country.add', country: 'Chile' });
      flow.actor.send({ type: 'country.add', country: 'Mexico' });
      expect(flow.context().draft.countries).toEqual(['Mexico', 'Chile']);
    },
  );

  pin({ from: 'campaignEditor.editing', on: 'country.remove', to: null }, 'a country removed leaves the others', () => {
    const flow = start();
    flow.actor.send({ type: 'country.add', country: 'Mexico' });
    flow.actor.send({ type: 'country.add', country: 'Chile' });
    flow.actor.send({ type: 'country.remove', country: 'Mexico' });
    expect(flow.context().draft.countries).toEqual(['Chile']);
  });

  pin(
    { from: 'campaignEditor.editing', on: 'image.select', guard: 'isImage', to: null },
    'an image is kept with its preview; the one it replaces is freed, and an image error clears',
    () => {
      const flow = start();
      const first = png('first.png');
      flow.actor.send({ type: 'image.select', file: first, previewUrl: 'blob:first' });
      expect(flow.context().image).toEqual({ file: first, previewUrl: 'blob:first' });
      expect(flow.revoked).toEqual([null]);
      flow.actor.send({
        type: 'image.select',
        file: new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }),
        previewUrl: 'blob:pdf',
      });
      expect(flow.context().errors).toEqual({ image: { id: 'image' } });
      const second = png('second.png');
      flow.actor.send({ type: 'image.select', file: second, previewUrl: 'blob:second' });
      expect(flow.context().image).toEqual({ file: second, previewUrl: 'blob:second' });
      expect(flow.context().errors).toEqual({});
      expect(flow.revoked).toEqual([null, 'blob:pdf', 'blob:first']);
    },
  );

  pin(
    { from: 'campaignEditor.editing', on: 'image.select', to: null },
    'a file that is not an image is refused and its preview freed; the image picked before stays, the fields’ checks too',
    () => {
      const flow = start();
      flow.actor.send({ type: 'form.submit' });
      const shown = flow.context().errors;
      flow.actor.send({ type: 'image.select', file: png(), previewUrl: 'blob:creative' });
      flow.actor.send({
        type: 'image.select',
        file: new File(['x'], 'notes.txt', { type: 'text/plain' }),
        previewUrl: 'blob:txt',
      });
      expect(flow.context().image?.previewUrl).toBe('blob:creative');
      expect(flow.context().errors).toEqual({ ...shown, image: { id: 'image' } });
      expect(flow.revoked).toEqual([null, 'blob:txt']);
      // A file without a type is not an image either.
      flow.actor.send({ type: 'image.select', file: { name: 'x' } as File, previewUrl: 'blob:x' });
      expect(flow.context().image?.previewUrl).toBe('blob:creative');
      expect(flow.revoked.at(-1)).toBe('blob:x');
    },
  );

  pin(
    { from: 'campaignEditor.editing', on: 'form.submit', guard: 'isComplete', to: 'campaignEditor.saving' },
    'a complete draft is sent as the input, new campaigns without an id; what was shown clears',
    async () => {
      const flow = start();
      fill(flow);
      flow.actor.send({ type: 'form.submit' });
      await flow.saveCampaign.reject(apiRefusal('Too many campaigns', 429));
      expect(flow.context().error).toEqual({ id: 'server', text: 'Too many campaigns' });
      flow.actor.send({ type: 'form.submit' });
      expect(flow.value()).toBe('saving');
      expect(flow.context()).toMatchObject({ errors: {}, error: null });
      // The input by value (toCampaignInput is the code under test): pay in cents, numbers as numbers, the overlay alone.
      expect(flow.saveCampaign.inputs.at(-1)).toEqual({
        id: null,
        input: {
          brand: 'Nova Energy',
          title: 'Power your late-night streams',
          description: '',
          payCents: 25_000,
          spots: 1,
          targeting: {
            platforms: ['Twitch'],
            languages: ['English'],
            countries: [],
            categories: [],
            minAvgViewers: null,
          },
          deliverable: {
            minutes: 120,
            startsOn: '2026-12-01',
            endsOn: '2026-12-31',
            disclosure: 'Sponsored by Nova Energy',
            requiresDisclosure: true,
            overlay: true,
            link: null,
            chat: null,
            promo: null,
          },
          perClickCents: null,
          autoMatch: true,
        },
      });
      expect(flow.actor.getSnapshot().hasTag('busy')).toBe(true);
    },
  );

  pin(
    { from: 'campaignEditor.editing', on: 'form.submit', to: null },
    'an incomplete draft shows every check and sends nothing',
    () => {
      const flow = start();
      flow.actor.send({ type: 'form.submit' });
      expect(flow.value()).toBe('editing');
      // Every check by value (campaignErrors is the code under test): the seven required fields, nothing else.
      expect(flow.context().errors).toEqual({
        brand: REQUIRED,
        title: REQUIRED,
        disclosure: REQUIRED,
        pay: REQUIRED,
        minutes: REQUIRED,
        startsOn: REQUIRED,
        endsOn: REQUIRED,
      });
      expect(flow.saveCampaign.started).toBe(0);
    },
  );

  pin(
    { from: 'campaignEditor.saving', on: 'xstate.done.actor.saveCampaign', to: 'campaignEditor.stored' },
    'the stored draft keeps its id for the next save',
    async () => {
      const flow = await saving(true);
      await flow.saveCampaign.resolve(stored);
      expect(flow.received).toContain('xstate.done.actor.saveCampaign');
      expect(flow.context()).toMatchObject({ campaign: stored, campaignId: 'cmp_new' });
    },
  );

  pin(
    { from: 'campaignEditor.saving', on: 'xstate.error.actor.saveCampaign', to: 'campaignEditor.editing' },
    'a 400 shows at its fields and the draft stays as typed',
    async () => {
      const flow = await saving();
      await flow.saveCampaign.reject(apiRefusal('title: already used; slow down', 400));
      expect(flow.received).toContain('xstate.error.actor.saveCampaign');
      expect(flow.value()).toBe('editing');
      expect(flow.context()).toMatchObject({
        draft: { ...emptyDraft, ...valid },
        errors: { title: { id: 'server', text: 'Already used.' } },
        error: { id: 'server', text: 'slow down' },
      });
    },
  );

  pin(
    { from: 'campaignEditor.stored', on: 'always', guard: 'hasImage', to: 'campaignEditor.uploading' },
    'a picked image goes up with the stored campaign’s id',
    async () => {
      const flow = await saving(true);
      await flow.saveCampaign.resolve(stored);
      expect(flow.value()).toBe('uploading');
      expect(flow.uploadCampaignImage.inputs).toEqual([{ id: 'cmp_new', file: flow.context().image!.file }]);
      expect(flow.actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(flow.opened).toEqual([]);
    },
  );

  pin(
    { from: 'campaignEditor.stored', on: 'always', to: 'campaignEditor.done' },
    'without an image the stored campaign’s page opens',
    async () => {
      const flow = await saving();
      await flow.saveCampaign.resolve(stored);
      expect(flow.status()).toBe('done');
      expect(flow.opened).toEqual(['cmp_new']);
      expect(flow.uploadCampaignImage.started).toBe(0);
    },
  );

  pin(
    { from: 'campaignEditor.uploading', on: 'xstate.done.actor.uploadCampaignImage', to: 'campaignEditor.done' },
    'the creative is stored: its preview is freed and the campaign’s page opens',
    async () => {
      const flow = await saving(true);
      await flow.saveCampaign.resolve(stored);
      const withImage = { ...stored, image: '/uploads/creative.png' };
      await flow.uploadCampaignImage.resolve(withImage);
      expect(flow.received).toContain('xstate.done.actor.uploadCampaignImage');
      expect(flow.status()).toBe('done');
      expect(flow.context()).toMatchObject({ campaign: withImage, image: null });
      expect(flow.revoked).toEqual([null, 'blob:creative']);
      expect(flow.opened).toEqual(['cmp_new']);
    },
  );

  pin(
    { from: 'campaignEditor.uploading', on: 'xstate.error.actor.uploadCampaignImage', to: 'campaignEditor.editing' },
    'a refused image says why; the draft is kept with its id, the preview stays, and Save sends it again',
    async () => {
      const flow = await saving(true);
      await flow.saveCampaign.resolve(stored);
      await flow.uploadCampaignImage.reject(apiRefusal('The file is not an image', 400));
      expect(flow.received).toContain('xstate.error.actor.uploadCampaignImage');
      expect(flow.value()).toBe('editing');
      expect(flow.context()).toMatchObject({
        campaignId: 'cmp_new',
        image: { previewUrl: 'blob:creative' },
        error: { id: 'imageRefused', reason: 'The file is not an image' },
      });
      expect(flow.revoked).toEqual([null]);
      flow.actor.send({ type: 'form.submit' });
      expect(flow.saveCampaign.inputs.at(-1)?.id).toBe('cmp_new');
      await flow.saveCampaign.resolve(stored);
      expect(flow.uploadCampaignImage.started).toBe(2);
    },
  );

  pinsEveryTransition();
});

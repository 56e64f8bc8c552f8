// The campaign editor (docs/product.md §Marketplace "Advertiser workspace", docs/product.md "Campaign"): create a draft or edit one while it
// is a draft; every field checked here as the server's schema does; pay entered in dollars and sent in integer
// cents; a creative image chosen with a local preview and uploaded (like profile photos) once the draft is stored.
import { assign, setup } from 'xstate';
import type { Campaign, CampaignInput } from '@/contract';
import { botLine, CHAT_COMMAND_PATTERN, DELIVERABLE_LIMITS as D, type DeliverableKind } from '@/contract/deliverables';
import {
  CAMPAIGN_LANGUAGES,
  MARKETPLACE_LIMITS as L,
  PLATFORMS,
  type CampaignLanguage,
  type Platform,
} from '@/contract/marketplace';
import { centsToDollars, dollarsToCents, isDay, wholeNumber } from './checks';
import { effect, service } from '../placeholders';
import { errorText } from '../messages';

/** The form's text fields (numbers and dates are typed as text and checked here). */
export const campaignTextFields = [
  'brand',
  'title',
  'description',
  'pay',
  'spots',
  'categories',
  'minAvgViewers',
  'minutes',
  'startsOn',
  'endsOn',
  'disclosure',
  // Deliverables beyond the overlay (docs/product.md §Deliverables).
  'linkUrl',
  'linkClicks',
  'chatMessage',
  'chatEvery',
  'chatCommand',
  'chatPosts',
  'promoRedemptions',
  /** Pay per click in dollars (with `pay` then the cap per creator). */
  'perClick',
] as const;
export type CampaignTextField = (typeof campaignTextFields)[number];
export type CampaignChoiceField = 'platforms' | 'languages';
/** `deliverables`: none asked for; `payMode`: pay per click without a tracked link. */
export type CampaignField =
  CampaignTextField | CampaignChoiceField | 'countries' | 'image' | 'deliverables' | 'payMode';
/** A flat fee once every deliverable is met, or pay per counted click up to a cap (contract `perClickCents`). */
export type PayMode = 'flat' | 'perClick';

export type CampaignDraft = Record<CampaignTextField, string> & {
  /** Minutes count only while the stream is disclosed as sponsored on the platform (on unless switched off). */
  requiresDisclosure: boolean;
  platforms: Platform[];
  languages: CampaignLanguage[];
  /** Names from contract/countries.ts; empty: every country. */
  countries: string[];
  /** Which deliverables the campaign asks for; the overlay's on by default, as the contract's. */
  asks: Record<DeliverableKind, boolean>;
  payMode: PayMode;
  /** Matching offers the campaign to creators (on by default); off: only the brand's invitations (issue 48 item 6). */
  autoMatch: boolean;
};
/**
 * What is wrong with a field, as an id and the values its text reads (docs/architecture.md §Languages: the view words it,
 * src/marketplace/campaignEditorWords.ts); `server`: a part of the server's 400 that names the field, its words as they
 * came.
 */
export type CampaignProblem =
  | { id: 'required' }
  | { id: 'tooLong'; max: number }
  | { id: 'payFormat' }
  | { id: 'payMin'; minCents: number }
  | { id: 'payMax'; maxCents: number }
  | { id: 'spots'; max: number }
  | { id: 'minutes'; max: number }
  | { id: 'viewers'; max: number }
  | { id: 'day' }
  | { id: 'endsBeforeStart' }
  | { id: 'keywords'; max: number }
  | { id: 'keyword'; max: number }
  | { id: 'image' }
  | { id: 'deliverables' }
  | { id: 'perClickNeedsLink' }
  | { id: 'linkUrl' }
  | { id: 'linkClicks'; max: number }
  | { id: 'chatEvery'; min: number; max: number }
  | { id: 'chatCommand'; max: number }
  | { id: 'chatPosts'; max: number }
  | { id: 'promoRedemptions'; max: number }
  | { id: 'perClickFormat' }
  | { id: 'perClickRange'; minCents: number; maxCents: number }
  | { id: 'server'; text: string };
export type CampaignErrors = Partial<Record<CampaignField, CampaignProblem>>;
/** What went wrong beyond the fields: the server's words as they came, or the image refused once the draft was saved. */
export type CampaignEditorError = { id: 'server'; text: string } | { id: 'imageRefused'; reason: string };

export const MAX_VIEWERS = 10_000_000;
/** The checks' problems with the limits they quote (a field's text length is `tooLong(max)`). */
export const problemsFor = {
  required: { id: 'required' },
  pay: { id: 'payFormat' },
  payMin: { id: 'payMin', minCents: L.minPayCents },
  payMax: { id: 'payMax', maxCents: L.maxPayCents },
  spots: { id: 'spots', max: L.maxSpots },
  minutes: { id: 'minutes', max: L.maxDeliverableMinutes },
  viewers: { id: 'viewers', max: MAX_VIEWERS },
  day: { id: 'day' },
  endsBeforeStart: { id: 'endsBeforeStart' },
  keywords: { id: 'keywords', max: L.keywords },
  keyword: { id: 'keyword', max: L.keyword },
  image: { id: 'image' },
  deliverables: { id: 'deliverables' },
  perClickNeedsLink: { id: 'perClickNeedsLink' },
  linkUrl: { id: 'linkUrl' },
  linkClicks: { id: 'linkClicks', max: D.maxClicks },
  chatEvery: { id: 'chatEvery', min: D.minEveryMinutes, max: D.maxEveryMinutes },
  chatCommand: { id: 'chatCommand', max: 25 },
  chatPosts: { id: 'chatPosts', max: D.maxPosts },
  promoRedemptions: { id: 'promoRedemptions', max: D.maxRedemptions },
  perClick: { id: 'perClickFormat' },
  perClickRange: { id: 'perClickRange', minCents: D.minPerClickCents, maxCents: D.maxPerClickCents },
} as const satisfies Record<string, CampaignProblem>;
const REQUIRED = problemsFor.required;
const tooLong = (max: number): CampaignProblem => ({ id: 'tooLong', max });

/** Where the bot's preview shows each creator's own tracked link. */
export const PREVIEW_LINK = 'https://castbridge.example/l/Ab3dEf7h';

export const emptyDraft: CampaignDraft = {
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
};

/** "Gaming, Speedruns" → ["Gaming", "Speedruns"]: trimmed, empty ones dropped, repeats (any case) once. */
export function keywordsOf(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '' && !seen.has(word.toLowerCase()) && seen.add(word.toLowerCase()));
}

/** The per-field checks, mirroring contract/schemas/marketplace.ts `campaignInput`. */
export function campaignErrors(draft: CampaignDraft): CampaignErrors {
  const errors: CampaignErrors = {};
  const text: Array<[CampaignTextField, number, boolean]> = [
    ['brand', L.brand, true],
    ['title', L.title, true],
    ['description', L.description, false],
    // The overlay shows the disclosure: required with it, neither asked for nor sent without it (issue 48 item 4).
    ...(draft.asks.overlay
      ? ([['disclosure', L.disclosure, true]] as Array<[CampaignTextField, number, boolean]>)
      : []),
  ];
  for (const [field, max, required] of text) {
    const value = draft[field].trim();
    if (required && value === '') errors[field] = REQUIRED;
    else if (value.length > max) errors[field] = tooLong(max);
  }

  const cents = dollarsToCents(draft.pay);
  if (draft.pay.trim() === '') errors.pay = REQUIRED;
  else if (cents === null) errors.pay = problemsFor.pay;
  else if (cents < L.minPayCents) errors.pay = problemsFor.payMin;
  else if (cents > L.maxPayCents) errors.pay = problemsFor.payMax;

  // Whole numbers: field, smallest, largest, required, the problem when out of range.
  const numbers: Array<[CampaignTextField, number, number, boolean, CampaignProblem]> = [
    ['spots', 1, L.maxSpots, true, problemsFor.spots],
    // Without the overlay the minutes are not asked for (and not checked).
    ...(draft.asks.overlay
      ? ([['minutes', 1, L.maxDeliverableMinutes, true, problemsFor.minutes]] as Array<
          [CampaignTextField, number, number, boolean, CampaignProblem]
        >)
      : []),
    ['minAvgViewers', 0, MAX_VIEWERS, false, problemsFor.viewers],
  ];
  for (const [field, min, max, required, problem] of numbers) {
    const number = wholeNumber(draft[field]);
    if (draft[field].trim() === '') {
      if (required) errors[field] = REQUIRED;
    } else if (number === null || number < min || number > max) errors[field] = problem;
  }

  const keywords = keywordsOf(draft.categories);
  if (keywords.length > L.keywords) errors.categories = problemsFor.keywords;
  else if (keywords.some((word) => word.length > L.keyword)) errors.categories = problemsFor.keyword;

  for (const field of ['startsOn', 'endsOn'] as const) {
    if (draft[field] === '') errors[field] = REQUIRED;
    else if (!isDay(draft[field])) errors[field] = problemsFor.day;
  }
  if (!errors.startsOn && !errors.endsOn && draft.endsOn < draft.startsOn) errors.endsOn = problemsFor.endsBeforeStart;
  Object.assign(errors, deliverableErrors(draft));
  return errors;
}

/** A web address the tracked link may send to, as contract/schemas/deliverables.ts `linkDeliverable.url` checks it. */
function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The chat command as sent: lower case, without the "!" a brand may type in front of it. */
export const commandOf = (text: string) => text.trim().replace(/^!/, '').toLowerCase();

/** The deliverables' checks: each asked one's fields, and the rules of contract `deliverablesProblem()`. */
function deliverableErrors(draft: CampaignDraft): CampaignErrors {
  const errors: CampaignErrors = {};
  const { asks } = draft;
  const perClick = draft.payMode === 'perClick';
  if (!asks.overlay && !asks.link && !asks.chat && !asks.promo) errors.deliverables = problemsFor.deliverables;
  if (perClick && !asks.link) errors.payMode = problemsFor.perClickNeedsLink;
  const count = (field: CampaignTextField, min: number, max: number, problem: CampaignProblem) => {
    const number = wholeNumber(draft[field]);
    if (draft[field].trim() === '') errors[field] = REQUIRED;
    else if (number === null || number < min || number > max) errors[field] = problem;
  };
  if (asks.link) {
    const url = draft.linkUrl.trim();
    if (url === '') errors.linkUrl = REQUIRED;
    else if (url.length > D.linkUrl) errors.linkUrl = tooLong(D.linkUrl);
    else if (!isWebAddress(url)) errors.linkUrl = problemsFor.linkUrl;
    // With a flat fee the clicks are the target; per click the cap ends it.
    if (!perClick) count('linkClicks', 1, D.maxClicks, problemsFor.linkClicks);
  }
  if (asks.chat) {
    const message = draft.chatMessage.trim();
    if (message === '') errors.chatMessage = REQUIRED;
    else if (message.length > D.chatMessage) errors.chatMessage = tooLong(D.chatMessage);
    count('chatEvery', D.minEveryMinutes, D.maxEveryMinutes, problemsFor.chatEvery);
    const command = commandOf(draft.chatCommand);
    if (command !== '' && !CHAT_COMMAND_PATTERN.test(command)) errors.chatCommand = problemsFor.chatCommand;
    count('chatPosts', 1, D.maxPosts, problemsFor.chatPosts);
  }
  if (asks.promo) count('promoRedemptions', 1, D.maxRedemptions, problemsFor.promoRedemptions);
  if (perClick) {
    const cents = dollarsToCents(draft.perClick);
    if (draft.perClick.trim() === '') errors.perClick = REQUIRED;
    else if (cents === null) errors.perClick = problemsFor.perClick;
    else if (cents < D.minPerClickCents || cents > D.maxPerClickCents) errors.perClick = problemsFor.perClickRange;
  }
  return errors;
}

/** The line the bot would post, with an example link standing for each creator's own (when a link is asked for). */
export const chatPreview = (draft: CampaignDraft) => botLine(draft.chatMessage, draft.asks.link ? PREVIEW_LINK : null);

/** The server's 400 names fields by their path in the request ("deliverable.link.url: must be …"). */
const SERVER_FIELDS: Record<string, CampaignField> = {
  brand: 'brand',
  title: 'title',
  description: 'description',
  payCents: 'pay',
  spots: 'spots',
  'targeting.platforms': 'platforms',
  'targeting.languages': 'languages',
  'targeting.countries': 'countries',
  'targeting.categories': 'categories',
  'targeting.minAvgViewers': 'minAvgViewers',
  'deliverable.minutes': 'minutes',
  'deliverable.startsOn': 'startsOn',
  'deliverable.endsOn': 'endsOn',
  'deliverable.disclosure': 'disclosure',
  'deliverable.overlay': 'deliverables',
  'deliverable.link': 'linkUrl',
  'deliverable.link.url': 'linkUrl',
  'deliverable.link.clicks': 'linkClicks',
  'deliverable.chat': 'chatMessage',
  'deliverable.chat.message': 'chatMessage',
  'deliverable.chat.everyMinutes': 'chatEvery',
  'deliverable.chat.command': 'chatCommand',
  'deliverable.chat.posts': 'chatPosts',
  'deliverable.promo': 'promoRedemptions',
  'deliverable.promo.redemptions': 'promoRedemptions',
  perClickCents: 'perClick',
};

/**
 * A refused save: a 400's parts that name a field show at that field (server/http/errors.ts `describeIssues` joins
 * them with "; "), the rest above the actions.
 */
export function refusalOf(error: unknown): { errors: CampaignErrors; error: CampaignEditorError | null } {
  const text = errorText(error);
  if ((error as { status?: unknown } | null)?.status !== 400) return { errors: {}, error: { id: 'server', text } };
  const errors: CampaignErrors = {};
  const rest: string[] = [];
  for (const part of text.split('; ')) {
    const match = /^([\w.]+): (.+)$/.exec(part);
    const field = match ? SERVER_FIELDS[match[1]!.replace(/\.\d+$/, '')] : undefined;
    if (match && field && !errors[field])
      errors[field] = { id: 'server', text: match[2]!.charAt(0).toUpperCase() + match[2]!.slice(1) + '.' };
    else rest.push(part);
  }
  return { errors, error: rest.length ? { id: 'server', text: rest.join('; ') } : null };
}

export const isValidCampaign = (draft: CampaignDraft) => Object.keys(campaignErrors(draft)).length === 0;

/** What is sent for a valid draft: trimmed text, pay in integer cents, numbers as numbers. */
export function toCampaignInput(draft: CampaignDraft): CampaignInput {
  const viewers = wholeNumber(draft.minAvgViewers);
  const perClick = draft.payMode === 'perClick';
  const minutes = wholeNumber(draft.minutes);
  const command = commandOf(draft.chatCommand);
  return {
    brand: draft.brand.trim(),
    title: draft.title.trim(),
    description: draft.description.trim(),
    payCents: dollarsToCents(draft.pay) ?? 0,
    spots: wholeNumber(draft.spots) ?? 0,
    targeting: {
      platforms: PLATFORMS.filter((platform) => draft.platforms.includes(platform)),
      languages: CAMPAIGN_LANGUAGES.filter((language) => draft.languages.includes(language)),
      countries: [...draft.countries],
      categories: keywordsOf(draft.categories),
      minAvgViewers: draft.minAvgViewers.trim() === '' ? null : viewers,
    },
    deliverable: {
      // Without the overlay the minutes are kept but not a condition; the schema still wants a whole number ≥ 1.
      minutes:
        draft.asks.overlay || (minutes !== null && minutes >= 1 && minutes <= L.maxDeliverableMinutes)
          ? (minutes ?? 0)
          : 1,
      startsOn: draft.startsOn,
      endsOn: draft.endsOn,
      disclosure: draft.asks.overlay ? draft.disclosure.trim() : '',
      requiresDisclosure: draft.requiresDisclosure,
      overlay: draft.asks.overlay,
      link: draft.asks.link
        ? { url: draft.linkUrl.trim(), clicks: perClick ? null : (wholeNumber(draft.linkClicks) ?? 0) }
        : null,
      chat: draft.asks.chat
        ? {
            message: draft.chatMessage.trim(),
            everyMinutes: wholeNumber(draft.chatEvery) ?? 0,
            command: command === '' ? null : command,
            posts: wholeNumber(draft.chatPosts) ?? 0,
          }
        : null,
      promo: draft.asks.promo ? { redemptions: wholeNumber(draft.promoRedemptions) ?? 0 } : null,
    },
    perClickCents: perClick ? (dollarsToCents(draft.perClick) ?? 0) : null,
    autoMatch: draft.autoMatch,
  };
}

export function draftOf(campaign: Campaign): CampaignDraft {
  const d = campaign.deliverable;
  return {
    brand: campaign.brand,
    title: campaign.title,
    description: campaign.description,
    pay: centsToDollars(campaign.payCents),
    spots: String(campaign.spots),
    categories: campaign.targeting.categories.join(', '),
    minAvgViewers: campaign.targeting.minAvgViewers === null ? '' : String(campaign.targeting.minAvgViewers),
    minutes: String(campaign.deliverable.minutes),
    startsOn: campaign.deliverable.startsOn,
    endsOn: campaign.deliverable.endsOn,
    disclosure: campaign.deliverable.disclosure,
    requiresDisclosure: campaign.deliverable.requiresDisclosure,
    platforms: [...campaign.targeting.platforms],
    languages: [...campaign.targeting.languages],
    countries: [...campaign.targeting.countries],
    linkUrl: d.link?.url ?? '',
    linkClicks: d.link?.clicks == null ? '' : String(d.link.clicks),
    chatMessage: d.chat?.message ?? '',
    chatEvery: String(d.chat?.everyMinutes ?? emptyDraft.chatEvery),
    chatCommand: d.chat?.command ?? '',
    chatPosts: d.chat ? String(d.chat.posts) : '',
    promoRedemptions: d.promo ? String(d.promo.redemptions) : '',
    perClick: campaign.perClickCents === null ? '' : centsToDollars(campaign.perClickCents),
    autoMatch: campaign.autoMatch,
    asks: { overlay: d.overlay, link: d.link !== null, chat: d.chat !== null, promo: d.promo !== null },
    payMode: campaign.perClickCents === null ? 'flat' : 'perClick',
  };
}

/** The field errors with the image's own (kept apart: the fields' checks do not know about it). */
function withImageError(errors: CampaignErrors, image: CampaignProblem | undefined): CampaignErrors {
  const { image: _previous, ...rest } = errors;
  return image ? { ...rest, image } : rest;
}

/** A changed draft, with the checks following it once they are shown. */
function rechecked(context: CampaignEditorContext, draft: CampaignDraft) {
  return {
    draft,
    errors: Object.keys(context.errors).length > 0 ? withImageError(campaignErrors(draft), context.errors.image) : {},
  };
}

const toggle = <T>(values: T[], value: T) =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];

export interface CampaignEditorContext {
  /** The campaign being edited; null until a new one is first stored. */
  campaignId: string | null;
  /** The stored campaign (its current image, its status). */
  campaign: Campaign | null;
  draft: CampaignDraft;
  errors: CampaignErrors;
  /** A picked image waiting to be uploaded, with its local preview (an object URL the view made). */
  image: { file: File; previewUrl: string } | null;
  /** The server's refusal, why the campaign could not be read, or the image refused after the draft was saved. */
  error: CampaignEditorError | null;
}

export type CampaignEditorEvent =
  | { type: 'field.change'; field: CampaignTextField; value: string }
  | { type: 'choice.toggle'; field: 'platforms'; value: Platform }
  | { type: 'choice.toggle'; field: 'languages'; value: CampaignLanguage }
  | { type: 'disclosure.require'; required: boolean }
  | { type: 'matching.set'; on: boolean }
  | { type: 'deliverable.toggle'; kind: DeliverableKind; on: boolean }
  | { type: 'pay.mode'; mode: PayMode }
  | { type: 'country.add'; country: string }
  | { type: 'country.remove'; country: string }
  | { type: 'image.select'; file: File; previewUrl: string }
  | { type: 'form.submit' }
  | { type: 'form.retry' };

export const campaignEditorMachine = setup({
  types: {
    context: {} as CampaignEditorContext,
    events: {} as CampaignEditorEvent,
    input: {} as { campaignId: string | null },
  },
  actors: {
    /** GET /api/campaigns/:id → the campaign. */
    loadCampaign: service<Campaign, { id: string }>('loadCampaign'),
    /** POST /api/campaigns (id null) or PATCH /api/campaigns/:id → the stored draft. */
    saveCampaign: service<Campaign, { id: string | null; input: CampaignInput }>('saveCampaign'),
    /** POST /api/campaigns/:id/image (multipart `image`) → the campaign with its creative. */
    uploadCampaignImage: service<Campaign, { id: string; file: File }>('uploadCampaignImage'),
  },
  actions: {
    /** Frees a preview object URL the view created. */
    revokePreview: effect<{ url: string | null }>('revokePreview'),
    /** Opens the stored campaign's page. */
    openCampaign: effect<{ id: string }>('openCampaign'),
  },
  guards: {
    hasId: ({ context }) => context.campaignId !== null,
    isDraft: ({ context }) => context.campaign?.status === 'draft',
    isComplete: ({ context }) => isValidCampaign(context.draft),
    hasImage: ({ context }) => context.image !== null,
    isImage: ({ event }) =>
      event.type === 'image.select' && typeof event.file?.type === 'string' && event.file.type.startsWith('image/'),
  },
}).createMachine({
  id: 'campaignEditor',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    campaign: null,
    draft: emptyDraft,
    errors: {},
    image: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasId', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCampaign',
        src: 'loadCampaign',
        input: ({ context }) => ({ id: context.campaignId ?? '' }),
        onDone: {
          target: 'loaded',
          actions: assign(({ event }) => ({ campaign: event.output, draft: draftOf(event.output), error: null })),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => ({ id: 'server', text: errorText(event.error) }) }),
        },
      },
    },
    failed: {
      on: { 'form.retry': 'loading' },
    },
    // Only drafts can be edited (the server answers 409 otherwise).
    loaded: {
      always: [{ guard: 'isDraft', target: 'editing' }, { target: 'locked' }],
    },
    locked: {},
    editing: {
      on: {
        'field.change': {
          // Once shown, the checks follow the fields as they are corrected.
          actions: assign(({ context, event }) => rechecked(context, { ...context.draft, [event.field]: event.value })),
        },
        'choice.toggle': {
          actions: assign({
            draft: ({ context, event }) =>
              event.field === 'platforms'
                ? { ...context.draft, platforms: toggle(context.draft.platforms, event.value) }
                : { ...context.draft, languages: toggle(context.draft.languages, event.value) },
          }),
        },
        'disclosure.require': {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, requiresDisclosure: event.required }),
          }),
        },
        'matching.set': {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, autoMatch: event.on }) }),
        },
        // Choices re-run the checks once they are shown, as the fields do.
        'deliverable.toggle': {
          actions: assign(({ context, event }) =>
            rechecked(context, { ...context.draft, asks: { ...context.draft.asks, [event.kind]: event.on } }),
          ),
        },
        'pay.mode': {
          actions: assign(({ context, event }) => rechecked(context, { ...context.draft, payMode: event.mode })),
        },
        'country.add': {
          actions: assign({
            draft: ({ context, event }) =>
              context.draft.countries.includes(event.country)
                ? context.draft
                : { ...context.draft, countries: [...context.draft.countries, event.country] },
          }),
        },
        'country.remove': {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              countries: context.draft.countries.filter((country) => country !== event.country),
            }),
          }),
        },
        'image.select': [
          {
            guard: 'isImage',
            actions: [
              { type: 'revokePreview', params: ({ context }) => ({ url: context.image?.previewUrl ?? null }) },
              assign(({ context, event }) => ({
                image: { file: event.file, previewUrl: event.previewUrl },
                errors: withImageError(context.errors, undefined),
              })),
            ],
          },
          // Image files only; the server sniffs the content and refuses anything else as well.
          {
            actions: [
              { type: 'revokePreview', params: ({ event }) => ({ url: event.previewUrl }) },
              assign({ errors: ({ context }) => withImageError(context.errors, problemsFor.image) }),
            ],
          },
        ],
        'form.submit': [
          { guard: 'isComplete', target: 'saving', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: ({ context }) => campaignErrors(context.draft) }) },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveCampaign',
        src: 'saveCampaign',
        input: ({ context }) => ({ id: context.campaignId, input: toCampaignInput(context.draft) }),
        onDone: {
          target: 'stored',
          actions: assign(({ event }) => ({ campaign: event.output, campaignId: event.output.id })),
        },
        // A 400 names the fields it refused: shown at them (the rest above the actions).
        onError: { target: 'editing', actions: assign(({ event }) => refusalOf(event.error)) },
      },
    },
    // The draft is stored; a picked image goes up next (it needs the campaign's id).
    stored: {
      always: [{ guard: 'hasImage', target: 'uploading' }, { target: 'done' }],
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadCampaignImage',
        src: 'uploadCampaignImage',
        input: ({ context }) => ({ id: context.campaignId ?? '', file: context.image!.file }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'revokePreview', params: ({ context }) => ({ url: context.image?.previewUrl ?? null }) },
            assign({ campaign: ({ event }) => event.output, image: null }),
          ],
        },
        // The draft is kept (the next save updates it); the preview stays, so the image can be sent again.
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => ({ id: 'imageRefused', reason: errorText(event.error) }),
          }),
        },
      },
    },
    done: {
      type: 'final',
      entry: { type: 'openCampaign', params: ({ context }) => ({ id: context.campaignId ?? '' }) },
    },
  },
});

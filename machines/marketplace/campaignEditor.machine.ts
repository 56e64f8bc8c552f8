// The campaign editor (docs/product.md §Marketplace "Advertiser workspace", docs/product.md "Campaign"): create a draft or edit one while it
// is a draft; every field checked here as the server's schema does; pay entered in dollars and sent in integer
// cents; a creative image chosen with a local preview and uploaded (like profile photos) once the draft is stored.
import { assign, setup } from 'xstate';
import type { Campaign, CampaignInput } from '@/contract';
import {
  CAMPAIGN_LANGUAGES,
  MARKETPLACE_LIMITS as L,
  PLATFORMS,
  type CampaignLanguage,
  type Platform,
} from '@/contract/marketplace';
import { centsToDollars, dollarsToCents, isDay, REQUIRED_MESSAGE, tooLong, wholeNumber } from './checks';
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
] as const;
export type CampaignTextField = (typeof campaignTextFields)[number];
export type CampaignChoiceField = 'platforms' | 'languages';
export type CampaignField = CampaignTextField | CampaignChoiceField | 'countries' | 'image';

export type CampaignDraft = Record<CampaignTextField, string> & {
  /** Minutes count only while the stream is disclosed as sponsored on the platform (on unless switched off). */
  requiresDisclosure: boolean;
  platforms: Platform[];
  languages: CampaignLanguage[];
  /** Names from contract/countries.ts; empty: every country. */
  countries: string[];
};
export type CampaignErrors = Partial<Record<CampaignField, string>>;

export const MAX_VIEWERS = 10_000_000;
export const messagesFor = {
  pay: 'Enter the pay in dollars, e.g. 250 or 250.50.',
  payMin: 'The pay must be at least $1.00.',
  payMax: 'The pay must be at most $1,000,000.',
  spots: `Enter a whole number from 1 to ${L.maxSpots.toLocaleString('en-US')}.`,
  minutes: `Enter a whole number of minutes from 1 to ${L.maxDeliverableMinutes.toLocaleString('en-US')}.`,
  viewers: `Enter a whole number up to ${MAX_VIEWERS.toLocaleString('en-US')}, or leave it empty.`,
  day: 'Enter a date (YYYY-MM-DD).',
  endsBeforeStart: 'The window must not end before it starts.',
  keywords: `Use at most ${L.keywords} keywords.`,
  keyword: `Keep each keyword under ${L.keyword} characters.`,
  image: 'Choose an image file (PNG, JPEG, WebP or GIF).',
} as const;

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
    ['disclosure', L.disclosure, true],
  ];
  for (const [field, max, required] of text) {
    const value = draft[field].trim();
    if (required && value === '') errors[field] = REQUIRED_MESSAGE;
    else if (value.length > max) errors[field] = tooLong(max);
  }

  const cents = dollarsToCents(draft.pay);
  if (draft.pay.trim() === '') errors.pay = REQUIRED_MESSAGE;
  else if (cents === null) errors.pay = messagesFor.pay;
  else if (cents < L.minPayCents) errors.pay = messagesFor.payMin;
  else if (cents > L.maxPayCents) errors.pay = messagesFor.payMax;

  // Whole numbers: field, smallest, largest, required, the message when out of range.
  const numbers: Array<[CampaignTextField, number, number, boolean, string]> = [
    ['spots', 1, L.maxSpots, true, messagesFor.spots],
    ['minutes', 1, L.maxDeliverableMinutes, true, messagesFor.minutes],
    ['minAvgViewers', 0, MAX_VIEWERS, false, messagesFor.viewers],
  ];
  for (const [field, min, max, required, message] of numbers) {
    const number = wholeNumber(draft[field]);
    if (draft[field].trim() === '') {
      if (required) errors[field] = REQUIRED_MESSAGE;
    } else if (number === null || number < min || number > max) errors[field] = message;
  }

  const keywords = keywordsOf(draft.categories);
  if (keywords.length > L.keywords) errors.categories = messagesFor.keywords;
  else if (keywords.some((word) => word.length > L.keyword)) errors.categories = messagesFor.keyword;

  for (const field of ['startsOn', 'endsOn'] as const) {
    if (draft[field] === '') errors[field] = REQUIRED_MESSAGE;
    else if (!isDay(draft[field])) errors[field] = messagesFor.day;
  }
  if (!errors.startsOn && !errors.endsOn && draft.endsOn < draft.startsOn) errors.endsOn = messagesFor.endsBeforeStart;
  return errors;
}

export const isValidCampaign = (draft: CampaignDraft) => Object.keys(campaignErrors(draft)).length === 0;

/** What is sent for a valid draft: trimmed text, pay in integer cents, numbers as numbers. */
export function toCampaignInput(draft: CampaignDraft): CampaignInput {
  const viewers = wholeNumber(draft.minAvgViewers);
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
      minutes: wholeNumber(draft.minutes) ?? 0,
      startsOn: draft.startsOn,
      endsOn: draft.endsOn,
      disclosure: draft.disclosure.trim(),
      requiresDisclosure: draft.requiresDisclosure,
    },
  };
}

export function draftOf(campaign: Campaign): CampaignDraft {
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
  };
}

/** The field errors with the image's own (kept apart: the fields' checks do not know about it). */
function withImageError(errors: CampaignErrors, image: string | undefined): CampaignErrors {
  const { image: _previous, ...rest } = errors;
  return image ? { ...rest, image } : rest;
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
  /** The server's refusal, or why the campaign could not be read. */
  error: string | null;
}

export type CampaignEditorEvent =
  | { type: 'field.change'; field: CampaignTextField; value: string }
  | { type: 'choice.toggle'; field: 'platforms'; value: Platform }
  | { type: 'choice.toggle'; field: 'languages'; value: CampaignLanguage }
  | { type: 'disclosure.require'; required: boolean }
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
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
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
          actions: assign(({ context, event }) => {
            const draft = { ...context.draft, [event.field]: event.value };
            // Once shown, the checks follow the fields as they are corrected.
            return {
              draft,
              errors:
                Object.keys(context.errors).length > 0
                  ? withImageError(campaignErrors(draft), context.errors.image)
                  : {},
            };
          }),
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
              assign({ errors: ({ context }) => withImageError(context.errors, messagesFor.image) }),
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
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
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
            error: ({ event }) => `The campaign was saved, but the image was refused: ${errorText(event.error)}`,
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

// The advertiser's company profile (docs/product.md §Marketplace "Advertiser workspace", docs/product.md "Advertiser profile"): company name,
// website and contact, checked here and sent for the operator's review; the page shows the verification status
// (pending, approved, rejected with the reason) and lets a rejected profile be corrected and sent again.
import { assign, setup } from 'xstate';
import type { AdvertiserProfile, AdvertiserProfileInput } from '@/contract';
import { MARKETPLACE_LIMITS as L } from '@/contract/marketplace';
import { service } from '../placeholders';
import { errorText } from '../messages';

export type AdvertiserProfileField = keyof AdvertiserProfileInput;
export type AdvertiserProfileDraft = Record<AdvertiserProfileField, string>;
/**
 * What is wrong with a field, as an id and the values its text reads (docs/architecture.md §Languages: statecharts stay
 * language-free; the screens word it from the advertiser catalogue).
 */
export type AdvertiserProfileProblem =
  { id: 'required' } | { id: 'tooLong'; max: number } | { id: 'invalidWebsite' } | { id: 'invalidEmail' };
export type AdvertiserProfileErrors = Partial<Record<AdvertiserProfileField, AdvertiserProfileProblem>>;

export const advertiserProfileFields = [
  'companyName',
  'website',
  'contactName',
  'contactEmail',
  'promotes',
] as const satisfies readonly AdvertiserProfileField[];

/** Fields that may stay empty: what the company wants to promote (docs/product.md §Advertiser onboarding). */
const OPTIONAL_FIELDS: readonly AdvertiserProfileField[] = ['promotes'];

/** An empty required field (docs/spec.md §5's "Este campo es obligatorio"). */
export const REQUIRED: AdvertiserProfileProblem = { id: 'required' };
/** Not an http(s) address whose host has a dot. */
export const INVALID_WEBSITE: AdvertiserProfileProblem = { id: 'invalidWebsite' };
export const INVALID_CONTACT_EMAIL: AdvertiserProfileProblem = { id: 'invalidEmail' };
const tooLong = (max: number): AdvertiserProfileProblem => ({ id: 'tooLong', max });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The server's rule (contract/schemas/marketplace.ts `website`): an http(s) address whose host has a dot. */
export function isWebsite(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The per-field checks, mirroring the server's schema. */
export function advertiserProfileErrors(draft: AdvertiserProfileDraft): AdvertiserProfileErrors {
  const errors: AdvertiserProfileErrors = {};
  const limits: Record<AdvertiserProfileField, number> = {
    companyName: L.companyName,
    website: L.website,
    contactName: L.contactName,
    contactEmail: 254,
    promotes: L.promotes,
  };
  for (const field of advertiserProfileFields) {
    const value = draft[field].trim();
    if (value === '') {
      if (!OPTIONAL_FIELDS.includes(field)) errors[field] = REQUIRED;
    } else if (value.length > limits[field]) errors[field] = tooLong(limits[field]);
  }
  if (!errors.website && !isWebsite(draft.website)) errors.website = INVALID_WEBSITE;
  if (!errors.contactEmail && !EMAIL.test(draft.contactEmail.trim())) errors.contactEmail = INVALID_CONTACT_EMAIL;
  return errors;
}

export function draftOf(profile: AdvertiserProfile | null): AdvertiserProfileDraft {
  return {
    companyName: profile?.companyName ?? '',
    website: profile?.website ?? '',
    contactName: profile?.contactName ?? '',
    contactEmail: profile?.contactEmail ?? '',
    promotes: profile?.promotes ?? '',
  };
}

/** What is sent: the fields trimmed. */
export function toAdvertiserProfileInput(draft: AdvertiserProfileDraft): AdvertiserProfileInput {
  return {
    companyName: draft.companyName.trim(),
    website: draft.website.trim(),
    contactName: draft.contactName.trim(),
    contactEmail: draft.contactEmail.trim(),
    promotes: draft.promotes.trim(),
  };
}

export interface AdvertiserProfileContext {
  /** null until a profile has been sent for review. */
  profile: AdvertiserProfile | null;
  draft: AdvertiserProfileDraft;
  errors: AdvertiserProfileErrors;
  /** The server's refusal of a save, or why the profile could not be read. */
  error: string | null;
  /** Set after a successful save, until the next edit. */
  saved: boolean;
}

export type AdvertiserProfileEvent =
  | { type: 'field.change'; field: AdvertiserProfileField; value: string }
  | { type: 'profile.edit' }
  | { type: 'profile.cancel' }
  | { type: 'profile.submit' }
  | { type: 'profile.retry' };

export const advertiserProfileMachine = setup({
  types: {
    context: {} as AdvertiserProfileContext,
    events: {} as AdvertiserProfileEvent,
  },
  actors: {
    /** GET /api/advertiser/profile → the profile, or null before the first review request. */
    loadAdvertiserProfile: service<AdvertiserProfile | null>('loadAdvertiserProfile'),
    /** PUT /api/advertiser/profile → the stored profile (pending unless already approved). */
    saveAdvertiserProfile: service<AdvertiserProfile, AdvertiserProfileInput>('saveAdvertiserProfile'),
  },
  guards: {
    hasProfile: ({ context }) => context.profile !== null,
    isComplete: ({ context }) => Object.keys(advertiserProfileErrors(context.draft)).length === 0,
  },
  actions: {
    startEditing: assign(({ context }) => ({ draft: draftOf(context.profile), errors: {}, error: null, saved: false })),
  },
}).createMachine({
  id: 'advertiserProfile',
  context: { profile: null, draft: draftOf(null), errors: {}, error: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAdvertiserProfile',
        src: 'loadAdvertiserProfile',
        onDone: { target: 'loaded', actions: assign({ profile: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'profile.retry': 'loading' },
    },
    // A new advertiser goes straight to the form; one with a profile sees its status.
    loaded: {
      always: [
        { guard: 'hasProfile', target: 'viewing' },
        { target: 'editing', actions: 'startEditing' },
      ],
    },
    viewing: {
      on: { 'profile.edit': { target: 'editing', actions: 'startEditing' } },
    },
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const draft = { ...context.draft, [event.field]: event.value };
            // Once shown, the checks follow the fields as they are corrected.
            return { draft, errors: Object.keys(context.errors).length > 0 ? advertiserProfileErrors(draft) : {} };
          }),
        },
        'profile.submit': [
          { guard: 'isComplete', target: 'saving', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: ({ context }) => advertiserProfileErrors(context.draft) }) },
        ],
        // Only a profile that exists has a read view to go back to.
        'profile.cancel': { guard: 'hasProfile', target: 'viewing', actions: assign({ errors: {}, error: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveAdvertiserProfile',
        src: 'saveAdvertiserProfile',
        input: ({ context }) => toAdvertiserProfileInput(context.draft),
        onDone: { target: 'viewing', actions: assign({ profile: ({ event }) => event.output, saved: true }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});

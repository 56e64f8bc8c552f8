// An advertiser's own completion at /complete-register (docs/product.md §Advertiser onboarding): instead of the creator's wizard
// (docs/spec.md §2, kept as it is for creators), the company: name, website, contact and what it wants to promote,
// checked here as the server does, sent as the company profile for the operator's review (PUT /api/advertiser/profile);
// once sent, the Company Profile page opens on its pending review.
import { assign, setup } from 'xstate';
import type { AdvertiserProfile, AdvertiserProfileInput } from '@/contract';
import {
  advertiserProfileErrors,
  draftOf,
  REQUIRED,
  toAdvertiserProfileInput,
  type AdvertiserProfileDraft,
  type AdvertiserProfileErrors,
  type AdvertiserProfileField,
} from '../marketplace/advertiserProfile.machine';
import { effect, service } from '../placeholders';
import { errorText } from '../messages';

/** The completion's checks: the company profile's, and what it wants to promote is asked for here. */
export function completionErrors(draft: AdvertiserProfileDraft): AdvertiserProfileErrors {
  const errors = advertiserProfileErrors(draft);
  if (!errors.promotes && draft.promotes.trim() === '') errors.promotes = REQUIRED;
  return errors;
}

export interface AdvertiserCompletionContext {
  draft: AdvertiserProfileDraft;
  errors: AdvertiserProfileErrors;
  /** The server's refusal of the last send. */
  error: string | null;
}

export type AdvertiserCompletionEvent =
  { type: 'field.change'; field: AdvertiserProfileField; value: string } | { type: 'form.submit' };

export const advertiserCompletionMachine = setup({
  types: {
    context: {} as AdvertiserCompletionContext,
    events: {} as AdvertiserCompletionEvent,
    /** The account's e-mail, offered as the contact's. */
    input: {} as { email: string },
  },
  actors: {
    /** PUT /api/advertiser/profile → the stored profile, pending review. */
    saveCompanyProfile: service<AdvertiserProfile, AdvertiserProfileInput>('saveCompanyProfile'),
  },
  actions: {
    goToCompanyProfile: effect('goToCompanyProfile'),
  },
  guards: {
    isComplete: ({ context }) => Object.keys(completionErrors(context.draft)).length === 0,
  },
}).createMachine({
  id: 'advertiserCompletion',
  context: ({ input }) => ({ draft: { ...draftOf(null), contactEmail: input.email }, errors: {}, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const draft = { ...context.draft, [event.field]: event.value };
            // Once shown, the checks follow the fields as they are corrected.
            return { draft, errors: Object.keys(context.errors).length > 0 ? completionErrors(draft) : {} };
          }),
        },
        'form.submit': [
          { guard: 'isComplete', target: 'saving', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: ({ context }) => completionErrors(context.draft) }) },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveCompanyProfile',
        src: 'saveCompanyProfile',
        input: ({ context }) => toAdvertiserProfileInput(context.draft),
        onDone: { target: 'completed', actions: 'goToCompanyProfile' },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    completed: { type: 'final', tags: ['busy'] },
  },
});

// Complete-register: two steps with a progress bar, then PUT /api/profile and the dashboard (docs/spec.md §2 Complete-register, §3 completion payload, §4).
import { assign, setup } from 'xstate';
import { effect, service } from '../placeholders';
import { COMPLETION_FIELDS, type CompletionField } from '@/contract/profile';
import type { Gender } from '../types';

/** Step 1 fields plus step 2's answer, as typed; `language` holds the value sent (United States or Mexico). */
export type CompletionFields = Record<CompletionField, string> & {
  gender: Gender | '';
  language: '' | 'United States' | 'Mexico';
};

export type { CompletionField };

/** The completion payload of docs/spec.md §3: the fields plus an image that is always sent empty. */
export type CompletionPayload = CompletionFields & { image: '' };

export const emptyCompletion = Object.fromEntries(COMPLETION_FIELDS.map((field) => [field, ''])) as CompletionFields;

export const profileCompletionMachine = setup({
  types: {
    context: {} as { fields: CompletionFields },
    events: {} as
      | { type: 'field.change'; field: CompletionField; value: string }
      | { type: 'step.next' }
      | { type: 'step.back' }
      | { type: 'form.finish' },
  },
  actors: {
    /** PUT /api/profile; resolves with the response data (only checked for being non-empty, docs/spec.md §7). */
    saveProfile: service<unknown, CompletionPayload>('saveProfile'),
  },
  actions: {
    goToDashboard: effect('goToDashboard'),
    logError: effect<{ error: unknown }>('logError'),
  },
  guards: {
    hasResponse: ({ event }) => {
      const output = (event as { output?: unknown }).output;
      return (
        output !== null &&
        output !== undefined &&
        output !== '' &&
        !(typeof output === 'object' && Object.keys(output).length === 0)
      );
    },
  },
}).createMachine({
  id: 'profileCompletion',
  context: { fields: emptyCompletion },
  initial: 'personal',
  on: {
    'field.change': {
      actions: assign({ fields: ({ context, event }) => ({ ...context.fields, [event.field]: event.value }) }),
    },
  },
  states: {
    // Step 1 (progress 50 %): first name … broadcasting language.
    personal: {
      on: { 'step.next': 'content' },
    },
    // Step 2 (progress 100 %): What type of content do you make?
    content: {
      initial: 'editing',
      states: {
        editing: {},
        // The save failed: alert, the answers stay.
        failed: {},
      },
      on: {
        'step.back': 'personal',
        'form.finish': 'saving',
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({ ...context.fields, image: '' as const }),
        onDone: [{ guard: 'hasResponse', target: 'completed', actions: 'goToDashboard' }, { target: 'content.failed' }],
        onError: {
          target: 'content.failed',
          actions: { type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        },
      },
    },
    completed: { type: 'final', tags: 'busy' },
  },
});

// My Profile: load, read view, edit form, save, photo upload with local preview (docs/spec.md §2 My Profile, §3 User profile, §4 My Profile, §5, §7, §8, §9 loader).
import { assign, setup } from 'xstate';
import { effect, service } from '../placeholders';
import { LOADER_HIDE_MS } from '../timing';
import { CATEGORIES, FORM_FIELDS, GENDERS, TIERS, type FormField } from '@/contract/profile';
import { countries } from '@/contract/countries';
import type { User } from '../types';
import { errorText } from '../messages';

/** The editable fields of the profile form, in the order the screens show them (docs/spec.md §3). */
export const profileFields = FORM_FIELDS;

export type ProfileField = FormField;
export type ProfileDraft = Record<ProfileField, string>;

/**
 * Option lists of the profile form (docs/spec.md §3). The spec's profile screen offered only `usa`; it now offers the full
 * list used at registration (docs/product.md §Accounts), so a country chosen there shows here.
 */
export const profileOptions = {
  gender: GENDERS,
  country: countries,
  language: ['English', 'Spanish'],
  tier: TIERS.map(String),
  category: CATEGORIES,
} as const;

/** Registration sends English as "United States" and Spanish as "Mexico" (docs/spec.md §3); the profile shows the names. */
export function languageName(value: string | null | undefined): string {
  if (value === 'United States') return 'English';
  if (value === 'Mexico') return 'Spanish';
  return value ?? '';
}

/** Thrown by the profile services when no jwt is stored: they fail without a request (docs/spec.md §7, §8). */
export class MissingTokenError extends Error {
  override name = 'MissingTokenError';
  constructor() {
    super('No stored jwt');
  }
}

/** Which message the screen shows; the texts live in src/messages.ts. */
export type ProfileNotice = 'updated' | 'updateFailed' | 'updateNoToken' | 'photoUploaded' | null;

export interface ProfileContext {
  profile: User | null;
  draft: ProfileDraft;
  /** Object URL of the locally read picture, shown until an upload replaces it (docs/spec.md §8: it stays on failure). */
  preview: string | null;
  notice: ProfileNotice;
  /** Why the profile could not be read. */
  loadError: string | null;
}

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'profile.edit' }
  | { type: 'profile.cancel' }
  | { type: 'profile.submit' }
  | { type: 'field.change'; field: ProfileField; value: string }
  | { type: 'photo.select'; file: File; previewUrl: string };

export function draftOf(user: User | null): ProfileDraft {
  const draft = {} as ProfileDraft;
  for (const field of profileFields) {
    const value = user?.[field];
    draft[field] = value === null || value === undefined ? '' : String(value);
  }
  draft.language = languageName(draft.language);
  draft.date_birth = draft.date_birth.slice(0, 10);
  return draft;
}

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
  },
  actors: {
    /** GET /api/user (docs/spec.md §7: the response carries the user with the profile fields). */
    loadProfile: service<User>('loadProfile'),
    /** PUT /api/profile with the form's fields and the current image. */
    saveProfile: service<User, { draft: ProfileDraft; image: string | null }>('saveProfile'),
    /** POST /api/upload-photo with the picked file → the new photo path. */
    uploadPhoto: service<{ photoUrl: string }, { file: File }>('uploadPhoto'),
  },
  actions: {
    /** Holds and releases the session's global loading overlay. */
    holdLoading: effect('holdLoading'),
    releaseLoading: effect('releaseLoading'),
    /** Tells the session the user changed, so the header's name and avatar follow. */
    notifySession: effect<{ user: User }>('notifySession'),
    /** Frees a preview object URL the view created. */
    revokePreview: effect<{ url: string | null }>('revokePreview'),
    /** docs/spec.md §8: a failed photo upload is logged only. */
    logError: effect<{ error: unknown }>('logError'),
    startEditing: assign({ draft: ({ context }) => draftOf(context.profile), notice: null }),
    dropPreview: assign({ preview: null }),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    isImage: ({ event }) => event.type === 'photo.select' && event.file.type.startsWith('image/'),
    noToken: (_, params: { error: unknown }) => params.error instanceof MissingTokenError,
  },
  delays: {
    loaderHide: LOADER_HIDE_MS,
  },
}).createMachine({
  id: 'profile',
  context: { profile: null, draft: draftOf(null), preview: null, notice: null, loadError: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'viewing', actions: assign({ profile: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'profile.retry': 'loading' },
    },
    viewing: {
      on: { 'profile.edit': { target: 'editing', actions: 'startEditing' } },
    },
    editing: {
      type: 'parallel',
      exit: [{ type: 'revokePreview', params: ({ context }) => ({ url: context.preview }) }, 'dropPreview'],
      states: {
        form: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'field.change': {
                  actions: assign({
                    draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
                  }),
                },
                'profile.cancel': { target: '#profile.viewing', actions: 'clearNotice' },
                'profile.submit': { target: 'busy', actions: 'clearNotice' },
              },
            },
            // The global overlay shows from the Update click until the loader hides (on failure at once).
            busy: {
              entry: 'holdLoading',
              exit: 'releaseLoading',
              initial: 'saving',
              states: {
                saving: {
                  invoke: {
                    id: 'saveProfile',
                    src: 'saveProfile',
                    input: ({ context }) => ({ draft: context.draft, image: context.profile?.image ?? null }),
                    onDone: {
                      target: 'saved',
                      actions: [
                        assign({ profile: ({ event }) => event.output, notice: 'updated' }),
                        { type: 'notifySession', params: ({ event }) => ({ user: event.output }) },
                      ],
                    },
                    onError: [
                      {
                        guard: { type: 'noToken', params: ({ event }) => ({ error: event.error }) },
                        target: '#profile.editing.form.idle',
                        actions: assign({ notice: 'updateNoToken' }),
                      },
                      // docs/spec.md §8: the alert shows and the form stays open.
                      { target: '#profile.editing.form.idle', actions: assign({ notice: 'updateFailed' }) },
                    ],
                  },
                },
                // Back to the read view about 1 s after success, when the loader hides (docs/spec.md §4, §9).
                saved: {
                  after: { loaderHide: '#profile.viewing' },
                },
              },
            },
          },
        },
        photo: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'photo.select': [
                  {
                    guard: 'isImage',
                    target: 'busy',
                    actions: [
                      { type: 'revokePreview', params: ({ context }) => ({ url: context.preview }) },
                      assign({ preview: ({ event }) => event.previewUrl, notice: null }),
                    ],
                  },
                  // Image files only (docs/spec.md §5): anything else is ignored.
                  { actions: { type: 'revokePreview', params: ({ event }) => ({ url: event.previewUrl }) } },
                ],
              },
            },
            // The overlay shows from the upload until 1 s after it ends, success or not (docs/spec.md §9).
            busy: {
              entry: 'holdLoading',
              exit: 'releaseLoading',
              initial: 'uploading',
              states: {
                uploading: {
                  invoke: {
                    id: 'uploadPhoto',
                    src: 'uploadPhoto',
                    input: ({ event }) => ({ file: (event as Extract<ProfileEvent, { type: 'photo.select' }>).file }),
                    onDone: {
                      target: 'settling',
                      actions: [
                        { type: 'revokePreview', params: ({ context }) => ({ url: context.preview }) },
                        assign({
                          preview: null,
                          notice: 'photoUploaded',
                          profile: ({ context, event }) =>
                            context.profile ? { ...context.profile, image: event.output.photoUrl } : null,
                        }),
                        {
                          type: 'notifySession',
                          params: ({ context }) => ({ user: context.profile! }),
                        },
                      ],
                    },
                    // docs/spec.md §8: logged only; the preview stays as the locally read file.
                    onError: {
                      target: 'settling',
                      actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                settling: {
                  after: { loaderHide: '#profile.editing.photo.idle' },
                },
              },
            },
          },
        },
      },
    },
  },
});

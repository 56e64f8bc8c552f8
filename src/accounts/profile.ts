// My Profile's implementations (docs/spec.md §7): read via GET /api/user, save via PUT /api/profile, picture via
// POST /api/upload-photo, each with the session's jwt; with none each fails without a request (docs/spec.md §7, §8).
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ProfileUpdate } from '@/contract';
import { MissingTokenError, profileMachine, type ProfileDraft } from '@/machines/accounts/profile.machine';
import type { User } from '@/machines/types';
import { messages } from '@/src/messages';
import { api, fetchUser, requireJwt, useAppWiring } from './session';

/** The fields the update helper sends (docs/spec.md §7), '' for an empty choice; the current image is echoed back. */
export function toProfileUpdate(draft: ProfileDraft, image: string | null): ProfileUpdate {
  return {
    ...draft,
    date_birth: draft.date_birth || null,
    gender: (draft.gender || null) as ProfileUpdate['gender'],
    language: (draft.language || null) as ProfileUpdate['language'],
    tier: draft.tier ? (Number(draft.tier) as ProfileUpdate['tier']) : null,
    category: (draft.category || null) as ProfileUpdate['category'],
    // '' leaves the picture alone; a new one only comes through the upload.
    image: image ?? '',
  };
}

export function profileActors(jwt: () => string | null) {
  return {
    // docs/spec.md §8: the read without a token reports the (misleading) upload message.
    loadProfile: fromPromise<User, void>(() => fetchUser(jwt())),
    saveProfile: fromPromise<User, { draft: ProfileDraft; image: string | null }>(async ({ input }) => {
      const token = jwt();
      if (!token) throw new MissingTokenError();
      const response = await (
        await api()
      ).request('updateProfile', { jwt: token, json: toProfileUpdate(input.draft, input.image) });
      // docs/spec.md §7: the response is only checked for being non-empty.
      if (!response?.user) throw new Error(messages.profileUpdateFailed);
      return response.user;
    }),
    uploadPhoto: fromPromise<{ photoUrl: string }, { file: File }>(async ({ input }) => {
      const form = new FormData();
      form.append('photo', input.file);
      return (await api()).request('uploadPhoto', { jwt: requireJwt(jwt()), form });
    }),
  };
}

export type ProfileLogic = typeof profileMachine;

/** My Profile with the session: its jwt, the global loading overlay and the header's user; `logic` (tests) replaces the API actors. */
export function useProfileLogic(logic?: ProfileLogic): ProfileLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? profileMachine.provide({ actors: profileActors(app.jwt) })).provide({
        actions: {
          holdLoading: () => app.session.send({ type: 'loading.hold' }),
          releaseLoading: () => app.session.send({ type: 'loading.release' }),
          notifySession: (_, { user }) => app.session.send({ type: 'user.updated', user }),
          revokePreview: (_, { url }) => {
            if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
          },
          logError: (_, { error }) => console.warn('Photo upload failed', error),
        },
      }),
    [logic, app],
  );
}

// My Profile's effects (SPEC §7): read via GET /api/user, save via PUT /api/profile, picture via POST /api/upload-photo.
// With no stored jwt each fails without a request (SPEC §7, §8).
import { fromPromise } from 'xstate';
import { MissingTokenError, type ProfileDraft } from '../../machines/profile.machine';
import type { User } from '../../machines/types';
import { updateProfile, uploadPhoto as postPhoto, type ProfileUpdate } from '../api/profile';
import { getUser } from '../api/user';
import { messages } from '../messages';
import { readJwt } from './storage';

export async function loadProfile(): Promise<User> {
  const jwt = readJwt();
  // SPEC §8: the read without a token reports the (misleading) upload message.
  if (!jwt) throw new Error(messages.noTokenReadOrUpload);
  return getUser(jwt);
}

/** The fields the update helper sends (SPEC §7), '' for an empty choice; the current image is echoed back. */
export function toProfileUpdate(draft: ProfileDraft, image: string | null): ProfileUpdate {
  return {
    first_name: draft.first_name,
    last_name: draft.last_name,
    date_birth: draft.date_birth || null,
    gender: (draft.gender || null) as ProfileUpdate['gender'],
    country: draft.country,
    city: draft.city,
    zipcode: draft.zipcode,
    address: draft.address,
    language: draft.language || null,
    about: draft.about,
    job_title: draft.job_title,
    tier: draft.tier ? Number(draft.tier) : null,
    category: draft.category || null,
    goals: draft.goals,
    // '' leaves the picture alone; a new one only comes through the upload.
    image: image ?? '',
  };
}

export async function saveProfile({ draft, image }: { draft: ProfileDraft; image: string | null }): Promise<User> {
  const jwt = readJwt();
  if (!jwt) throw new MissingTokenError();
  const response = await updateProfile(jwt, toProfileUpdate(draft, image));
  // SPEC §7: the response is only checked for being non-empty.
  if (!response?.user) throw new Error(messages.profileUpdateFailed);
  return response.user;
}

export async function uploadPhoto({ file }: { file: File }): Promise<{ photoUrl: string }> {
  const jwt = readJwt();
  if (!jwt) throw new Error(messages.noTokenReadOrUpload);
  return postPhoto(jwt, file);
}

/** The three effects as actors for profileMachine.provide({ actors }). */
export const loadProfileActor = fromPromise<User>(() => loadProfile());
export const saveProfileActor = fromPromise<User, { draft: ProfileDraft; image: string | null }>(({ input }) => saveProfile(input));
export const uploadPhotoActor = fromPromise<{ photoUrl: string }, { file: File }>(({ input }) => uploadPhoto(input));

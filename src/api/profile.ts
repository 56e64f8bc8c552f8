import type { User } from '../../machines/types';
import { authed, call } from './client';

type Editable =
  | 'first_name'
  | 'last_name'
  | 'image'
  | 'date_birth'
  | 'gender'
  | 'country'
  | 'city'
  | 'zipcode'
  | 'address'
  | 'language'
  | 'about'
  | 'job_title'
  | 'tier'
  | 'category'
  | 'goals'
  | 'type_content';

/** The profile fields the client may send (SPEC §3); every one optional, "" clears a field. */
export type ProfileUpdate = { [K in Editable]?: User[K] | '' };

/** PUT /api/profile → { message, user }. */
export function updateProfile(jwt: string, fields: ProfileUpdate): Promise<{ message: string; user: User }> {
  return call(() => authed(jwt).put('profile', { json: fields }).json<{ message: string; user: User }>());
}

/** POST /api/upload-photo (multipart field `photo`) → { photoUrl } (a path on the API host). */
export function uploadPhoto(jwt: string, file: File): Promise<{ photoUrl: string }> {
  const body = new FormData();
  body.append('photo', file);
  return call(() => authed(jwt).post('upload-photo', { body }).json<{ photoUrl: string }>());
}

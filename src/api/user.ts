import type { User } from '../../machines/types';
import { authed, call } from './client';

/** GET /api/user with the Bearer token → the profile. */
export function getUser(jwt: string): Promise<User> {
  return call(async () => (await authed(jwt).get('user').json<{ user: User }>()).user);
}

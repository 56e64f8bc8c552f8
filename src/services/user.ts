// Reading the signed-in user (SPEC §7 GET /api/user). No jwt → an error without a request.
import type { User } from '../../machines/types';
import { getUser as fetchUser } from '../api/user';
import { messages } from '../messages';

export async function getUser(jwt: string | null): Promise<User> {
  if (!jwt) throw new Error(messages.noTokenReadOrUpload);
  return fetchUser(jwt);
}

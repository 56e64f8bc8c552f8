// Talks to the running product's API the way the browser does, to set up accounts for browser tests.
import { baseURL } from './harness';

export const strongPassword = 'Castbridge!2024-secure';

let counter = 0;
export function uniqueEmail(prefix = 'creator'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Registers an account and returns its token. */
export async function register(email = uniqueEmail(), password = strongPassword, type_account = 'Influencer'): Promise<{ email: string; token: string }> {
  const response = await fetch(`${baseURL()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, type_account }),
  });
  const { token } = await json<{ token: string }>(response);
  return { email, token };
}

/** Fills profile fields for an account. */
export async function updateProfile(token: string, fields: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${baseURL()}/api/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(fields),
  });
  await json(response);
}

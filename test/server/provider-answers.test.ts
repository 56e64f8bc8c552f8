// A platform that answers outside its OAuth protocol (server/connections/providers.ts): a token answer without an
// access token, an identity call that names nobody. The connection is refused with the platform's name and, in the
// creator's language, what went wrong (connections.token_missing, connections.token_owner_unknown); what the platform
// said instead stays as it said it.
import { describe, expect, it } from 'vitest';
import type { OAuthClient } from '../../server/config.ts';
import { connectionProblems } from '../../server/connections/problems.ts';
import { createProvider, ProviderRefused } from '../../server/connections/providers.ts';
import { formatProblem } from '../../server/http/problems.ts';

const client: OAuthClient = {
  clientId: 'client',
  clientSecret: 'secret',
  authBase: 'https://id.example',
  tokenBase: 'https://id.example',
  apiBase: 'https://api.example',
  standIn: false,
};

/** A platform whose every answer is `body` with status `status`. */
const answering = (status: number, body: unknown): typeof fetch =>
  (async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;

const provider = (platform: 'twitch' | 'youtube', fetcher: typeof fetch) =>
  createProvider(platform, client, { browser: (base) => base, server: (base) => base, fetcher });

async function refusal(promise: Promise<unknown>): Promise<ProviderRefused> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderRefused);
  return error as ProviderRefused;
}

describe('a platform answering outside its protocol', () => {
  it('a token answer without access_token', async () => {
    const refused = await refusal(
      provider('twitch', answering(200, { token_type: 'bearer' })).exchange({
        code: 'c',
        codeVerifier: 'v',
        redirectUri: 'https://castbridge.test/connect',
      }),
    );
    expect(refused.answered).toEqual({ kind: 'token_missing', detail: '' });
    const problem = connectionProblems[refused.answered!.kind].with({ platform: 'Twitch', detail: '' });
    expect([formatProblem(problem, 'en'), formatProblem(problem, 'es-MX')]).toEqual([
      'Twitch did not connect: the token answer has no access_token',
      'No se pudo conectar Twitch: su respuesta no trae el access_token',
    ]);
  });

  it('an identity call that names nobody: the platform’s words kept', async () => {
    const twitch = await refusal(provider('twitch', answering(200, { data: [] })).identity('token'));
    expect(twitch.answered?.kind).toBe('token_owner_unknown');
    const youtube = await refusal(
      provider('youtube', answering(401, { error: { message: 'Invalid Credentials' } })).identity('token'),
    );
    expect(youtube.answered).toEqual({ kind: 'token_owner_unknown', detail: 'Invalid Credentials' });
    const problem = connectionProblems.token_owner_unknown.with({ platform: 'YouTube', detail: 'Invalid Credentials' });
    expect(formatProblem(problem, 'es-MX')).toBe(
      'No se pudo conectar YouTube: YouTube no dijo de quién es este token (Invalid Credentials)',
    );
    expect(formatProblem(problem, 'en')).toBe(
      'YouTube did not connect: YouTube did not say whose token this is (Invalid Credentials)',
    );
  });
});

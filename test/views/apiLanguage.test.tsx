// The language the client asks the server to answer in (src/api/client.ts): the page's when signed out; "*" (any:
// the signed-in account's, which the page follows) with a session, so that a screen's first calls, made before the
// page has taken the account's language, do not come back in the browser's.
import { act } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { download, request } from '@/src/api/client';
import { setLocale } from '@/src/i18n/i18n';

// An absolute API host: Node's fetch has no page to resolve a relative address against.
vi.mock('@/src/config', async (original) => ({ ...(await original<object>()), API_HOST: 'http://api.test' }));

afterEach(() => vi.unstubAllGlobals());

it('asks for the page’s language signed out, and for any (the account’s) with a session', async () => {
  const asked: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      asked.push(input.headers.get('accept-language'));
      return new Response(JSON.stringify({ user: {}, message: 'ok' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  await act(() => setLocale('es-MX'));
  await request('forgotPassword', { json: { email: 'ana@example.com' } });
  await request('getUser', { jwt: 'creator.jwt' });
  await download('downloadDocument', { jwt: 'creator.jwt', params: { id: 'doc-1' } });
  expect(asked).toEqual(['es-MX', '*', '*']);
});

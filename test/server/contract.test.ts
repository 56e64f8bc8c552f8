// The contract holds: every endpoint of contract/endpoints.ts answers its success body in the shape of its response
// schema and its failures as { message }, on SQLite and PostgreSQL; and a route that drifts from its contract fails.
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, errorBody, schemas, type EndpointName } from '../../contract/index.ts';
import { route } from '../../server/http/route.ts';
import type { AppEnv } from '../../server/services.ts';
import { createResetLinks } from '../../server/auth/resets.ts';
import { unsubscribeToken } from '../../server/newsletter/routes.ts';
import {
  BACKENDS,
  makeBackend,
  photoForm,
  PNG_1PX,
  startApp,
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
  testConfig,
  tokenSubject,
  uniqueEmail,
  type Answer,
  type Backend,
  type Client,
} from './helpers.ts';

/** One successful call of each endpoint; a missing endpoint is a compile error. */
const calls = {
  health: (api) => api.request('GET', '/api/health'),
  passwordPolicy: (api) => api.request('GET', '/api/auth/password-policy'),
  register: (api, ctx) => api.request('POST', '/api/auth/register', { json: { email: ctx.email, password: STRONG_PASSWORD, type_account: 'Influencer' } }),
  jwtLogin: (api, ctx) => api.request('POST', '/api/auth/jwt-login', { json: { email: ctx.email, password: STRONG_PASSWORD, firebaseResponse: null } }),
  // The Firebase exchange needs the Auth emulator; its success is covered in firebase-login.test.ts. Its failure shape is checked below.
  firebaseLogin: null,
  getUser: (api, ctx) => api.request('GET', '/api/user', { token: ctx.token }),
  updateProfile: (api, ctx) => api.request('PUT', '/api/profile', { token: ctx.token, json: { first_name: 'Ana', tier: '2', gender: '' } }),
  uploadPhoto: (api, ctx) => api.request('POST', '/api/upload-photo', { token: ctx.token, body: photoForm(PNG_1PX, 'me.png', 'image/png') }),
  getSettings: (api, ctx) => api.request('GET', '/api/settings', { token: ctx.token }),
  updateSettings: (api, ctx) => api.request('PUT', '/api/settings', { token: ctx.token, json: { notifications: false } }),
  forgotPassword: (api, ctx) => api.request('POST', '/api/auth/forgot-password', { json: { email: ctx.email } }),
  // The e-mailed link is read from the mail in account-flows.test.ts; here one is issued directly.
  resetPassword: async (api, ctx) =>
    api.request('POST', '/api/auth/reset-password', {
      json: { token: await createResetLinks(api.castbridge.db).issue(tokenSubject(ctx.token)), password: OTHER_PASSWORD },
    }),
  changePassword: (api, ctx) =>
    api.request('POST', '/api/auth/change-password', { token: ctx.token, json: { currentPassword: OTHER_PASSWORD, newPassword: STRONG_PASSWORD } }),
  support: (api, ctx) =>
    api.request('POST', '/api/support', { token: ctx.token, json: { name: 'Ana', email: ctx.email, subject: 'Payouts', message: 'When?', page: '/help-and-support' } }),
  newsletter: (api, ctx) => api.request('POST', '/api/newsletter', { json: { email: ctx.email } }),
  unsubscribe: (api, ctx) =>
    api.request('POST', '/api/newsletter/unsubscribe', { json: { token: unsubscribeToken(new TextEncoder().encode(TEST_JWT_SECRET), ctx.email) } }),
  deleteUser: (api, ctx) => api.request('DELETE', '/api/user', { token: ctx.token, json: { password: STRONG_PASSWORD } }),
} satisfies Record<EndpointName, ((api: Client, ctx: { email: string; token: string }) => Promise<Answer>) | null>;

const OTHER_PASSWORD = 'Copper-Lantern-Meadow-77';

describe.each(BACKENDS)('the contract on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  const ctx = { email: uniqueEmail('contract'), token: '' };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  // In table order: register comes before the calls that need its token.
  it.each(Object.keys(calls) as EndpointName[])('%s answers its response schema with its status', async (name) => {
    const call = calls[name];
    if (!call) return;
    const answer = await call(api, ctx);
    expect(answer.status, answer.text).toBe(schemas[name].status);
    const parsed = schemas[name].response.safeParse(answer.body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    // Registration, a reset and a change each hand out the session token to go on with.
    if (typeof answer.body.token === 'string') ctx.token = answer.body.token;
  });

  // GET endpoints without authentication have nothing to refuse.
  const refusable = Object.entries(endpoints).filter(([, meta]) => meta.auth === 'bearer' || meta.method !== 'GET');
  it.each(refusable)('%s answers a failure as { message }', async (_name, meta) => {
    // Bearer endpoints without a token, the others with a body they cannot accept.
    const answer =
      meta.auth === 'bearer'
        ? await api.request(meta.method, meta.path)
        : await api.request(meta.method, meta.path, { headers: { 'content-type': 'application/json' }, body: '{"email": 42' });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(errorBody.safeParse(answer.body).success, answer.text).toBe(true);
  });
});

describe('a route that drifts from its contract', () => {
  const services = (contractCheck: boolean) => ({
    config: { ...testConfig({ name: 'sqlite', env: {}, dataDir: '/nonexistent', cleanup: async () => {} }), contractCheck },
    tokens: { issue: async () => '', verify: async () => null },
    users: { tokenVersion: async () => null } as never,
  });
  const drifting = (contractCheck: boolean) => {
    const app = new Hono<AppEnv>();
    // The health answer's contract is { status: 'ok' }.
    route(app, services(contractCheck), 'health', () => ({ status: 'fine' }) as never);
    app.onError((error, c) => c.json({ message: error.message }, 500));
    return app;
  };

  it('fails with CONTRACT_CHECK (as in every test)', async () => {
    const response = await drifting(true).request('/api/health');
    expect(response.status).toBe(500);
    expect(((await response.json()) as { message: string }).message).toMatch(/GET \/api\/health answered outside its contract: status/);
  });

  it('answers unchecked without it (production)', async () => {
    const response = await drifting(false).request('/api/health');
    expect(response.status).toBe(200);
  });
});

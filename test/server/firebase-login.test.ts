// POST /api/auth/firebase-login against the Firebase Auth emulator, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator, type AuthEmulator } from './firebase-emulator.ts';
import {
  BACKENDS,
  makeBackend,
  startApp,
  STRONG_PASSWORD,
  tokenSubject,
  uniqueEmail,
  type Backend,
  type Client,
} from './helpers.ts';

let emulator: AuthEmulator;

beforeAll(async () => {
  emulator = await startAuthEmulator();
}, 150_000);

afterAll(async () => {
  await emulator?.stop();
}, 30_000);

describe.each(BACKENDS)('Google sign-in on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  const firebaseLogin = (accessToken: unknown, client = api) =>
    client.request('POST', '/api/auth/firebase-login', { json: { accessToken } });

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend, {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: emulator.projectId,
    });
  });

  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('creates an Influencer account on the first sign-in and reuses it afterwards', async () => {
    const email = uniqueEmail('streamer');
    const { idToken } = await emulator.googleIdToken(email);
    const first = await firebaseLogin(idToken);
    expect(first.status).toBe(200);
    const me = await api.request('GET', '/api/user', { token: first.body.token as string });
    expect(me.body.user).toMatchObject({ email, type_account: 'Influencer' });

    // A second sign-in (a fresh ID token for the same Google user) lands in the same account.
    const again = await firebaseLogin((await emulator.googleIdToken(email)).idToken);
    expect(again.status).toBe(200);
    expect(tokenSubject(again.body.token as string)).toBe(tokenSubject(first.body.token as string));
    const rows = await api.castbridge.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'firebase_uid'])
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password_hash).toBeNull();
    expect(rows[0]!.firebase_uid).toBeTruthy();

    // No password exists for it, so password login fails like any wrong password.
    const login = await api.request('POST', '/api/auth/jwt-login', {
      json: { email, password: STRONG_PASSWORD, firebaseResponse: null },
      headers: { 'x-forwarded-for': '203.0.113.50' },
    });
    expect(login.status).toBe(401);
  });

  it('signs in the existing password account with the same verified email', async () => {
    const email = uniqueEmail('both');
    const registered = await api.request('POST', '/api/auth/register', {
      json: { email, password: STRONG_PASSWORD, type_account: 'Advertiser' },
    });
    expect(registered.status).toBe(201);
    const google = await firebaseLogin((await emulator.googleIdToken(email.toUpperCase())).idToken);
    expect(google.status).toBe(200);
    expect(tokenSubject(google.body.token as string)).toBe(tokenSubject(registered.body.token as string));
    const me = await api.request('GET', '/api/user', { token: google.body.token as string });
    expect(me.body.user).toMatchObject({ email, type_account: 'Advertiser' });
  });

  it('answers 401 for invalid, tampered or unverified tokens and 400 for a missing one', async () => {
    const { idToken } = await emulator.googleIdToken(uniqueEmail('tamper'));
    const [header, payload] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const otherAudience = `${header}.${Buffer.from(JSON.stringify({ ...claims, aud: 'someone-else' })).toString('base64url')}.`;
    const expired = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: 1_600_000_000, iat: 1_599_999_000 })).toString('base64url')}.`;
    const unverified = await emulator.passwordIdToken(uniqueEmail('unverified'), 'Emulator-Password-1');
    for (const bad of ['garbage', 'a.b.c', otherAudience, expired, unverified]) {
      const answer = await firebaseLogin(bad);
      expect(answer.status, bad.slice(0, 30)).toBe(401);
      expect(answer.body.message).toMatch(/Google sign-in token/);
    }
    expect((await firebaseLogin('')).status).toBe(400);
    expect((await firebaseLogin(42)).status).toBe(400);
    expect((await api.request('POST', '/api/auth/firebase-login', { json: {} })).status).toBe(400);
  });

  it('refuses ID tokens issued for another Firebase project', async () => {
    const other = await startApp(backend, {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: 'demo-someone-else',
    });
    try {
      const { idToken } = await emulator.googleIdToken(uniqueEmail('project'));
      expect((await firebaseLogin(idToken, other)).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

// Registration, password login, throttling, tokens and the password policy, on SQLite and PostgreSQL.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPasswordCount } from '../../server/accounts/passwords.ts';
import { PAIR } from '../../server/accounts/throttle.ts';
import {
  BACKENDS,
  makeBackend,
  startApp,
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
  tokenSubject,
  uniqueEmail,
  type Backend,
  type Client,
} from './helpers.ts';

const secret = new TextEncoder().encode(TEST_JWT_SECRET);

describe.each(BACKENDS)('auth on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  const email = uniqueEmail('owner');
  let token = '';

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    const registered = await api.request('POST', '/api/auth/register', {
      json: { email: `  ${email.toUpperCase()} `, password: STRONG_PASSWORD, type_account: 'Advertiser' },
    });
    expect(registered.status).toBe(201);
    token = registered.body.token as string;
  });

  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  describe('POST /api/auth/register', () => {
    it('answers 201 with a token for the new account, email normalised', async () => {
      expect(token.split('.')).toHaveLength(3);
      const me = await api.request('GET', '/api/user', { token });
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ email, type_account: 'Advertiser', first_name: null, tier: null });
    });

    it('answers 409 for an email already registered, whatever its case and spacing', async () => {
      const again = await api.request('POST', '/api/auth/register', {
        json: { email: ` ${email.toUpperCase()}`, password: STRONG_PASSWORD, type_account: 'Influencer' },
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already exists/);
    });

    it.each([
      ['no body fields', {}],
      ['missing password', { email: uniqueEmail(), type_account: 'Influencer' }],
      ['missing type_account', { email: uniqueEmail(), password: STRONG_PASSWORD }],
      ['unknown type_account', { email: uniqueEmail(), password: STRONG_PASSWORD, type_account: 'Admin' }],
      ['email not an email', { email: 'not-an-email', password: STRONG_PASSWORD, type_account: 'Influencer' }],
      ['email a number', { email: 42, password: STRONG_PASSWORD, type_account: 'Influencer' }],
      ['password a number', { email: uniqueEmail(), password: 12345678, type_account: 'Influencer' }],
      ['a JSON array', [1, 2, 3]],
      ['JSON null', null],
    ])('answers 400 for %s', async (_name, json) => {
      const answer = await api.request('POST', '/api/auth/register', { json });
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    });

    it.each([
      ['too short', 'Ab3$xyz', /at least 8/],
      ['too long', 'x'.repeat(129), /at most 128/],
      ['common', 'password1', /too common/],
      ['common in another case', 'FootBall', /too common/],
      ['common, long', 'qwertyuiop', /too common/],
    ])('rejects a %s password with 400 and a clear message', async (_name, password, message) => {
      const answer = await api.request('POST', '/api/auth/register', {
        json: { email: uniqueEmail(), password, type_account: 'Influencer' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(message);
    });

    it('ships a list of at least 1,000 common passwords', () => {
      expect(commonPasswordCount()).toBeGreaterThanOrEqual(1000);
    });
  });

  describe('POST /api/auth/jwt-login', () => {
    const login = (body: unknown, ip = '203.0.113.1') =>
      api.request('POST', '/api/auth/jwt-login', { json: body, headers: { 'x-forwarded-for': ip } });

    it('signs in with the right password (email in any case) and firebaseResponse null', async () => {
      const answer = await login({ email: email.toUpperCase(), password: STRONG_PASSWORD, firebaseResponse: null });
      expect(answer.status).toBe(200);
      expect(tokenSubject(answer.body.token as string)).toBe(tokenSubject(token));
      expect(JSON.stringify(answer.body)).not.toContain('argon2');
    });

    it('answers the same 401 for a wrong password, an unknown email and a null password, in about the same time', async () => {
      const timed = async (body: unknown) => {
        const started = performance.now();
        const answer = await login(body, '203.0.113.2');
        return { ...answer, ms: performance.now() - started };
      };
      const wrong: number[] = [];
      const unknown: number[] = [];
      // Four of each (five failures of the account from this address with the null password: within PAIR.free).
      for (let i = 0; i < 4; i++) {
        const a = await timed({ email, password: 'Wrong-Password-123', firebaseResponse: null });
        const b = await timed({ email: uniqueEmail('ghost'), password: 'Wrong-Password-123', firebaseResponse: null });
        expect(a.status).toBe(401);
        expect(b.status).toBe(401);
        expect(a.body).toEqual(b.body);
        wrong.push(a.ms);
        unknown.push(b.ms);
      }
      const nullPassword = await login({ email, password: null, firebaseResponse: null }, '203.0.113.2');
      expect(nullPassword.status).toBe(401);
      expect(nullPassword.body).toEqual({ message: 'Invalid email or password', code: 'accounts.invalid_login' });
      const median = (values: number[]) => {
        const sorted = [...values].sort((x, y) => x - y);
        return (sorted[1]! + sorted[2]!) / 2;
      };
      // Both paths run one argon2 verification; without the dummy hash the unknown email would be ~100x faster. The
      // margin allows for the other test projects sharing the machine's cores.
      expect(median(unknown)).toBeGreaterThan(median(wrong) / 5);
      expect(median(unknown)).toBeLessThan(median(wrong) * 5);
    });

    it.each([
      ['missing email', { password: STRONG_PASSWORD }],
      ['empty email', { email: '  ', password: STRONG_PASSWORD }],
      ['email an object', { email: { $ne: null }, password: STRONG_PASSWORD }],
      ['password a number', { email, password: 123 }],
      ['a NUL character in the email', { email: 'a\u0000b@example.com', password: STRONG_PASSWORD }],
    ])('answers 400 for %s', async (_name, body) => {
      expect((await login(body)).status).toBe(400);
    });

    // The throttle's budgets and delays, on an injected clock: test/server/sign-in-throttle.test.ts.
    it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
      const target = uniqueEmail('spoof');
      const attempt = (client: Client, i: number) =>
        client.request('POST', '/api/auth/jwt-login', {
          json: { email: target, password: 'Spoof-Password-1' },
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
        });
      // Trusted, each forwarded address is a pair of its own: no wait.
      for (let i = 0; i <= PAIR.free; i++) expect((await attempt(api, i)).status).toBe(401);
      const untrusting = await startApp(backend, { TRUST_PROXY: '' });
      try {
        // In-process requests have no socket address, so every attempt counts against one address.
        const other = uniqueEmail('spoof');
        for (let i = 0; i < PAIR.free; i++) {
          const answer = await untrusting.request('POST', '/api/auth/jwt-login', {
            json: { email: other, password: 'Spoof-Password-1' },
            headers: { 'x-forwarded-for': `10.0.1.${i}` },
          });
          expect(answer.status).toBe(401);
        }
        const blocked = await untrusting.request('POST', '/api/auth/jwt-login', {
          json: { email: other, password: 'Spoof-Password-1' },
          headers: { 'x-forwarded-for': '10.0.1.250' },
        });
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        await untrusting.close();
      }
    });

    it('keeps the failures in the database, shared by every process using it', async () => {
      const rows = await api.castbridge.db
        .selectFrom('sign_in_failures')
        .select('email')
        .where('ip', '=', '10.0.0.1')
        .execute();
      expect(rows.length).toBeGreaterThanOrEqual(1);
    });
  });

  describe('tokens', () => {
    const me = (bearer: string) => api.request('GET', '/api/user', { headers: { authorization: bearer } });
    const base = () =>
      new SignJWT({})
        .setSubject(tokenSubject(token))
        .setIssuer('castbridge')
        .setAudience('castbridge-web')
        .setIssuedAt();

    it('accepts its own token', async () => {
      expect((await me(`Bearer ${token}`)).status).toBe(200);
    });

    it('issues HS256 tokens for castbridge-web that expire in 7 days', () => {
      const [header, payload] = token
        .split('.')
        .slice(0, 2)
        .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
      expect(header).toMatchObject({ alg: 'HS256' });
      expect(payload).toMatchObject({ iss: 'castbridge', aud: 'castbridge-web' });
      expect((payload!.exp as number) - (payload!.iat as number)).toBe(7 * 24 * 3600);
    });

    it('answers 401 without a token, with a malformed one or another scheme', async () => {
      for (const header of ['', 'Bearer', 'Bearer not.a.jwt', 'Bearer ' + 'a'.repeat(5000), `Basic ${token}`, token]) {
        const answer = await me(header);
        expect(answer.status, header.slice(0, 20)).toBe(401);
        expect(answer.body.message).toMatch(/Authentication required/);
      }
    });

    it('answers 401 for alg none', async () => {
      const [, payload] = token.split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      expect((await me(`Bearer ${header}.${payload}.`)).status).toBe(401);
    });

    it('answers 401 for a tampered payload', async () => {
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else', exp: 4102444800 })).toString(
        'base64url',
      );
      expect((await me(`Bearer ${header}.${forged}.${signature}`)).status).toBe(401);
    });

    it('answers 401 for a token signed with another secret, a past exp, another audience or algorithm', async () => {
      const other = new TextEncoder().encode('another-secret-another-secret-another-secret');
      const forged = await base().setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(other);
      const expired = await base()
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(1_600_000_000)
        .setExpirationTime(1_600_000_600)
        .sign(secret);
      const audience = await base()
        .setAudience('someone-else')
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(secret);
      const hs512 = await base().setProtectedHeader({ alg: 'HS512' }).setExpirationTime('1h').sign(secret);
      const noExp = await base().setProtectedHeader({ alg: 'HS256' }).sign(secret);
      for (const bad of [forged, expired, audience, hs512, noExp]) expect((await me(`Bearer ${bad}`)).status).toBe(401);
      // The same claims, rightly signed, pass: the failures above are about the token, not the account.
      const good = await base().setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(secret);
      expect((await me(`Bearer ${good}`)).status).toBe(200);
    });

    it('answers 401 for a valid token of an account that does not exist', async () => {
      const ghost = await new SignJWT({})
        .setSubject('00000000-0000-0000-0000-000000000000')
        .setIssuer('castbridge')
        .setAudience('castbridge-web')
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(secret);
      expect((await me(`Bearer ${ghost}`)).status).toBe(401);
    });
  });

  it('GET /api/auth/password-policy answers the Firebase-shaped policy', async () => {
    const answer = await api.request('GET', '/api/auth/password-policy');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      minLength: 8,
      maxLength: 128,
      requireLowercase: false,
      requireUppercase: false,
      requireNumeric: false,
      requireNonAlphanumeric: false,
    });
  });
});

// Sign-in throttling (docs/api.md "Sign-in and tokens", server/accounts/throttle.ts) on SQLite and PostgreSQL, on an
// injected clock: growing delays per (account, address) pair, per address and per account; the owner's usual address
// never kept out by someone else's failures; a password reset clears the account; one answer for every e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, ADDRESS, PAIR } from '../../server/accounts/throttle.ts';
import {
  BACKENDS,
  makeBackend,
  startApp,
  STRONG_PASSWORD,
  tokenSubject,
  uniqueEmail,
  type Answer,
  type Backend,
  type Client,
} from './helpers.ts';

const WRONG = 'Wrong-Guess-Password-9';
const NEW_PASSWORD = 'Copper-Lantern-Meadow-77';

describe.each(BACKENDS)('sign-in throttle on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let clock = Date.UTC(2026, 0, 5, 9);
  const advance = (seconds: number) => void (clock += seconds * 1000);
  // Each test takes its own addresses, so their counts never meet.
  let block = 0;
  const addresses = () => {
    block++;
    return (n: number) => `10.${block}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend, {}, { now: () => clock });
  });

  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const login = (email: string, password: string, ip: string) =>
    api.request('POST', '/api/auth/jwt-login', {
      json: { email, password, firebaseResponse: null },
      headers: { 'x-forwarded-for': ip },
    });
  const retryAfter = (answer: Answer) => Number(answer.headers.get('retry-after'));
  const register = async (ip?: string) => {
    const email = uniqueEmail('owner');
    const answer = await api.request('POST', '/api/auth/register', {
      json: { email, password: STRONG_PASSWORD, type_account: 'Influencer' },
      ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}),
    });
    expect(answer.status).toBe(201);
    return { email, userId: tokenSubject(answer.body.token as string) };
  };
  /** `count` failures of `email` from `ip`, waiting out each delay on the clock. */
  const fail = async (email: string, ip: string, count: number) => {
    for (let done = 0, tries = 0; done < count; tries++) {
      // Every wait ends: a throttle that never lets the next guess through fails here.
      expect(tries).toBeLessThan(count + 30);
      const answer = await login(email, WRONG, ip);
      if (answer.status === 429) advance(retryAfter(answer));
      else {
        expect(answer.status).toBe(401);
        done++;
      }
    }
  };

  it("an attacker's failures never keep the owner out of their usual address; other addresses are slowed", async () => {
    const at = addresses();
    const { email } = await register();
    const usual = at(0);
    expect((await login(email, STRONG_PASSWORD, usual)).status).toBe(200);
    // One address guessing on (waiting out its delays), and a botnet of addresses guessing once each.
    await fail(email, at(1), 12);
    for (let i = 0; i < ACCOUNT.free; i++) await fail(email, at(10 + i), 1);

    expect((await login(email, STRONG_PASSWORD, usual)).status).toBe(200);
    const stranger = await login(email, STRONG_PASSWORD, at(500));
    expect(stranger.status).toBe(429);
    expect(retryAfter(stranger)).toBeGreaterThan(0);
  });

  it('the address an account signed up from is its own before any sign-in', async () => {
    const at = addresses();
    const usual = at(0);
    const { email } = await register(usual);
    for (let i = 0; i < ACCOUNT.free; i++) await fail(email, at(10 + i), 1);
    expect((await login(email, STRONG_PASSWORD, at(500))).status).toBe(429);
    expect((await login(email, STRONG_PASSWORD, usual)).status).toBe(200);
  });

  it('gives the (account, address) pair growing delays: free attempts, then 1 s, 2 s, 4 s … up to 15 minutes', async () => {
    const at = addresses();
    const { email } = await register();
    for (let i = 0; i < PAIR.free; i++) expect((await login(email, WRONG, at(0))).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const blocked = await login(email, WRONG, at(0));
      expect(blocked.status).toBe(429);
      waits.push(retryAfter(blocked));
      advance(retryAfter(blocked) - 1);
      // Not a second early.
      expect((await login(email, WRONG, at(0))).status).toBe(429);
      advance(1);
      expect((await login(email, WRONG, at(0))).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    // The pair is slowed, not the account: the owner elsewhere gets in.
    expect((await login(email, STRONG_PASSWORD, at(1))).status).toBe(200);
  });

  it('slows one address spraying many accounts, and only that address', async () => {
    const at = addresses();
    const sprayer = at(0);
    const { email } = await register();
    // An account that signed in from the same address before keeps signing in there.
    expect((await login(email, STRONG_PASSWORD, sprayer)).status).toBe(200);
    for (let i = 0; i < ADDRESS.free; i += 4) {
      const answers = await Promise.all(
        [0, 1, 2, 3].map(() => login(uniqueEmail('sprayed'), 'Spray-Password-1', sprayer)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    }
    const blocked = await login(uniqueEmail('sprayed'), 'Spray-Password-1', sprayer);
    expect(blocked.status).toBe(429);
    expect(retryAfter(blocked)).toBe(1);
    expect((await login(uniqueEmail('sprayed'), 'Spray-Password-1', at(1))).status).toBe(401);
    expect((await login(email, STRONG_PASSWORD, sprayer)).status).toBe(200);
  });

  it("a password reset clears the account's limits and makes its address the owner's", async () => {
    const at = addresses();
    const { email, userId } = await register();
    const owner = at(0);
    await fail(email, owner, PAIR.free);
    expect((await login(email, STRONG_PASSWORD, owner)).status).toBe(429);
    for (let i = 0; i < ACCOUNT.free; i++) await fail(email, at(10 + i), 1);
    expect((await login(email, STRONG_PASSWORD, at(100))).status).toBe(429);

    const token = await api.castbridge.services.resets.issue(userId);
    const reset = await api.request('POST', '/api/auth/reset-password', {
      json: { token, password: NEW_PASSWORD },
      headers: { 'x-forwarded-for': owner },
    });
    expect(reset.status).toBe(200);
    expect((await login(email, NEW_PASSWORD, owner)).status).toBe(200);
    expect((await login(email, NEW_PASSWORD, at(100))).status).toBe(200);
  });

  it('answers the same 429 for an existing and an unknown e-mail, saying how long to wait and how else to get in', async () => {
    const at = addresses();
    const { email } = await register();
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < PAIR.free; i++) {
      expect((await login(email, WRONG, at(0))).status).toBe(401);
      expect((await login(ghost, WRONG, at(1))).status).toBe(401);
    }
    const existing = await login(email, WRONG, at(0));
    const unknown = await login(ghost, WRONG, at(1));
    expect(existing.status).toBe(429);
    expect(unknown.status).toBe(429);
    expect(unknown.body).toEqual(existing.body);
    expect(unknown.headers.get('retry-after')).toBe(existing.headers.get('retry-after'));
    expect(existing.body).toEqual({
      message:
        'Too many failed sign-in attempts. Try again in 1 second, or choose a new password with "Forgot your password?" on the login page.',
      code: 'accounts.sign_in_throttled',
    });
  });

  it('counts an IPv6 /64 as one address', async () => {
    const { email } = await register();
    for (let i = 1; i <= PAIR.free; i++) expect((await login(email, WRONG, `2001:db8:77:1::${i}`)).status).toBe(401);
    expect((await login(email, WRONG, '2001:db8:77:1:ffff::9')).status).toBe(429);
    expect((await login(email, WRONG, '2001:db8:77:2::1')).status).toBe(401);
  });

  it('lets no burst of parallel guesses past the free attempts', async () => {
    const at = addresses();
    const { email } = await register();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(email, WRONG, at(0))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(PAIR.free);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
  });
});

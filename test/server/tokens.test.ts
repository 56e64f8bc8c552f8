// The fast HS256 verifier must never accept what jose's jwtVerify (HS256 pinned, iss/aud/exp/sub required) rejects.
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createTokenService, TOKEN_AUDIENCE, TOKEN_ISSUER, verifyHs256 } from '../../server/accounts/tokens.ts';

const secret = new TextEncoder().encode('unit-test-secret-unit-test-secret-0123');
const otherSecret = new TextEncoder().encode('another-secret-another-secret-another-0');
const now = Math.floor(Date.now() / 1000);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function sign(header: Record<string, unknown>, claims: JWTPayload, key = secret): Promise<string> {
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(key);
}

const good: JWTPayload = { sub: 'user-1', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 3600 };

async function corpus(): Promise<[string, string][]> {
  const valid = await sign({ alg: 'HS256', typ: 'JWT' }, good);
  const [h, p, s] = valid.split('.') as [string, string, string];
  const { sub: _sub, ...noSub } = good;
  const { exp: _exp, ...noExp } = good;
  return [
    ['valid', valid],
    ['valid without typ', await sign({ alg: 'HS256' }, good)],
    ['audience array', await sign({ alg: 'HS256' }, { ...good, aud: ['x', TOKEN_AUDIENCE] })],
    ['expired', await sign({ alg: 'HS256' }, { ...good, exp: now - 10 })],
    ['not yet valid', await sign({ alg: 'HS256' }, { ...good, nbf: now + 600 })],
    ['wrong issuer', await sign({ alg: 'HS256' }, { ...good, iss: 'evil' })],
    ['wrong audience', await sign({ alg: 'HS256' }, { ...good, aud: 'evil' })],
    ['no exp', await sign({ alg: 'HS256' }, noExp)],
    ['no sub', await sign({ alg: 'HS256' }, noSub)],
    ['exp as a string', await sign({ alg: 'HS256' }, { ...good, exp: String(now + 3600) as unknown as number })],
    ['other secret', await sign({ alg: 'HS256' }, good, otherSecret)],
    ['HS512', await sign({ alg: 'HS512' }, good)],
    ['HS384', await sign({ alg: 'HS384' }, good)],
    ['alg none', `${b64({ alg: 'none' })}.${p}.`],
    ['alg none with the old signature', `${b64({ alg: 'none' })}.${p}.${s}`],
    ['header swapped to HS512', `${b64({ alg: 'HS512', typ: 'JWT' })}.${p}.${s}`],
    ['payload tampered', `${h}.${b64({ ...good, sub: 'admin' })}.${s}`],
    ['signature truncated', `${h}.${p}.${s.slice(0, -2)}`],
    ['signature padded', `${h}.${p}.${s}==`],
    ['signature with junk', `${h}.${p}.${s}!`],
    ['four segments', `${valid}.x`],
    ['two segments', `${h}.${p}`],
    ['empty', ''],
    [
      'crit header',
      await sign({ alg: 'HS256', crit: ['exp'] }, good).catch(
        () => `${b64({ alg: 'HS256', crit: ['exp'] })}.${p}.${s}`,
      ),
    ],
    ['b64 false header', `${b64({ alg: 'HS256', b64: false, crit: ['b64'] })}.${p}.${s}`],
    ['kid header', await sign({ alg: 'HS256', kid: 'k1' }, good)],
    ['typ at+jwt', await sign({ alg: 'HS256', typ: 'at+jwt' }, good)],
  ];
}

describe('verifyHs256', () => {
  it('accepts only what jose accepts, and accepts our own valid tokens', async () => {
    for (const [name, token] of await corpus()) {
      const fast = verifyHs256(token, secret);
      const reference = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'sub'],
      }).then(
        ({ payload }) => payload.sub ?? null,
        () => null,
      );
      if (fast !== null) expect(reference, name).toBe(fast);
      if (name.startsWith('valid') || name === 'audience array') expect(fast, name).toBe('user-1');
      else if (!['kid header', 'typ at+jwt'].includes(name)) expect(fast, name).toBeNull();
    }
  });

  it('is stricter than jose about extra header fields', async () => {
    expect(verifyHs256(await sign({ alg: 'HS256', kid: 'k1' }, good), secret)).toBeNull();
  });

  it('round-trips tokens issued by the token service, for 7 days', async () => {
    const service = await createTokenService(secret);
    const token = await service.issue('user-42', 3);
    expect(await service.verify(token)).toEqual({ userId: 'user-42', version: 3 });
    expect(verifyHs256(token, secret, now + 7 * 24 * 3600 - 60)).toBe('user-42');
    expect(verifyHs256(token, secret, now + 7 * 24 * 3600 + 60)).toBeNull();
  });

  it('remembers a verified token but checks its expiry on every call, and never remembers a refusal', async () => {
    const service = await createTokenService(secret);
    const short = await sign({ alg: 'HS256', typ: 'JWT' }, { ...good, ver: 1, exp: now + 30 });
    vi.useFakeTimers({ now: now * 1000 });
    try {
      expect(await service.verify(short)).toEqual({ userId: 'user-1', version: 1 });
      expect(await service.verify(short)).toEqual({ userId: 'user-1', version: 1 });
      vi.setSystemTime((now + 31) * 1000);
      expect(await service.verify(short)).toBeNull();
      const forged = `${short.slice(0, short.lastIndexOf('.'))}.${'A'.repeat(43)}`;
      expect(await service.verify(forged)).toBeNull();
      vi.setSystemTime(now * 1000);
      expect(await service.verify(forged)).toBeNull();
      expect(await service.verify(short)).toEqual({ userId: 'user-1', version: 1 });
    } finally {
      vi.useRealTimers();
    }
  });
});

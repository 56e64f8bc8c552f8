// Session tokens: HS256 JWTs signed with jose; the secret comes from JWT_SECRET or a file kept in DATA_DIR.
import crypto from 'node:crypto';
import path from 'node:path';
import { SignJWT } from 'jose';
import { secretFile } from '../secret-file.ts';

export const TOKEN_ISSUER = 'castbridge';
export const TOKEN_AUDIENCE = 'castbridge-web';
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const MIN_SECRET_BYTES = 32;

/** JWT_SECRET when given; otherwise a random secret generated once and kept at DATA_DIR/jwt-secret (mode 0600). */
export function loadSecret(configured: string | null, dataDir: string): Uint8Array {
  if (configured !== null) {
    const bytes = new TextEncoder().encode(configured);
    if (bytes.length < MIN_SECRET_BYTES) throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes long`);
    return bytes;
  }
  const secret = secretFile(dataDir, 'jwt-secret', () => crypto.randomBytes(48).toString('base64url'));
  if (secret.length < MIN_SECRET_BYTES)
    throw new Error(`${path.join(dataDir, 'jwt-secret')} holds a secret shorter than ${MIN_SECRET_BYTES} characters`);
  return new TextEncoder().encode(secret);
}

export interface SessionClaims {
  userId: string;
  /** The account's token version when the token was issued (users.token_version); 0 for tokens without one. */
  version: number;
}

export interface TokenService {
  /** A session token for the user at the account's current token version. */
  issue(userId: string, version: number): Promise<string>;
  /** The claims of a valid token, or null for anything else (malformed, forged, expired, wrong algorithm). */
  verify(token: string): Promise<SessionClaims | null>;
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;

function decodeSegment(segment: string): Record<string, unknown> | null {
  if (!SEGMENT.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Verifies one of our compact HS256 tokens and returns its subject. jose verifies through WebCrypto, which costs
 * ~55 µs a call here; this is the same check with node:crypto's synchronous HMAC (~4 µs), and stricter: the header
 * may only hold alg "HS256" and typ "JWT", and iss, aud, exp and sub are required. Tests compare it with jose.
 */
export function verifyHs256(token: string, secret: Uint8Array, nowSeconds = Date.now() / 1000): string | null {
  return verifyClaims(token, secret, nowSeconds)?.userId ?? null;
}

/** verifyHs256 with the session version claim (`ver`, a non-negative integer; absent reads as 0). */
export function verifyClaims(token: string, secret: Uint8Array, nowSeconds = Date.now() / 1000): SessionClaims | null {
  if (token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  if (!SEGMENT.test(signaturePart)) return null;
  // The signature is checked before any attacker-controlled JSON is parsed.
  const expected = crypto.createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;

  const header = decodeSegment(headerPart);
  if (!header || header.alg !== 'HS256') return null;
  if (
    Object.keys(header).some((key) => key !== 'alg' && key !== 'typ') ||
    (header.typ !== undefined && header.typ !== 'JWT')
  ) {
    return null;
  }
  const claims = decodeSegment(payloadPart);
  if (!claims || claims.iss !== TOKEN_ISSUER) return null;
  const audience = claims.aud;
  if (audience !== TOKEN_AUDIENCE && !(Array.isArray(audience) && audience.includes(TOKEN_AUDIENCE))) return null;
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp) || claims.exp <= nowSeconds) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > nowSeconds)) return null;
  if (claims.iat !== undefined && typeof claims.iat !== 'number') return null;
  const version = claims.ver ?? 0;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) return null;
  return typeof claims.sub === 'string' && claims.sub.length > 0 ? { userId: claims.sub, version } : null;
}

/** The exp claim of a token verifyClaims accepted (it checked that exp is a number). */
function expiryOf(token: string): number {
  return decodeSegment(token.split('.')[1]!)!.exp as number;
}

/** How many verified tokens are remembered (a token string and its claims: ~300 bytes each). */
const VERIFIED_LIMIT = 10_000;

export async function createTokenService(secret: Uint8Array): Promise<TokenService> {
  // A token's signature and claims never change, so a verified one is remembered and only its expiry is checked
  // again: the HMAC is most of an authenticated request's own cost. Bounded; the oldest entry goes first.
  const verified = new Map<string, SessionClaims & { exp: number }>();
  const key = await crypto.webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return {
    issue(userId, version) {
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
        .sign(key);
    },
    async verify(token) {
      const now = Date.now() / 1000;
      const known = verified.get(token);
      if (known) {
        if (known.exp > now) return { userId: known.userId, version: known.version };
        verified.delete(token);
        return null;
      }
      const claims = verifyClaims(token, secret, now);
      if (!claims) return null;
      if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
      verified.set(token, { ...claims, exp: expiryOf(token) });
      return claims;
    },
  };
}

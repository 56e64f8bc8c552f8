// Session tokens: HS256 JWTs signed with jose; the secret comes from JWT_SECRET or a file kept in DATA_DIR.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

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
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one secret.
    fs.writeFileSync(file, `${crypto.randomBytes(48).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_BYTES) throw new Error(`${file} holds a secret shorter than ${MIN_SECRET_BYTES} characters`);
  return new TextEncoder().encode(secret);
}

export interface TokenService {
  issue(userId: string): Promise<string>;
  /** The user id of a valid token, or null for anything else (malformed, forged, expired, wrong algorithm). */
  verify(token: string): Promise<string | null>;
}

export async function createTokenService(secret: Uint8Array): Promise<TokenService> {
  // Importing the key once keeps verification cheap on every authenticated request.
  const key = await crypto.webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    issue(userId) {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['exp', 'sub'],
        });
        return typeof payload.sub === 'string' && payload.sub ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}

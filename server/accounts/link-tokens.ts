// Secrets carried by e-mailed links (password reset, newsletter unsubscribe): 32 random bytes, base64url, of which
// only the SHA-256 is stored, so a leaked database does not hand out working links.
import crypto from 'node:crypto';

export function newLinkToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

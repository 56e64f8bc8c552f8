// Payout details sealed at rest (docs/product.md §Money): AES-256-GCM with a random 96-bit nonce per value; the key comes from
// PAYOUT_KEY or is generated once into DATA_DIR/payout-key (mode 0600). Several instances must share PAYOUT_KEY.
import crypto from 'node:crypto';
import path from 'node:path';
import { randomHex, secretFile } from '../secret-file.ts';

const VERSION = 'v1';

/** The 32-byte key: PAYOUT_KEY (64 hex digits or base64) when set, else the one kept in DATA_DIR. */
export function loadPayoutKey(configured: string | null, dataDir: string): Buffer {
  const parse = (text: string, where: string) => {
    const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
    if (key.length !== 32) throw new Error(`${where} must hold 32 bytes (64 hex digits or base64), not ${key.length}`);
    return key;
  };
  if (configured !== null) return parse(configured, 'PAYOUT_KEY');
  return parse(secretFile(dataDir, 'payout-key', randomHex(32)), path.join(dataDir, 'payout-key'));
}

export interface Sealer {
  seal(value: unknown): string;
  unseal<T>(sealed: string): T;
}

export function createSealer(key: Buffer): Sealer {
  return {
    seal(value) {
      const nonce = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    unseal<T>(sealed: string): T {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) throw new Error('not a sealed value');
      const raw = Buffer.from(payload, 'base64url');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as T;
    },
  };
}

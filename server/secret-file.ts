// Secrets generated once into DATA_DIR (the JWT secret, the payout sealing key) when none is configured.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The trimmed contents of DATA_DIR/<name>, written first with generate()'s secret when missing; mode 0600. */
export function secretFile(dataDir: string, name: string, generate: () => string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one secret.
    fs.writeFileSync(file, `${generate()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return fs.readFileSync(file, 'utf8').trim();
}

export const randomHex = (bytes: number) => () => crypto.randomBytes(bytes).toString('hex');

// Profile photos on disk under DATA_DIR/uploads, always under a server-generated random name.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log.ts';
import { CONTENT_TYPES, type ImageKind } from './sniff.ts';

const STORED_NAME = /^([a-f0-9]{32})\.(png|jpg|gif|webp)$/;
const PUBLIC_PREFIX = '/uploads/';

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export function createPhotoStorage(dataDir: string, logger: Logger) {
  const dir = path.join(dataDir, 'uploads');
  fs.mkdirSync(dir, { recursive: true });

  return {
    dir,

    /** Writes the bytes and returns the public path, e.g. /uploads/<32 hex>.png. */
    async save(bytes: Uint8Array, kind: ImageKind): Promise<string> {
      const name = `${crypto.randomBytes(16).toString('hex')}.${kind.extension}`;
      await fs.promises.writeFile(path.join(dir, name), bytes, { flag: 'wx', mode: 0o644 });
      return PUBLIC_PREFIX + name;
    },

    /** Removes a file saved by save(); other values (external URLs, null) are ignored. */
    async remove(publicPath: string | null): Promise<void> {
      if (!publicPath?.startsWith(PUBLIC_PREFIX)) return;
      const name = publicPath.slice(PUBLIC_PREFIX.length);
      if (!STORED_NAME.test(name)) return;
      await fs.promises.unlink(path.join(dir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') logger.warn('could not remove a replaced photo', { name, error: error.message });
      });
    },

    /** The file for a public name, or null when the name is not one we generate or the file is gone. */
    async read(name: string): Promise<StoredFile | null> {
      const match = STORED_NAME.exec(name);
      if (!match) return null;
      try {
        const body = await fs.promises.readFile(path.join(dir, name));
        return { body, contentType: CONTENT_TYPES[match[2] as ImageKind['extension']] };
      } catch {
        return null;
      }
    },
  };
}

export type PhotoStorage = ReturnType<typeof createPhotoStorage>;

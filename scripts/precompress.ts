// Compresses the client build once, at build time (`tsx scripts/precompress.ts <dir>`, run by scripts/build-client.mjs
// after the Vite builds and the prerender): a Brotli (quality 11) and a gzip (level 9) file beside each file the
// server would compress — the same rule as server/http/static-site.ts, which then serves these instead of compressing
// on a request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { isPrecompressible, PRECOMPRESSED } from '../server/http/static-site.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // Dotfiles (Vite's .vite/manifest.json) are never served.
    if (entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (entry.isFile()) yield file;
  }
}

/** Writes <file>.br and <file>.gz beside each compressible file of `dir`; returns the files compressed. */
export async function precompress(dir: string): Promise<string[]> {
  const targets = [...files(path.resolve(dir))].filter((file) => isPrecompressible(file, fs.statSync(file).size));
  const done: string[] = [];
  // Two at a time: Brotli at quality 11 is CPU-bound, and builds share the machine with tests.
  const queue = [...targets];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const raw = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: 9 }),
      ]);
      await fs.promises.writeFile(`${file}${PRECOMPRESSED.br}`, br);
      await fs.promises.writeFile(`${file}${PRECOMPRESSED.gzip}`, gz);
      done.push(file);
    }
  };
  await Promise.all([worker(), worker()]);
  return done;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  precompress(dir).then(
    (done) => console.log(`precompressed ${done.length} files (Brotli and gzip) in ${dir}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// The client build, one step for every place that makes one (`npm run build`, `npm start`, `npm run start:cluster`,
// the browser tests and the benchmarks through npm start): the app, the overlay page for OBS (built on its own into
// the same folder: vite.config.ts says why), the prerendered public routes, then the Brotli and gzip files beside each
// compressible file (scripts/precompress.ts), so the server never compresses on a request.
// `node scripts/build-client.mjs [outDir]` (default dist/), or buildClient(outDir) from another script.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin, root, run } from './processes.mjs';

/** Builds the client into `outDir` (emptied first). */
export async function buildClient(outDir = resolve(root, 'dist')) {
  // Always a production build, whatever NODE_ENV the caller has (vitest sets "test").
  const env = { ...process.env, NODE_ENV: 'production' };
  await run(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { env });
  await run(bin('vite'), ['build', '--mode', 'overlay', '--logLevel', 'warn', '--outDir', outDir], { env });
  await run(bin('tsx'), ['scripts/prerender.ts', outDir], { env });
  await run(bin('tsx'), ['scripts/precompress.ts', outDir], { env });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    await buildClient(resolve(root, process.argv[2] ?? 'dist'));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// One config for the client build, the dev server and every test project.
// `@/` is the repository root: `@/machines/…`, `@/contract/…`, `@/src/…`.
const alias = { '@': fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '') };
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001';
/**
 * The view tests that replace a module or a global (vi.mock, vi.stubGlobal, vi.stubEnv) need a module graph of their
 * own: project views-isolated. Every other view test shares its worker's modules with the files before it (project
 * views, isolate: false): a file's own imports are then not loaded and evaluated again (React, Radix, the machines,
 * jsdom's globals), which took more than half of the views' CPU (2026-11-30, 120 files: 572 s of CPU all isolated, 289 s
 * split so). test/views/setup.ts still cleans the DOM and storage after each test and puts back spies and timers
 * after each file.
 */
function isolatedViewTests(): string[] {
  const dir = fileURLToPath(new URL('./test/views/', import.meta.url));
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.tsx'))
    .filter((file) => /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(readFileSync(`${dir}${file}`, 'utf8')))
    .map((file) => `test/views/${file}`);
}
// Read by a test run only: a client build needs no test/ folder.
const isolatedViews = process.env.VITEST ? isolatedViewTests() : [];
/**
 * The server tests share their worker's modules with the files before it too (project server, isolate: false): each
 * file loaded the whole server again (Hono, Kysely, the stand-ins, the contract's schemas), 567 s of the project's
 * "import" time in a run of 96 files, and 807 s of CPU against 594 s shared (2026-12-01, three workers). Each file still
 * makes its own app, database and stand-ins. These few need a module graph of their own (project server-isolated):
 * async-context makes the process's one async context, which server/log.ts holds once the server is loaded; health
 * and http read the request id and the security headers off the outermost wrappers of a fresh app; locks ends
 * PostgreSQL sessions under the leases of its own pool.
 */
const isolatedServer = [
  'test/server/async-context.test.ts',
  'test/server/health.test.ts',
  'test/server/http.test.ts',
  'test/server/locks.test.ts',
];
/**
 * Server files `npm test` leaves out of this run to run them apart (scripts/test.mjs ONE_AT_A_TIME), comma-separated:
 * a project's own `exclude` replaces the command line's `--exclude`, so the list comes this way.
 */
const serverLeftOut = (process.env.TEST_SERVER_LEAVE_OUT ?? '').split(',').filter(Boolean);
// A view test types and clicks through a whole form in jsdom: past 20 s in a full npm test on a busy machine
// (2026-12-02, the campaign editor's). A net against a hang, not a bound.
const viewsTest = { environment: 'jsdom' as const, setupFiles: ['test/views/setup.ts'], testTimeout: 60_000 };
const serverTest = {
  include: ['test/server/**/*.test.ts'],
  environment: 'node' as const,
  // The stand-ins' conformance to the platforms' published descriptions: a file ends with no violation.
  setupFiles: ['test/server/conformance-setup.ts'],
  // The server and its command-line tools compiled once for the run, for the tests that start them as processes.
  globalSetup: ['test/server/compiled-setup.ts'],
  // A net against a hang, not a bound: seeding the demo world in a test took past 60 s in a full npm test on a busy
  // machine (2026-12-02, media-kit's; documents, reviews and seed-and-admin seed it too).
  testTimeout: 180_000,
  hookTimeout: 180_000,
};

// Only a test run loads the test order (it imports vitest/node); the client build never does.
const sequence = process.env.VITEST ? { sequencer: (await import('./test/sequencer.ts')).LongestFirst } : undefined;

/**
 * The overlay page OBS loads (docs/product.md §The overlay for OBS) is built on its own (`vite build --mode overlay`, into the same outDir): built
 * with the app, Rolldown would hand it the app's initial chunk (React and the shell) through the shared xstate.
 */
const overlayBuild = {
  manifest: '.vite/overlay-manifest.json',
  rollupOptions: {
    input: 'overlay.html',
    output: {
      entryFileNames: 'assets/[hash].js',
      chunkFileNames: 'assets/[hash].js',
      assetFileNames: 'assets/[hash][extname]',
    },
  },
};

/** The dev server answers /overlay/<token> with the overlay page, as the API server does in production. */
const overlayPageInDev: Plugin = {
  name: 'castbridge-overlay-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/overlay\/[^/?]+\/?(\?.*)?$/.test(req.url))
        req.url = `/overlay.html${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`;
      next();
    });
  },
};

/**
 * A domain's catalogue (src/<domain>/messages/<locale>.json, docs/architecture.md §Languages) arrives compiled: each
 * ICU message in Lingui's runtime form, so the browser carries no message parser, and a message ICU cannot parse
 * fails the build or the test that imports it.
 */
const CATALOGUE = /\/src\/[a-z]+\/messages\/([A-Za-z]+\.)?[A-Za-z-]+\.json$/;
const compiledCatalogues: Plugin = {
  name: 'castbridge-catalogues',
  enforce: 'pre',
  async load(id) {
    if (!CATALOGUE.test(id)) return null;
    const { compileCatalogue } = await import('./src/i18n/compile.ts');
    const messages = compileCatalogue(id, JSON.parse(readFileSync(id, 'utf8')) as Record<string, unknown>);
    return { code: `export default ${JSON.stringify(messages)};`, moduleType: 'js' };
  },
};

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [compiledCatalogues, react(), vanillaExtractPlugin(), overlayPageInDev],
  resolve: { alias },
  server: {
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      // Creators' public media kits are rendered by the API server (server/marketplace/media-kit-routes.ts).
      '/c/': apiTarget,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // The manifest maps source modules to chunks: the bundle budgets (scripts/bundle.ts) read it.
    manifest: mode === 'overlay' ? overlayBuild.manifest : true,
    emptyOutDir: mode === 'overlay' ? false : undefined,
    // Hash-only file names: the entry carries the preload list of every lazy route, so each name is paid for by every
    // page (named chunks cost the public pages ~0.6 KB gzipped). The manifest still says which module is which.
    // (The prerender's server build keeps its names: scripts/prerender.ts imports entry-server.js.)
    rollupOptions:
      mode === 'overlay'
        ? overlayBuild.rollupOptions
        : isSsrBuild
          ? {}
          : {
              output: {
                entryFileNames: 'assets/[hash].js',
                chunkFileNames: 'assets/[hash].js',
                assetFileNames: 'assets/[hash][extname]',
                // Everything the entry loads statically goes into one chunk. Left alone, Rolldown split the entry's shared
                // modules (react-router, the session wiring, Vite's preload helper) into separate chunks once the Earnings
                // screen imported the session wiring (rolldown/rolldown#10731: a module the entry already loads emitted
                // as a separate chunk), costing every route 1.3 KB gzipped; one initial chunk saves 4 KB on every route.
                codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
              },
            },
  },
  test: {
    // At least two test files at once, also on a 2-core machine (Vitest's default there is one): the server tests
    // mostly wait on databases, sockets and child processes, so two workers halve the unit, view and server run.
    // The browser journeys run one file at a time whatever this says (fileParallelism below): two at once passed
    // once, but the sweep then took 426 s instead of 160 (it renders every route in Chromium), and a journey failed.
    // `npm test` asks for four in its stream of unit, view and server tests (TEST_WORKERS, scripts/test.mjs).
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism() - 1),
    // The files that spend longest waiting start first (test/sequencer.ts), so none of them runs alone at the end.
    sequence,
    projects: [
      {
        extends: true,
        test: {
          name: 'machines',
          include: ['test/machines/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          ...viewsTest,
          name: 'views',
          include: ['test/views/**/*.test.tsx'],
          exclude: isolatedViews,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...viewsTest, name: 'views-isolated', include: isolatedViews },
      },
      {
        resolve: { alias },
        test: { ...serverTest, name: 'server', exclude: [...isolatedServer, ...serverLeftOut], isolate: false },
      },
      {
        resolve: { alias },
        test: { ...serverTest, name: 'server-isolated', include: isolatedServer },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts', 'test/server/compiled-setup.ts'],
          // A safety net, not a bound: the longest journeys take about a minute alone, two or three beside another
          // journey on a loaded 2-core machine.
          testTimeout: 240_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));

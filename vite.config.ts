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

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), vanillaExtractPlugin(), overlayPageInDev],
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
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          name: 'views',
          include: ['test/views/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/views/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          // The stand-ins' conformance to the platforms' published descriptions: a file ends with no violation.
          setupFiles: ['test/server/conformance-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
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

// The compiled server for every test that runs it as a process (project server, server-isolated and e2e globalSetup):
// server/main.ts and the command-line tools bundled once per test run by `npm run build`'s own step
// (scripts/build-server.ts, esbuild, about a second), then started with plain node, as `npm run serve` and the
// operators' `npm run ledger` and `npm run admin` run them in production. Started through tsx instead, each process
// compiled the whole server again as it started: 28 spawned servers and about 30 command runs took 192 s of CPU in a
// full npm test, and 93 s compiled, most of it the cluster's servers under load (2026-12-02, sampled per process).
// The tsx-run entries keep their own tests: test/server/entries.test.ts starts each source entry, and npm start (the
// browser journeys' product server, test/e2e/global-setup.ts) runs the demo from its sources.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server.ts';
import { REPO_ROOT } from '../../server/config.ts';

export default async function setup(project: TestProject) {
  // Inside the checkout: the bundles load their packages from its node_modules (scripts/build-server.ts).
  const dir = path.join(
    REPO_ROOT,
    'node_modules',
    '.cache',
    `castbridge-test-server-${crypto.randomBytes(4).toString('hex')}`,
  );
  await buildServer(dir);
  project.provide('compiledServer', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    compiledServer: string;
  }
}

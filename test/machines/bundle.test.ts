// The production build carries no inspector code: neither @statelyai/inspect nor the offline panel.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { inspectorCodeInBundle } from '@/scripts/bundle-check';

const outDir = mkdtempSync(join(tmpdir(), 'castbridge-bundle-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

it('production build has no inspector code', { timeout: 240_000 }, () => {
  // As `npm run build` does it: the test runner's NODE_ENV=test would make a development build.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.VITE_INSPECT;
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: join(__dirname, '../..'),
      env,
      encoding: 'utf8',
      timeout: 230_000,
    },
  );
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  expect(inspectorCodeInBundle(outDir)).toEqual([]);
  // The build really happened: the manifest names an entry chunk that exists (file names are hashes only).
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  expect(entry && readdirSync(join(outDir, 'assets')).includes(entry.file.replace(/^assets\//, ''))).toBe(true);
});

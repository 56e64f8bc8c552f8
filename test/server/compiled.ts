// The compiled server's entries for a test to run as processes: bundled once for the run by
// test/server/compiled-setup.ts (the global setup of the server and browser-journey projects).
import path from 'node:path';
import { inject } from 'vitest';
import type { ServerEntry } from '../../scripts/build-server.ts';

/**
 * The arguments to `node` that run a compiled entry (server/main.ts as `main`, a command-line tool by its name), as
 * `npm run serve`, `npm run ledger` and `npm run admin` run them: source maps on, so a stack trace names the
 * TypeScript lines.
 */
export function compiledCommand(entry: ServerEntry, args: string[] = []): string[] {
  return ['--enable-source-maps', path.join(inject('compiledServer'), `${entry}.js`), ...args];
}

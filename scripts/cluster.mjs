// `npm run start:cluster` (docs/product.md §Several instances): the product as several instances on one machine behind nginx —
// for tests and demos of the production shape. Builds the client once, starts INSTANCES (default 2) servers on
// PORT+1…PORT+N sharing DATABASE_URL (PostgreSQL; required), DATA_DIR (the generated secrets, uploads, the OAuth
// stand-ins' state) and, when set, REDIS_URL, then nginx on PORT (default 3000) with deploy/nginx/'s configuration
// (scripts/nginx.mjs). The first instance starts alone (it migrates and seeds the demo), the others after it.
// On a machine without nginx (or with CLUSTER_PROXY=node) the small proxy written here (server/cluster/proxy.ts)
// stands in for it, and says so.
import fs from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { startAuthEmulator, usesRealFirebase } from './emulator.mjs';
import { findNginx, prepareNginx, waitForListen } from './nginx.mjs';
import { bin, root, run, start, stopAll, stopOnSignals } from './processes.mjs';

stopOnSignals();

if (!process.env.DATABASE_URL) {
  console.error(
    'start:cluster needs DATABASE_URL (PostgreSQL): several instances cannot share the embedded SQLite. Add REDIS_URL to use Redis for live pushes, jobs and locks.',
  );
  process.exit(1);
}
const count = Number(process.env.INSTANCES ?? 2);
const port = Number(process.env.PORT ?? 3000);
const outDir = resolve(root, process.env.OUT_DIR ?? 'dist');
try {
  if (process.env.SKIP_BUILD !== '1') await run(process.execPath, ['scripts/build-client.mjs', outDir]);
  const firebaseEnv = usesRealFirebase() ? {} : await startAuthEmulator();
  const standIns = process.env.STANDINS ?? (process.env.TWITCH_CLIENT_ID || process.env.GOOGLE_CLIENT_ID ? '0' : '1');
  const upstreams = [];
  for (let i = 1; i <= count; i += 1) {
    // With stand-ins it is the demo (demo/main.ts: stand-ins, the demo seed); configured, the production entry.
    const { match } = await start(bin('tsx'), [standIns === '1' ? 'demo/main.ts' : 'server/main.ts'], {
      ready: /ready at (http:\/\/\S+)/,
      prefix: `[${i}] `,
      env: {
        NODE_ENV: process.env.NODE_ENV ?? 'production',
        STATIC_DIR: process.env.STATIC_DIR ?? outDir,
        STANDINS: standIns,
        ...firebaseEnv,
        PORT: String(port + i),
        // An id of its own per instance, also when INSTANCE_ID is set (it becomes the prefix): an instance skips the
        // cluster messages sent under its own id, and locks and leases are held by id — a shared id would drop every
        // push from the other instances and let each renew or release the others' leases.
        INSTANCE_ID: `${process.env.INSTANCE_ID || 'instance'}-${i}`,
        // Client addresses come from the proxy's X-Forwarded-For; links name the proxy.
        TRUST_PROXY: '1',
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
      },
    });
    upstreams.push(match[1]);
  }
  if (findNginx() && process.env.CLUSTER_PROXY !== 'node') {
    // nginx's pid file, logs and temporary files: a temporary directory of its own (not under DATA_DIR, which only
    // its owner may enter: nginx started by root runs its workers as nobody), removed on exit.
    const prefix = fs.mkdtempSync(join(os.tmpdir(), 'castbridge-nginx-'));
    process.on('exit', () => fs.rmSync(prefix, { recursive: true, force: true }));
    const nginx = prepareNginx({ upstreams, port, host: '127.0.0.1', prefix, workerProcesses: 'auto' });
    const { child } = await start(nginx.command, nginx.args, { prefix: '[nginx] ' });
    await waitForListen('127.0.0.1', port, {
      failed: () =>
        child.exitCode === null ? null : `nginx exited with ${child.exitCode}: see ${prefix}/logs/error.log`,
    });
    console.log(
      `Castbridge is ready at http://127.0.0.1:${port} (nginx in front of ${count} instances; access log ${prefix}/logs/access.log)`,
    );
  } else {
    console.log(
      process.env.CLUSTER_PROXY === 'node'
        ? 'CLUSTER_PROXY=node: the proxy written here (server/cluster/proxy.ts) stands in for nginx.'
        : 'nginx is not installed: the proxy written here (server/cluster/proxy.ts) stands in for it — a fallback for this machine only; production runs nginx (deploy/nginx/, docs/operations.md "Several instances").',
    );
    await start(bin('tsx'), ['server/cluster/proxy.ts'], {
      ready: /ready at (http:\/\/\S+)/,
      prefix: '[proxy] ',
      env: { PORT: String(port), UPSTREAMS: upstreams.join(',') },
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
}

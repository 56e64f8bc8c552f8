// `npm run start:cluster` (docs/product.md §Several instances): the product as several instances on one machine behind a small reverse proxy —
// for tests and demos of the production shape. Builds the client once, starts INSTANCES (default 2) servers on
// PORT+1…PORT+N sharing DATABASE_URL (PostgreSQL; required), DATA_DIR (the generated secrets, uploads, the OAuth
// stand-ins' state) and, when set, REDIS_URL, then the proxy on PORT (default 3000). The first instance starts alone
// (it migrates and seeds the demo), the others after it.
import { resolve } from 'node:path';
import { startAuthEmulator, usesRealFirebase } from './emulator.mjs';
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
  if (process.env.SKIP_BUILD !== '1') {
    const env = { ...process.env, NODE_ENV: 'production' };
    await run(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { env });
    await run(bin('vite'), ['build', '--mode', 'overlay', '--logLevel', 'warn', '--outDir', outDir], { env });
    await run(bin('tsx'), ['scripts/prerender.ts', outDir], { env });
  }
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
  await start(bin('tsx'), ['server/cluster/proxy.ts'], {
    ready: /ready at (http:\/\/\S+)/,
    prefix: '[proxy] ',
    env: { PORT: String(port), UPSTREAMS: upstreams.join(',') },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
}

// `npm start`: build the client, then serve it and the API from one Node process: the offline demo (demo/main.ts).
// OUT_DIR builds somewhere other than dist/ (the browser tests use a temp folder so runs never collide).
import { resolve } from 'node:path';
import { startAuthEmulator, usesRealFirebase } from './emulator.mjs';
import { bin, root, run, start, stopAll, stopOnSignals } from './processes.mjs';

stopOnSignals();

const outDir = resolve(root, process.env.OUT_DIR ?? 'dist');
try {
  if (process.env.SKIP_BUILD !== '1') {
    // Always a production build, whatever NODE_ENV the caller has (vitest sets "test").
    await run(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
      env: { ...process.env, NODE_ENV: 'production' },
    });
    // The overlay page for OBS, built on its own into the same folder (vite.config.ts says why).
    await run(bin('vite'), ['build', '--mode', 'overlay', '--logLevel', 'warn', '--outDir', outDir], {
      env: { ...process.env, NODE_ENV: 'production' },
    });
    await run(bin('tsx'), ['scripts/prerender.ts', outDir], { env: { ...process.env, NODE_ENV: 'production' } });
  }
  const firebaseEnv = usesRealFirebase() ? {} : await startAuthEmulator();
  // The offline demo (demo/main.ts): without client settings, Twitch, YouTube and Stripe are local stand-ins speaking
  // their protocols (standins/), so a newcomer can connect a channel offline (STANDINS=0 turns them off), and an
  // empty database gets the demo world. Production is `npm run serve` (server/main.ts).
  const standIns = process.env.STANDINS ?? (process.env.TWITCH_CLIENT_ID || process.env.GOOGLE_CLIENT_ID ? '0' : '1');
  await start(bin('tsx'), ['demo/main.ts'], {
    ready: /ready at (http:\/\/\S+)/,
    env: {
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      STATIC_DIR: process.env.STATIC_DIR ?? outDir,
      STANDINS: standIns,
      ...firebaseEnv,
    },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
}

// `npm start`: build the client, then serve it and the API from one Node process: the offline demo (demo/main.ts).
// OUT_DIR builds somewhere other than dist/ (the browser tests use a temp folder so runs never collide).
import { resolve } from 'node:path';
import { startAuthEmulator, usesRealFirebase } from './emulator.mjs';
import { buildClient } from './build-client.mjs';
import { bin, root, start, stopAll, stopOnSignals } from './processes.mjs';

stopOnSignals();

const outDir = resolve(root, process.env.OUT_DIR ?? 'dist');
try {
  // The client: the app, the overlay page, the prerendered routes and their compressed files (build-client.mjs).
  if (process.env.SKIP_BUILD !== '1') await buildClient(outDir);
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

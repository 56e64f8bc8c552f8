// `npm run dev`: the API (the demo entry, demo/main.ts: stand-ins for what is not configured, the demo seed) on port 3001 and Vite with HMR on 5173, /api proxied to the API.
import { startAuthEmulator, usesRealFirebase } from './emulator.mjs';
import { bin, start, stopAll, stopOnSignals } from './processes.mjs';

stopOnSignals();

const apiPort = process.env.API_PORT ?? '3001';
try {
  const firebaseEnv = usesRealFirebase() ? {} : await startAuthEmulator();
  await start(bin('tsx'), ['watch', 'demo/main.ts'], {
    ready: /ready at/,
    prefix: '[api] ',
    env: { PORT: apiPort, NODE_ENV: 'development', ...firebaseEnv },
  });
  await start(bin('vite'), ['--host', '127.0.0.1'], {
    env: { API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
}

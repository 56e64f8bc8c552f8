// `npm start`: build the client, then serve it and the API from one Node process (server/main.ts).
import { bin, run, start, stopAll, stopOnSignals } from './processes.mjs';

stopOnSignals();

try {
  if (process.env.SKIP_BUILD !== '1') {
    await run(bin('vite'), ['build', '--logLevel', 'warn']);
  }
  await start(bin('tsx'), ['server/main.ts'], {
    ready: /ready at (http:\/\/\S+)/,
    env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
}

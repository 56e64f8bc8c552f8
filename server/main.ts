// The production entry (`npm run serve`): migrate, listen, print the ready line, stop cleanly on signals. It runs no
// stand-in and seeds no demo data: those belong to the demo entry (demo/main.ts, `npm start`).
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { stderrLogger as logger } from './log.ts';
import { listen, runMain } from './serve.ts';

/** Why this entry refuses to start with the environment it was given, or null. */
export function refusal(env: NodeJS.ProcessEnv): string | null {
  const standIns = (env.STANDINS ?? '').trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(standIns))
    return (
      "npm run serve is the production server and never runs the platforms' stand-ins (STANDINS is set). " +
      'Configure Twitch, Google and Stripe (docs/operations.md "Going to production"), or run the offline demo with npm start.'
    );
  return null;
}

runMain(async () => {
  const refused = refusal(process.env);
  if (refused) {
    process.stderr.write(`${refused}\n`);
    process.exit(1);
  }
  if ((process.env.SEED_DEMO ?? '').trim() !== '' && process.env.SEED_DEMO !== '0')
    logger.warn('SEED_DEMO is ignored: the production server never writes demo data (npm start does)', {});
  const castbridge = await createApp(loadConfig(process.env), { logger });
  listen(castbridge, logger);
  // METRICS_PORT: /metrics on a listener of its own (docs/operations.md "What to watch"); closed with the app.
  await castbridge.metrics?.listen();
}, logger);

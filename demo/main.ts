// The offline demo's entry (`npm start`, through scripts/start.mjs): the product with the platforms' stand-ins
// (standins/) for every provider not configured, and the demo world seeded into a database with no users. It says
// so when it starts, listens on loopback unless HOST says otherwise, and its /standin pages and APIs answer loopback
// clients only. Production runs server/main.ts (`npm run serve`), which loads none of this.
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { stderrLogger as logger } from '../server/log.ts';
import { listen, runMain } from '../server/serve.ts';
import { seedDemo } from './seed/demo.ts';
import { demoStandIns } from './standins.ts';

export const DEMO_BANNER = 'Demo mode: local stand-ins and demo data; never expose this server';

runMain(async () => {
  // Stand-ins for what is not configured, unless STANDINS=0.
  const env = { ...process.env };
  env.STANDINS ??= env.TWITCH_CLIENT_ID || env.GOOGLE_CLIENT_ID ? '0' : '1';
  // Creators get paid through the Stripe stand-in's Connect (onboarding on its page) unless told otherwise.
  if (env.STANDINS === '1' && !env.STRIPE_SECRET_KEY) env.PAYOUT_PROVIDER ??= 'stripe';
  // No load balancer fronts the demo: Ctrl-C stops it at once rather than draining (docs/operations.md).
  env.SHUTDOWN_DRAIN_MS ??= '0';
  const config = loadConfig(env);
  process.stderr.write(`\n${DEMO_BANNER}.\n`);
  if (config.host !== '127.0.0.1' && config.host !== '::1' && config.host !== 'localhost')
    process.stderr.write(
      `HOST=${config.host}: the demo answers beyond this machine; its /standin pages still answer loopback clients only.\n`,
    );
  const castbridge = await createApp(config, { logger, standIns: demoStandIns });
  if (env.SEED_DEMO !== '0') {
    const seed = await seedDemo(castbridge);
    // Printed once, on the terminal (stderr: stdout carries only the ready line), and kept in the file.
    if (seed.seeded) {
      process.stderr.write(
        `\nDemo world seeded (SEED_DEMO=0 turns this off). Sign in with:\n${seed.accounts
          .map((a) => `  ${a.role.padEnd(10)} ${a.email}  ${a.password}`)
          .join('\n')}\nThese are also in ${seed.file}\n\n`,
      );
    }
  }
  listen(castbridge, logger);
  // METRICS_PORT: /metrics on a listener of its own (docs/operations.md "What to watch"); closed with the app.
  await castbridge.metrics?.listen();
}, logger);

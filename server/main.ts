// Entry point (`tsx server/main.ts`, `npm run serve`): migrate, listen, print the ready line, stop cleanly on signals.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { stderrLogger as logger } from './log.ts';
import { seedDemo } from './seed/demo.ts';

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

async function main() {
  const config = loadConfig(process.env);
  const castbridge = await createApp(config, { logger });
  if (config.seedDemo) {
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

  const server = serve(
    { fetch: castbridge.app.fetch, port: config.port, hostname: config.host },
    (info: AddressInfo) => {
      logger.info('listening', {
        host: config.host,
        port: info.port,
        database: castbridge.dialect,
        staticDir: config.staticDir,
      });
      // Tooling waits for exactly this line on stdout and reads the port from it.
      const url = `http://${displayHost(config.host)}:${info.port}`;
      castbridge.links.setOrigin(url);
      process.stdout.write(`Castbridge is ready at ${url}\n`);
    },
  );
  server.on('error', (error) => {
    logger.error('server error', { error: error.stack ?? String(error) });
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    // Idle keep-alive sockets would hold close() open; in-flight requests may finish for a few seconds.
    const force = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, 5000);
    force.unref();
    server.close(() => {
      castbridge
        .close()
        .catch((error: unknown) => logger.error('error while closing the database', { error: String(error) }))
        .finally(() => process.exit(0));
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  logger.error('failed to start', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});

// Listens with a built app, prints the ready line, and stops cleanly on signals: shared by the production entry
// (server/main.ts) and the demo's (demo/main.ts).
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { CastbridgeApp } from './app.ts';
import type { Logger } from './log.ts';

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export function listen(castbridge: CastbridgeApp, logger: Logger): void {
  const { config } = castbridge;
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

/** Runs an entry's main, logging a failure to start and exiting 1. */
export function runMain(main: () => Promise<void>, logger: Logger): void {
  main().catch((error: unknown) => {
    logger.error('failed to start', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  });
}

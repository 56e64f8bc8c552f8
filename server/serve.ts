// Listens with a built app, prints the ready line, and stops cleanly on signals: shared by the production entry
// (server/main.ts) and the demo's (demo/main.ts).
//
// Stopping (docs/operations.md §Stopping and draining), so that a load balancer loses no request:
//   1. SIGTERM or SIGINT: GET /readyz answers 503 "shutting down" at once; everything else is still served.
//   2. For SHUTDOWN_DRAIN_MS the server answers every request as before, with `Connection: close`, so that keep-alive
//      peers reconnect (to another instance, once their health checks saw the 503). A balancer that checks passively
//      (open-source nginx: deploy/nginx/ says so with `X-Balancer-Checks: passive`) never asks /readyz and learns
//      only from failed requests: its GET and HEAD requests are answered 503 "Shutting down", which it sends again to
//      another instance and counts against this one (fail_timeout longer than the drain), so that by the time this
//      one stops accepting, it sends nothing here. Otherwise a write it sent as the listener closed would be reset,
//      and a write is never sent twice: a 502.
//   3. Then it stops accepting connections, closes the idle ones and ends its live streams (the clients reconnect
//      elsewhere and replay what they missed), and waits up to SHUTDOWN_GRACE_MS for requests in flight.
//   4. What is still open then is closed; the app closes (jobs, clicks, database) and the process exits 0.
// A second signal during the drain skips the rest of it (a second Ctrl-C).
import { serve } from '@hono/node-server';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CastbridgeApp } from './app.ts';
import { endLiveStreams } from './http/live-stream.ts';
import type { Logger } from './log.ts';

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Sent by a balancer that learns an instance's health only from failed requests, with the value `passive`. */
export const BALANCER_CHECKS_HEADER = 'x-balancer-checks';

/** How often idle connections are closed while the server waits for the last requests. */
const IDLE_SWEEP_MS = 100;

export function listen(castbridge: CastbridgeApp, logger: Logger): void {
  const { config } = castbridge;
  let draining = false;
  const answer = castbridge.app.fetch;
  // Never HTTP/2 here: a plain Node HTTP server.
  const server = serve(
    {
      fetch: (request, env) => {
        if (draining) {
          const { incoming, outgoing } = env as { incoming?: IncomingMessage; outgoing?: ServerResponse };
          // Node reads this header when it writes the head: the connection closes after this answer.
          outgoing?.setHeader('Connection', 'close');
          if (
            (request.method === 'GET' || request.method === 'HEAD') &&
            incoming?.headers[BALANCER_CHECKS_HEADER] === 'passive'
          )
            return Response.json(
              { message: 'Shutting down' },
              { status: 503, headers: { 'Cache-Control': 'no-store' } },
            );
        }
        return answer(request, env);
      },
      port: config.port,
      hostname: config.host,
    },
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
  ) as Server;
  server.on('error', (error) => {
    logger.error('server error', { error: error.stack ?? String(error) });
    process.exit(1);
  });

  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    const { graceMs } = config.shutdown;
    logger.info('shutting down: no longer accepting connections', { graceMs });
    // Idle keep-alive sockets would hold close() open (and a socket goes idle each time a request is answered).
    const sweeper = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const force = setTimeout(() => {
      logger.warn('shutting down: grace period over, closing the connections still open', { graceMs });
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearInterval(sweeper);
      clearTimeout(force);
      castbridge
        .close()
        .catch((error: unknown) => logger.error('error while closing the app', { error: String(error) }))
        .finally(() => {
          logger.info('stopped', {});
          process.exit(0);
        });
    });
    server.closeIdleConnections();
    // Each stream writes what it has queued and ends; its client reconnects elsewhere with Last-Event-ID.
    endLiveStreams();
  };

  let drain: NodeJS.Timeout | null = null;
  const stop = (signal: string) => {
    if (draining) {
      // A second signal: no more waiting.
      if (drain) clearTimeout(drain);
      close();
      return;
    }
    draining = true;
    // Readiness first: the load balancer stops sending here while this instance still answers.
    castbridge.health.shutDown();
    const { drainMs } = config.shutdown;
    logger.info('shutting down: not ready, draining', { signal, drainMs });
    drain = setTimeout(close, drainMs);
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

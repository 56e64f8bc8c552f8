// Serves a stand-in Hono app on 127.0.0.1 at a free port, for the tests.
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in never closes an idle keep-alive connection itself (`keepAliveTimeout` 0): its clients (the tests' fetch)
 * drop theirs first, so a request is never written on a connection the stand-in is closing. With Node's default (5 s,
 * the client dropping at 4 s) a busy machine lagged past the margin and a control call met ECONNRESET (2026-12-01).
 * `close()` still ends the idle ones (Node closes idle connections on close).
 */
export function keepConnections(server: ServerType): void {
  (server as http.Server).keepAliveTimeout = 0;
}

export async function listen(app: Hono): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      keepConnections(server);
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

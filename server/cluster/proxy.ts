// A small reverse proxy in front of several instances (docs/product.md §Several instances), on `http-proxy`: the
// fallback of `npm run start:cluster` on a machine without nginx (deploy/nginx/ is what runs in front of the instances
// in production, in the cluster tests and in the rolling-restart bench); bench/cluster.ts still measures through it.
// Requests go round-robin; an instance that refuses connections is skipped for a few seconds
// and the request goes to the next one. A request is sent again only when it cannot have been processed: any request
// whose connection was refused, and a GET or HEAD whose connection broke before an answer. A write that reached an
// instance which then died answers 502 — it was never acknowledged, and it is never applied twice by the proxy.
// Streams (Server-Sent Events) pass through as they come.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import httpProxy from 'http-proxy';

export interface ClusterProxy {
  url: string;
  port: number;
  close(): Promise<void>;
  /** Requests sent to each upstream, and retries after a refused or broken connection. */
  stats(): { sent: Record<string, number>; retried: number };
}

const DOWN_MS = 2000;
/** Bodies are read whole before proxying (so that a refused connection can be retried elsewhere). */
const MAX_BODY = 16 * 1024 * 1024;

export async function startProxy(options: {
  upstreams: string[];
  port?: number;
  host?: string;
  log?: (line: string) => void;
}): Promise<ClusterProxy> {
  const upstreams = options.upstreams.map((url) => url.replace(/\/+$/, ''));
  const downUntil = new Map<string, number>();
  const sent: Record<string, number> = Object.fromEntries(upstreams.map((url) => [url, 0]));
  let retried = 0;
  let next = 0;
  // Connections to the instances are kept and reused (a new one per request would cost more than the request).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const proxy = httpProxy.createProxyServer({ xfwd: true, ws: false, proxyTimeout: 0, agent });

  /** The next upstream that is not known to be down (all of them when every one is). */
  function pick(exclude: Set<string>): string | null {
    const now = Date.now();
    for (let i = 0; i < upstreams.length; i += 1) {
      const url = upstreams[(next + i) % upstreams.length]!;
      if (exclude.has(url) || (downUntil.get(url) ?? 0) > now) continue;
      next = (next + i + 1) % upstreams.length;
      return url;
    }
    return upstreams.find((url) => !exclude.has(url)) ?? null;
  }

  function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: Set<string>) {
    const target = pick(tried);
    if (!target) {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'No instance answered' }));
      return;
    }
    tried.add(target);
    sent[target] = (sent[target] ?? 0) + 1;
    proxy.web(
      req,
      res,
      { target, buffer: Readable.from(body.length ? [body] : []) },
      (error: NodeJS.ErrnoException) => {
        const refused = error.code === 'ECONNREFUSED';
        if (refused) downUntil.set(target, Date.now() + DOWN_MS);
        const safe = req.method === 'GET' || req.method === 'HEAD';
        const broken = error.code === 'ECONNRESET' || error.message === 'socket hang up';
        if (!res.headersSent && (refused || (safe && broken)) && tried.size < upstreams.length) {
          retried += 1;
          forward(req, res, body, tried);
          return;
        }
        options.log?.(`proxy: ${req.method} ${req.url} to ${target} failed: ${error.code ?? error.message}`);
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'The instance did not answer' }));
        } else res.destroy();
      },
    );
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        res.writeHead(413, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Request body too large' }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!res.writableEnded) forward(req, res, Buffer.concat(chunks), new Set());
    });
  });
  // Long-lived streams must not be cut by the proxy's own timeouts.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    stats: () => ({ sent: { ...sent }, retried }),
    async close() {
      proxy.close();
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// `tsx server/cluster/proxy.ts`: UPSTREAMS (comma-separated URLs), PORT and HOST; prints the same ready line as the
// server, so tooling can wait for it.
if (import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1] ?? '').href) {
  const upstreams = (process.env.UPSTREAMS ?? '').split(',').filter(Boolean);
  if (upstreams.length === 0)
    throw new Error('UPSTREAMS: the instances to proxy, e.g. http://127.0.0.1:3001,http://127.0.0.1:3002');
  const running = await startProxy({
    upstreams,
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '127.0.0.1',
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`Castbridge is ready at ${running.url} (proxy for ${upstreams.length} instances)\n`);
  const stop = () => void running.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

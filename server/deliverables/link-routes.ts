// GET /l/<code>: the tracked link (docs/product.md §Tracked links). Mounted by app.ts ahead of every other middleware:
// a redirect needs none of the pages' security headers or the API's session, and a link in a busy chat is clicked
// thousands of times a second. The answer is decided in memory (./clicks.ts); every click is redirected, counted or
// not, and only a code that is no link answers 404.
import type { IncomingMessage } from 'node:http';
import { Hono, type Context } from 'hono';
import { addressBlock, clientIp } from '../http/client-ip.ts';
import type { Logger } from '../log.ts';
import type { ClickAnswer, ClickCounter } from './clicks.ts';

export interface LinkRoutesDeps {
  config: { trustProxy: boolean };
  clicks: ClickCounter;
  logger: Logger;
}

const NOT_FOUND = 'This link does not lead anywhere. Check that it was copied whole.';

const COMMON = {
  // Every click has to reach us: a cached redirect would go uncounted (and keep going to an old URL).
  'Cache-Control': 'no-store',
  // The brand learns where the visit came from by the UTM parameters, not by the page the visitor was on.
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** A redirect's headers per destination, made once: Node writes them without changing them. */
const redirects = new Map<string, Record<string, string>>();
const MAX_REDIRECTS = 10_000;

function respond(c: Context, answer: ClickAnswer): Response {
  if (answer.status === 302) {
    const location = answer.location!;
    let headers = redirects.get(location);
    if (!headers) {
      headers = { ...COMMON, Location: location, 'Content-Length': '0' };
      if (redirects.size >= MAX_REDIRECTS) redirects.clear();
      redirects.set(location, headers);
    }
    // An empty string rather than no body, and the headers as a plain object: @hono/node-server then writes the answer
    // straight from them, without building a standard Response and Headers first.
    return new Response('', { status: 302, headers });
  }
  return new Response(c.req.method === 'HEAD' ? null : NOT_FOUND, {
    status: 404,
    headers: { ...COMMON, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/**
 * A request header, from Node's own parsed headers when the request came over a socket (@hono/node-server's
 * bindings): the standard Headers object that c.req.header() would build first costs more than the rest of a click.
 */
function header(c: Context, name: 'user-agent' | 'x-forwarded-for'): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

export function linkRoutes(deps: LinkRoutesDeps): Hono {
  const app = new Hono();
  app.get('/l/:code', (c): Response | Promise<Response> => {
    const forwarded = deps.config.trustProxy ? header(c, 'x-forwarded-for') : undefined;
    // clientIp's rule (server/http/client-ip.ts) — the right-most X-Forwarded-For entry behind our proxy — on the
    // header read above; clientIp itself for the socket's address.
    const address = forwarded
      ? forwarded.split(',').at(-1)!.trim().slice(0, 64) || clientIp(c, false)
      : clientIp(c, false);
    const answer = deps.clicks.click(c.req.param('code'), {
      // The address as the limits count it (an IPv6 address as its /64): one home is one visitor.
      address: addressBlock(address),
      userAgent: header(c, 'user-agent') ?? '',
      head: c.req.method === 'HEAD',
    });
    return answer instanceof Promise ? answer.then((settled) => respond(c, settled)) : respond(c, answer);
  });
  // Only a link not yet in memory reads the database: when that fails, the visitor is asked to try again.
  app.onError((error, c) => {
    deps.logger.error('tracked link failed', { path: c.req.path, error: error.stack ?? String(error) });
    return new Response('The link could not be opened just now. Try again in a moment.', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' },
    });
  });
  return app;
}

/** Whether `url` (absolute) is GET or HEAD /l/<one segment>, as linkRoutes answers it. */
function isLinkRequest(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url;
  const path = url.indexOf('/', url.indexOf('//') + 2);
  if (path < 0 || !url.startsWith('/l/', path)) return false;
  const end = url.indexOf('?', path);
  const next = url.indexOf('/', path + 3);
  return next < 0 || (end >= 0 && next > end);
}

/**
 * Makes `app` answer GET /l/<code> through `links` before its own router and middleware: the whole API's router
 * and the pages' middleware cost more than the redirect itself (`npm run bench -- links`). Every other request, and
 * /l/… requests of another shape, go to `app` as before.
 */
export function answerLinksFirst(app: { fetch: Hono['fetch'] }, links: Hono): void {
  const rest = app.fetch;
  app.fetch = (request, env, executionCtx) =>
    isLinkRequest(request) ? links.fetch(request, env, executionCtx) : rest(request, env, executionCtx);
}

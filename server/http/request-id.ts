// Every request carries an id (docs/operations.md §Request ids): the caller's X-Request-Id when it is a sane token
// (a load balancer's, another service's), otherwise a new random UUID. It is sent back in the X-Request-Id answer
// header and, through server/log.ts's request context (server/async-context.ts: along the request's promises),
// written on every log line the request causes — the jobs it queues included (server/jobs/table.ts). Wraps the app's
// fetch, outside the router, so the tracked links answered before it (server/deliverables/link-routes.ts) get theirs
// too; on a socket the header is read from Node's own parsed headers and set on Node's response, so the redirect's hot
// path builds no Headers object.
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { currentRequestId, serveWithRequestId } from '../log.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const HEADER_KEY = 'x-request-id';
const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

/** `given` when it is a usable request id, otherwise null. */
export function saneRequestId(given: string | null | undefined): string | null {
  return given && SANE.test(given) ? given : null;
}

// New ids are random (version 4) UUIDs, as crypto.randomUUID() makes them, but written into one string:
// randomUUID joins some twenty pieces per id, and their garbage cost about 0.7 µs of CPU a request under load (the
// request-id wrapper's cost, `npm run bench -- observability`). Random bytes are drawn for POOL ids at a time.
const POOL = 256;
const random = Buffer.alloc(16 * POOL);
let drawn = POOL;
const text = Buffer.alloc(36);
const HEX = Buffer.from('0123456789abcdef', 'latin1');

/** A new random UUID (version 4, RFC 9562 §5.4). */
export function newRequestId(): string {
  if (drawn === POOL) {
    crypto.randomFillSync(random);
    drawn = 0;
  }
  const at = 16 * drawn;
  drawn += 1;
  random[at + 6] = (random[at + 6]! & 0x0f) | 0x40; // version 4
  random[at + 8] = (random[at + 8]! & 0x3f) | 0x80; // variant 10
  let out = 0;
  for (let index = 0; index < 16; index += 1) {
    if (index === 4 || index === 6 || index === 8 || index === 10) text[out++] = 0x2d; // '-'
    const byte = random[at + index]!;
    text[out++] = HEX[byte >> 4]!;
    text[out++] = HEX[byte & 15]!;
  }
  return text.toString('latin1', 0, 36);
}

type Fetch = (request: Request, env?: unknown, executionCtx?: never) => Response | Promise<Response>;

function tagged(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    // Immutable headers (a fetched answer passed through): a copy carries it.
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}

export function withRequestIds(app: { fetch: Fetch }): void {
  const rest = app.fetch;
  app.fetch = (request, env, executionCtx) => {
    const bindings = env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
    const headers = bindings?.incoming?.headers;
    const raw = headers ? headers[HEADER_KEY] : request.headers.get(HEADER_KEY);
    // A request made in process while serving another (the stand-ins, through server/http/self-fetch.ts) keeps its id.
    const requestId = saneRequestId(Array.isArray(raw) ? raw[0] : raw) ?? currentRequestId() ?? newRequestId();
    const outgoing = bindings?.outgoing;
    if (outgoing && typeof outgoing.setHeader === 'function') {
      // Merged by Node into whatever head @hono/node-server writes. Named in lower case, which Node keeps as it is
      // (it lower-cases every name it is given: a new string each time); header names are case-insensitive.
      outgoing.setHeader(HEADER_KEY, requestId);
      return serveWithRequestId(requestId, rest, request, env, executionCtx);
    }
    const answer = serveWithRequestId(requestId, rest, request, env, executionCtx);
    return answer instanceof Promise
      ? answer.then((response) => tagged(response, requestId))
      : tagged(answer, requestId);
  };
}

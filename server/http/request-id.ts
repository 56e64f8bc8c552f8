// Every request carries an id (docs/operations.md §Request ids): the caller's X-Request-Id when it is a sane token
// (a load balancer's, another service's), otherwise a new UUID. It is sent back in the X-Request-Id answer header
// and, through server/log.ts's request context (server/async-context.ts: along the request's promises), written on
// every log line the request causes — the jobs it queues included (server/jobs/table.ts). Wraps the app's fetch,
// outside the router, so the tracked links answered before it (server/deliverables/link-routes.ts) get theirs too; on
// a socket the header is read from Node's own parsed headers and set on Node's response, so the redirect's hot path
// builds no Headers object.
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { currentRequestId, runWithRequestId } from '../log.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

/** `given` when it is a usable request id, otherwise null. */
export function saneRequestId(given: string | null | undefined): string | null {
  return given && SANE.test(given) ? given : null;
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
    const raw = headers ? headers['x-request-id'] : request.headers.get('x-request-id');
    // A request made in process while serving another (the stand-ins, through server/http/self-fetch.ts) keeps its id.
    const requestId = saneRequestId(Array.isArray(raw) ? raw[0] : raw) ?? currentRequestId() ?? crypto.randomUUID();
    const outgoing = bindings?.outgoing;
    if (outgoing && typeof outgoing.setHeader === 'function') {
      // Merged by Node into whatever head @hono/node-server writes.
      outgoing.setHeader(REQUEST_ID_HEADER, requestId);
      return runWithRequestId(requestId, () => rest(request, env, executionCtx));
    }
    const answer = runWithRequestId(requestId, () => rest(request, env, executionCtx));
    return answer instanceof Promise
      ? answer.then((response) => tagged(response, requestId))
      : tagged(answer, requestId);
  };
}

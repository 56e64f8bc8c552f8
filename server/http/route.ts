// One way to serve an endpoint of the contract: its method, path and authentication come from contract/endpoints.ts,
// then who may call it: the roles of endpointRoles (any other is a 403) and the domain's own authorize step (a record
// in the path that is not the caller's is a 404), both before anything of the request is read, so a caller who may
// not call it learns nothing of what it accepts (docs/api.md §Conventions). Then its body and query are validated
// with contract/index.ts's schemas (4xx { message } otherwise), and its handler
// returns the success body, which the route answers with the contract's status. With CONTRACT_CHECK=1 (the tests)
// every answer is checked against the response schema, so a route that drifts from the contract fails loudly.
import type { Context, Hono } from 'hono';
import {
  endpoints,
  schemas,
  type EndpointName,
  type ResponseBody,
  type ValidBody,
  type ValidQuery,
} from '../../contract/index.ts';
import { endpointRoles } from '../../contract/endpoints.ts';
import type { Role } from '../../contract/marketplace.ts';
import type { Config } from '../config.ts';
import { ContractViolation, describeIssues, HttpError, parseWith } from './errors.ts';
import { readJson } from './json-body.ts';
import type { Problem } from './problems.ts';
import { optionalUser, requireRole, requireUser, type AppEnv, type SessionCheck } from './session.ts';

export interface RouteInput<N extends EndpointName> {
  body: ValidBody<N>;
  query: ValidQuery<N>;
}

/** The success body; or a Response for answers the contract does not describe as JSON (streams, files). */
export type RouteHandler<N extends EndpointName> = (
  c: Context<AppEnv>,
  input: RouteInput<N>,
) => Promise<ResponseBody<N> | Response> | ResponseBody<N> | Response;

/** What registering a route needs: the session check for its guard and whether answers are checked (CONTRACT_CHECK). */
export interface RouteDeps {
  sessions: SessionCheck;
  config: Pick<Config, 'contractCheck'>;
}

/** Who may call an endpoint beyond its role, checked before its body or query is read. */
export interface RouteOptions {
  /** The 403 refusal for a role endpointRoles does not list; by default "Only <role> accounts can do this". */
  forbidden?: Problem;
  /**
   * Runs after the role check, before the body or query is read: throws (an HttpError) when the caller may not act
   * on what the path names, e.g. 404 for another user's record.
   */
  authorize?: (c: Context<AppEnv>) => Promise<void> | void;
}

/** Registers endpoint `name` on `app`; `options` (before the handler) say who may call it beyond its role. */
export function route<N extends EndpointName>(
  app: Hono<AppEnv>,
  deps: RouteDeps,
  name: N,
  handler: RouteHandler<N>,
): void;
export function route<N extends EndpointName>(
  app: Hono<AppEnv>,
  deps: RouteDeps,
  name: N,
  options: RouteOptions,
  handler: RouteHandler<N>,
): void;
export function route<N extends EndpointName>(
  app: Hono<AppEnv>,
  deps: RouteDeps,
  name: N,
  ...rest: [RouteHandler<N>] | [RouteOptions, RouteHandler<N>]
): void {
  const [options, handler] = rest.length === 1 ? [{} as RouteOptions, rest[0]] : rest;
  const meta = endpoints[name];
  const spec = schemas[name] as {
    body?: unknown;
    query?: unknown;
    response: { safeParse(value: unknown): { success: boolean; error?: unknown } };
    status: 200 | 201 | 202;
  };
  const body = spec.body && spec.body !== 'multipart' ? (spec.body as Parameters<typeof parseWith>[0]) : null;
  const query = spec.query ? (spec.query as Parameters<typeof parseWith>[0]) : null;
  const check = deps.config.contractCheck;
  const roles = (endpointRoles as Partial<Record<EndpointName, readonly Role[]>>)[name];

  const serve = async (c: Context<AppEnv>) => {
    if (roles && !roles.includes(c.get('role'))) {
      if (options.forbidden) throw new HttpError(403, options.forbidden);
      requireRole(c, ...roles);
    }
    if (options.authorize) await options.authorize(c);
    const input = {
      body: body ? parseWith(body, await readJson(c)) : undefined,
      query: query ? parseWith(query, c.req.query()) : undefined,
    } as RouteInput<N>;
    const result = await handler(c, input);
    if (result instanceof Response) return result;
    if (check) {
      const parsed = spec.response.safeParse(result);
      if (!parsed.success) {
        throw new ContractViolation(
          `${meta.method} ${meta.path} answered outside its contract: ${describeIssues(parsed.error as never)}`,
        );
      }
    }
    return c.json(result as object, spec.status);
  };

  if (meta.auth === 'bearer') app.on(meta.method, meta.path, requireUser(deps.sessions), serve);
  else if (meta.auth === 'optional') app.on(meta.method, meta.path, optionalUser(deps.sessions), serve);
  else app.on(meta.method, meta.path, serve);
}

export { HttpError };

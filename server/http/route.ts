// One way to serve an endpoint of the contract: its method, path and authentication come from contract/endpoints.ts,
// its body and query are validated with contract/index.ts's schemas (4xx { message } otherwise), and its handler
// returns the success body, which the route answers with the contract's status. With CONTRACT_CHECK=1 (the tests)
// every answer is checked against the response schema, so a route that drifts from the contract fails loudly.
import type { Context, Hono } from 'hono';
import { endpoints, schemas, type EndpointName, type ResponseBody, type ValidBody, type ValidQuery } from '../../contract/index.ts';
import { optionalUser, requireUser } from '../accounts/require-user.ts';
import type { AppEnv, Services } from '../services.ts';
import { describeIssues, HttpError, parseWith } from './errors.ts';
import { readJson } from './json-body.ts';

export interface RouteInput<N extends EndpointName> {
  body: ValidBody<N>;
  query: ValidQuery<N>;
}

/** The success body; or a Response for answers the contract does not describe as JSON (streams, files). */
export type RouteHandler<N extends EndpointName> = (
  c: Context<AppEnv>,
  input: RouteInput<N>,
) => Promise<ResponseBody<N> | Response> | ResponseBody<N> | Response;

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/** Registers endpoint `name` on `app`. */
export function route<N extends EndpointName>(app: Hono<AppEnv>, services: Pick<Services, 'tokens' | 'users' | 'config'>, name: N, handler: RouteHandler<N>): void {
  const meta = endpoints[name];
  const spec = schemas[name] as { body?: unknown; query?: unknown; response: { safeParse(value: unknown): { success: boolean; error?: unknown } }; status: 200 | 201 | 202 };
  const body = spec.body && spec.body !== 'multipart' ? (spec.body as Parameters<typeof parseWith>[0]) : null;
  const query = spec.query ? (spec.query as Parameters<typeof parseWith>[0]) : null;
  const check = services.config.contractCheck;

  const serve = async (c: Context<AppEnv>) => {
    const input = {
      body: body ? parseWith(body, await readJson(c)) : undefined,
      query: query ? parseWith(query, c.req.query()) : undefined,
    } as RouteInput<N>;
    const result = await handler(c, input);
    if (result instanceof Response) return result;
    if (check) {
      const parsed = spec.response.safeParse(result);
      if (!parsed.success) {
        throw new ContractViolation(`${meta.method} ${meta.path} answered outside its contract: ${describeIssues(parsed.error as never)}`);
      }
    }
    return c.json(result as object, spec.status);
  };

  if (meta.auth === 'bearer') app.on(meta.method, meta.path, requireUser(services), serve);
  else if (meta.auth === 'optional') app.on(meta.method, meta.path, optionalUser(services), serve);
  else app.on(meta.method, meta.path, serve);
}

export { HttpError };

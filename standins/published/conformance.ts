// Holds every stand-in to the platform's published description (README.md beside this file): each request the
// product sends is checked against it before the stand-in answers, and each answer the stand-in gives against the
// answer's schema. A request the description refuses is answered as the platform answers it (Stripe's
// invalid_request_error, Google's 400 with its reason, Helix's JSON error); an answer that breaks the schema is the
// stand-in's bug. Both are recorded here: the test suite ends each file with none left (test/server/conformance-setup.ts),
// and a test that sends an invalid request on purpose takes its own with `takeViolations`.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Context, MiddlewareHandler } from 'hono';
import stripeDescription from './stripe-openapi.json' with { type: 'json' };
import youtubeDescription from './youtube-discovery.json' with { type: 'json' };
import {
  EVENTSUB_MESSAGE_TYPES,
  EVENTSUB_METADATA,
  HELIX_ENDPOINTS,
  HELIX_RATE_LIMIT_HEADERS,
  type HelixEndpoint,
} from './twitch-helix.ts';

// ------------------------------------------------------------------------------------------------ the registry

export type Platform = 'stripe' | 'youtube' | 'twitch' | 'eventsub';

export interface Violation {
  platform: Platform;
  /** A request the platform would refuse (the product's), or an answer that breaks the description (the stand-in's). */
  kind: 'request' | 'answer';
  method: string;
  path: string;
  message: string;
  at: number;
}

const registry: Violation[] = [];

function record(violation: Omit<Violation, 'at'>) {
  registry.push({ ...violation, at: Date.now() });
  // Outside the tests (the demo, and the demo the browser tests run: STANDINS_REPORT=1), each one is said where the
  // developer sees it; the browser tests fail on any (test/e2e/global-setup.ts).
  if (!process.env.VITEST || process.env.STANDINS_REPORT === '1')
    console.warn(
      `[stand-in] ${violation.platform} ${violation.kind} breaks the published description: ${violation.method} ${violation.path}: ${violation.message}`,
    );
  // A long demo keeps the latest ones.
  if (registry.length > 1_000) registry.splice(0, registry.length - 1_000);
}

/**
 * Records a violation of a published rule the descriptions cannot express, checked by a stand-in itself (one filter
 * on liveBroadcasts.list, a chat message's length, a scope: youtube.ts, twitch-scopes.ts), so that it fails the test
 * that sent it as the checks here do.
 */
export function recordViolation(violation: Omit<Violation, 'at'>): void {
  record(violation);
}

/** Every violation recorded in this process (this test file) and not taken yet. */
export function violations(): readonly Violation[] {
  return [...registry];
}

/** Removes and returns the violations `predicate` accepts: a test that sent an invalid request on purpose. */
export function takeViolations(predicate: (violation: Violation) => boolean = () => true): Violation[] {
  const taken = registry.filter(predicate);
  for (const violation of taken) registry.splice(registry.indexOf(violation), 1);
  return taken;
}

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
const newAjv = (coerceTypes: boolean) => {
  const ajv = new Ajv({ strict: false, allErrors: false, coerceTypes, validateFormats: true, inlineRefs: false });
  addFormats(ajv, ['date-time']);
  return ajv;
};

/** The answer's JSON, when it is JSON and not a stream; null otherwise. */
async function answerJson(c: Context): Promise<{ ok: true; value: unknown } | null> {
  const type = c.res.headers.get('content-type') ?? '';
  if (!type.includes('application/json') || c.res.bodyUsed || !c.res.body) return null;
  try {
    return { ok: true, value: await c.res.clone().json() };
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------------------------------------ Stripe

type Json = Record<string, unknown>;

const stripeAjv = newAjv(true);
const stripeAnswers = newAjv(false);
{
  // The description's references, named for the schema store.
  const doc = JSON.parse(
    JSON.stringify(stripeDescription).replaceAll('"#/components/schemas/', '"stripe#/components/schemas/'),
  ) as Json;
  stripeAjv.addSchema({ components: doc.components }, 'stripe');
  // Answers: every field given must be as Stripe describes it, and each object has its id and object. Real Stripe
  // gives every field of an object (null when empty); the stand-in gives those the product reads, so the other
  // required fields are not asked of it (README.md: what remains).
  const answerComponents = JSON.parse(JSON.stringify(doc.components), (key, value: unknown) =>
    key === 'required' && Array.isArray(value) ? value.filter((field) => field === 'id' || field === 'object') : value,
  ) as Json;
  stripeAnswers.addSchema({ components: answerComponents }, 'stripe');
}
const stripePaths = Object.entries(
  JSON.parse(
    JSON.stringify(stripeDescription.paths).replaceAll('"#/components/schemas/', '"stripe#/components/schemas/'),
  ) as Record<string, Record<string, Json>>,
).map(([path, methods]) => ({
  path,
  pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  literal: !path.includes('{'),
  methods,
}));
const compiled = new Map<string, ValidateFunction>();
const compile = (ajv: Ajv, key: string, schema: unknown) => {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema as Json);
    compiled.set(key, validate);
  }
  return validate;
};

/**
 * A form body or query as Stripe reads it: `a[b][0][c]=v` nests, `k[]=v` and `k[0]=v` are lists, every leaf a
 * string (the schema's types are checked on the string, as Stripe coerces it).
 */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Json = out;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      if (part === '') {
        // `k[]`: appended
        const list = node as unknown as Json;
        const next = String(Object.keys(list).length);
        if (last) list[next] = value;
        else node = (list[next] = {}) as Json;
        return;
      }
      if (last) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const lists = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Json);
    const indexed = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
    if (indexed) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => lists(v));
    return Object.fromEntries(entries.map(([k, v]) => [k, lists(v)]));
  };
  return lists(out) as Json;
}

/** `/line_items/0/price_data` as Stripe names the parameter: `line_items[0][price_data]`. */
const stripeParam = (pointer: string, extra?: string) => {
  const parts = [...pointer.split('/').filter(Boolean), ...(extra === undefined ? [] : [extra])].map((p) =>
    p.replace(/~1/g, '/').replace(/~0/g, '~'),
  );
  return parts.map((part, index) => (index === 0 ? part : `[${part}]`)).join('');
};

const oneOf = (values: readonly unknown[]) =>
  values.length <= 1
    ? String(values[0])
    : `${values.slice(0, -1).map(String).join(', ')}, or ${String(values[values.length - 1])}`;

/** The error Stripe gives for the first thing wrong, in Stripe's words. */
function stripeRefusal(errors: ErrorObject[], params: Json): { message: string; param: string } {
  const rank = (error: ErrorObject) =>
    ({ additionalProperties: 0, required: 1, enum: 2, const: 2, type: 3 })[error.keyword] ?? 9;
  const [error] = errors
    .filter((error) => error.keyword !== 'anyOf')
    .sort((a, b) => b.instancePath.length - a.instancePath.length || rank(a) - rank(b));
  if (!error) return { message: 'Invalid request', param: '' };
  const valueAt = (pointer: string) =>
    pointer
      .split('/')
      .filter(Boolean)
      .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], params);
  if (error.keyword === 'additionalProperties') {
    const param = stripeParam(error.instancePath, String(error.params.additionalProperty));
    return { message: `Received unknown parameter: ${param}`, param };
  }
  if (error.keyword === 'required') {
    const param = stripeParam(error.instancePath, String(error.params.missingProperty));
    return { message: `Missing required param: ${param}.`, param };
  }
  const param = stripeParam(error.instancePath);
  // Every acceptable value of an enum met in the alternatives at this place.
  const allowed = errors
    .filter((e) => e.instancePath === error.instancePath && (e.keyword === 'enum' || e.keyword === 'const'))
    .flatMap((e) => (e.keyword === 'enum' ? (e.params.allowedValues as unknown[]) : [e.params.allowedValue]))
    .filter((v) => v !== '');
  if (allowed.length) return { message: `Invalid ${param}: must be one of ${oneOf(allowed)}`, param };
  if (error.keyword === 'type') {
    const expected = String(error.params.type);
    const value = valueAt(error.instancePath);
    if (expected.includes('object')) return { message: 'Invalid hash', param };
    if (expected.includes('array')) return { message: 'Invalid array', param };
    const shown = typeof value === 'object' ? JSON.stringify(value) : String(value);
    const name = expected.includes('number') || expected.includes('integer') ? 'integer' : expected;
    return { message: `Invalid ${name}: ${shown}`, param };
  }
  return { message: `Invalid ${param}: ${error.message ?? 'not valid'}`, param };
}

const stripeError = (c: Context, status: 400 | 404, message: string, param?: string) =>
  c.json({ error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } }, status);

/**
 * Checks each Stripe API request (`/v1/…`) against Stripe's description and each answer against the schema of what
 * it answers. Mounted inside the Stripe stand-in (`app.use('/v1/*', stripeConformance())`).
 */
export function stripeConformance(): MiddlewareHandler {
  return async (c, next) => {
    const path = /\/v1\/.*$/.exec(c.req.path)?.[0] ?? c.req.path;
    const method = c.req.method.toLowerCase();
    const matches = stripePaths.filter((entry) => entry.pattern.test(path));
    const entry = matches.find((m) => m.literal && m.methods[method]) ?? matches.find((m) => m.methods[method]);
    const operation = entry?.methods[method];
    if (!entry || !operation) {
      const message = `Unrecognized request URL (${c.req.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`;
      record({ platform: 'stripe', kind: 'request', method: c.req.method, path, message });
      return stripeError(c, 404, message);
    }
    const raw = method === 'get' || method === 'delete' ? new URL(c.req.url).search.slice(1) : await c.req.text();
    const params = parseStripeForm(raw);
    const validate = compile(stripeAjv, `stripe:${method}:${entry.path}`, operation['x-params']);
    // Coercion rewrites what it checks: the stand-in reads its own copy of the body.
    if (!validate(structuredClone(params))) {
      const refusal = stripeRefusal(validate.errors ?? [], params);
      record({ platform: 'stripe', kind: 'request', method: c.req.method, path, message: refusal.message });
      return stripeError(c, 400, refusal.message, refusal.param);
    }
    await next();
    const answer = await answerJson(c);
    if (!answer) return;
    const status = c.res.status;
    if (status >= 400) {
      const error = (answer.value as { error?: { type?: unknown; message?: unknown } }).error;
      if (typeof error?.type !== 'string' || typeof error.message !== 'string')
        record({
          platform: 'stripe',
          kind: 'answer',
          method: c.req.method,
          path,
          message: `a ${status} answer without Stripe's error object ({ error: { type, message } })`,
        });
      return;
    }
    const wrong = stripeAnswerFault(entry, method, answer.value);
    if (wrong) record({ platform: 'stripe', kind: 'answer', method: c.req.method, path, message: wrong });
  };
}

function stripeAnswerFault(entry: (typeof stripePaths)[number], method: string, value: unknown): string | null {
  const schema = (
    entry.methods[method]?.responses as Record<string, { content: { 'application/json': { schema: Json } } }>
  )['200']?.content['application/json'].schema;
  if (!schema) return null;
  const check = compile(stripeAnswers, `stripe-answer:${method}:${entry.path}`, schema);
  return check(value) ? null : describe(check.errors);
}

/** What is wrong with `value` as the 200 answer of `METHOD /v1/…` (null: nothing), as the Stripe middleware checks it. */
export function checkStripeAnswer(method: string, path: string, value: unknown): string | null {
  const lower = method.toLowerCase();
  const matches = stripePaths.filter((entry) => entry.pattern.test(path));
  const entry = matches.find((m) => m.literal && m.methods[lower]) ?? matches.find((m) => m.methods[lower]);
  if (!entry) return `no ${method} ${path} in the description`;
  return stripeAnswerFault(entry, lower, value);
}

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .filter((error) => error.keyword !== 'anyOf')
    .slice(0, 3)
    .map(
      (error) =>
        `${error.instancePath || '/'} ${error.message ?? ''}${error.params.additionalProperty ? ` (${String(error.params.additionalProperty)})` : ''}${error.params.allowedValues ? ` ${JSON.stringify(error.params.allowedValues)}` : ''}`,
    )
    .join('; ');

// ------------------------------------------------------------------------------------------------ YouTube

interface DiscoveryParam {
  type: string;
  location: string;
  required?: boolean;
  repeated?: boolean;
  enum?: string[];
  minimum?: string;
  maximum?: string;
}
interface DiscoveryMethod {
  id: string;
  httpMethod: string;
  path: string;
  parameters: Record<string, DiscoveryParam>;
  request?: { $ref: string };
  response?: { $ref: string };
}
type DiscoverySchema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: string[];
  items?: DiscoverySchema;
  properties?: Record<string, DiscoverySchema>;
  additionalProperties?: DiscoverySchema;
  annotations?: { required?: string[] };
};
const discovery = youtubeDescription as unknown as {
  parameters: Record<string, DiscoveryParam>;
  resources: Record<string, { methods: Record<string, DiscoveryMethod> }>;
  schemas: Record<string, DiscoverySchema>;
};
const youtubeMethods = Object.values(discovery.resources).flatMap((resource) => Object.values(resource.methods));

/**
 * A discovery schema as JSON Schema. `methodId` marks a request body: its fields the method requires
 * (annotations.required) are required, and fields the resource has not are refused (Google: "Unknown name").
 */
function jsonSchemaOf(schema: DiscoverySchema, methodId: string | null, seen = new Set<string>()): Json {
  if (schema.$ref) {
    const name = schema.$ref;
    if (seen.has(name)) return {};
    return jsonSchemaOf(discovery.schemas[name] ?? {}, methodId, new Set([...seen, name]));
  }
  const out: Json = {};
  if (schema.enum) out.enum = schema.enum;
  switch (schema.type) {
    case 'object': {
      out.type = 'object';
      if (schema.properties) {
        out.properties = Object.fromEntries(
          Object.entries(schema.properties).map(([key, value]) => [key, jsonSchemaOf(value, methodId, seen)]),
        );
        if (methodId) {
          const required = Object.entries(schema.properties)
            .filter(([, value]) => {
              const target = value.$ref ? discovery.schemas[value.$ref] : value;
              return (value.annotations ?? target?.annotations)?.required?.includes(methodId);
            })
            .map(([key]) => key);
          if (required.length) out.required = required;
        }
      }
      if (schema.additionalProperties)
        out.additionalProperties = jsonSchemaOf(schema.additionalProperties, methodId, seen);
      else out.additionalProperties = false;
      break;
    }
    case 'array':
      out.type = 'array';
      if (schema.items) out.items = jsonSchemaOf(schema.items, methodId, seen);
      break;
    case 'string':
      out.type = 'string';
      if (schema.format === 'date-time' || schema.format === 'google-datetime') out.format = 'date-time';
      break;
    case 'integer':
      out.type = 'integer';
      break;
    case 'number':
      out.type = 'number';
      break;
    case 'boolean':
      out.type = 'boolean';
      break;
    default:
      break;
  }
  return out;
}

const youtubeAjv = newAjv(false);

/** The parts a method takes: the top-level properties of the resource it reads or writes (less etag and kind). */
function partsOf(method: DiscoveryMethod): string[] {
  let name = method.response?.$ref ?? method.request?.$ref;
  const list = name ? discovery.schemas[name] : undefined;
  const itemRef = list?.properties?.items?.items?.$ref;
  if (itemRef && name?.endsWith('ListResponse')) name = itemRef;
  const properties = name ? discovery.schemas[name]?.properties : undefined;
  return Object.keys(properties ?? {}).filter((key) => key !== 'etag' && key !== 'kind');
}

const googleError = (
  c: Context,
  status: 400 | 404,
  message: string,
  reason: string,
  extra: { domain?: string; location?: string } = {},
) =>
  c.json(
    {
      error: {
        code: status,
        message,
        errors: [
          {
            message,
            domain: extra.domain ?? 'global',
            reason,
            ...(extra.location ? { location: extra.location, locationType: 'parameter' } : {}),
          },
        ],
        status: status === 404 ? 'NOT_FOUND' : 'INVALID_ARGUMENT',
      },
    },
    status,
  );

/** What is wrong with a query against a method's parameters, as Google words it; null when nothing is. */
function youtubeQueryRefusal(
  method: DiscoveryMethod,
  url: URL,
): { message: string; reason: string; domain?: string; location?: string } | null {
  const given = new Map<string, string[]>();
  for (const [key, value] of url.searchParams) given.set(key, [...(given.get(key) ?? []), value]);
  for (const key of given.keys())
    if (!method.parameters[key] && !discovery.parameters[key])
      return {
        message: `Invalid JSON payload received. Unknown name "${key}": Cannot bind query parameter. Field '${key}' could not be found in request message.`,
        reason: 'invalid',
      };
  for (const [name, param] of Object.entries(method.parameters)) {
    if (param.location !== 'query') continue;
    const raw = given.get(name);
    if (!raw) {
      if (param.required) return { message: `Required parameter: ${name}`, reason: 'required', location: name };
      continue;
    }
    const values = param.repeated ? raw.flatMap((v) => v.split(',')).map((v) => v.trim()) : raw;
    if (!param.repeated && raw.length > 1)
      return {
        message: `Invalid value for parameter ${name}: given more than once`,
        reason: 'invalidParameter',
        location: name,
      };
    for (const value of values) {
      if (param.enum && !param.enum.includes(value))
        return {
          message: `Invalid value at '${name}' (TYPE_ENUM), "${value}"`,
          reason: 'invalidParameter',
          location: name,
        };
      if (param.type === 'integer') {
        const n = Number(value);
        if (!/^-?\d+$/.test(value))
          return {
            message: `Invalid value at '${name}' (TYPE_UINT32), "${value}"`,
            reason: 'invalidParameter',
            location: name,
          };
        if (
          (param.minimum !== undefined && n < Number(param.minimum)) ||
          (param.maximum !== undefined && n > Number(param.maximum))
        )
          return {
            message: `Invalid value '${value}'. Values must be within the range: [${param.minimum ?? ''}, ${param.maximum ?? ''}]`,
            reason: 'invalidParameter',
            location: name,
          };
      }
      if (param.type === 'boolean' && value !== 'true' && value !== 'false')
        return {
          message: `Invalid value at '${name}' (TYPE_BOOL), "${value}"`,
          reason: 'invalidParameter',
          location: name,
        };
    }
    if (name === 'part') {
      const parts = partsOf(method);
      const unknown = values.find((value) => !parts.includes(value));
      if (unknown !== undefined)
        return { message: `'${unknown}'`, reason: 'unknownPart', domain: 'youtube.part', location: 'part' };
    }
  }
  return null;
}

/**
 * Checks each YouTube Data API request (`…/youtube/v3/…`) against Google's discovery document, and each answer
 * against the schema of the resource it returns. Mounted inside the OAuth stand-in.
 */
export function youtubeConformance(): MiddlewareHandler {
  return async (c, next) => {
    const path = /youtube\/v3\/.*$/.exec(c.req.path)?.[0] ?? c.req.path;
    const method = youtubeMethods.find((m) => m.path === path && m.httpMethod === c.req.method);
    if (!method) {
      const message = `The requested URL /${path} was not found on this server.`;
      record({ platform: 'youtube', kind: 'request', method: c.req.method, path, message });
      return googleError(c, 404, message, 'notFound');
    }
    const refusal = youtubeQueryRefusal(method, new URL(c.req.url));
    if (refusal) {
      record({ platform: 'youtube', kind: 'request', method: c.req.method, path, message: refusal.message });
      return googleError(c, 400, refusal.message, refusal.reason, refusal);
    }
    if (method.request) {
      const body = (await c.req.json().catch(() => undefined)) as unknown;
      const validate = compile(youtubeAjv, `youtube-request:${method.id}`, jsonSchemaOf(method.request, method.id));
      if (body === undefined || !validate(body)) {
        const error = validate.errors?.[0];
        const message =
          body === undefined
            ? 'Invalid JSON payload received.'
            : error?.keyword === 'additionalProperties'
              ? `Invalid JSON payload received. Unknown name "${String(error.params.additionalProperty)}" at 'resource${error.instancePath.replaceAll('/', '.')}': Cannot find field.`
              : error?.keyword === 'required'
                ? `Required field: resource${error.instancePath.replaceAll('/', '.')}.${String(error.params.missingProperty)}`
                : `Invalid value at 'resource${error?.instancePath.replaceAll('/', '.') ?? ''}': ${error?.message ?? ''}`;
        const reason = error?.keyword === 'required' ? 'required' : 'invalid';
        record({ platform: 'youtube', kind: 'request', method: c.req.method, path, message });
        return googleError(c, 400, message, reason);
      }
    }
    await next();
    if (method.id === 'youtube.liveChatMessages.streamList') return; // a stream: its pieces are not one JSON
    const answer = await answerJson(c);
    if (!answer) return;
    if (c.res.status >= 400) {
      const error = (answer.value as { error?: { code?: unknown; message?: unknown; errors?: unknown } }).error;
      const errors = Array.isArray(error?.errors) ? (error.errors as { reason?: unknown }[]) : [];
      if (
        typeof error?.code !== 'number' ||
        typeof error.message !== 'string' ||
        errors.some((e) => typeof e.reason !== 'string')
      )
        record({
          platform: 'youtube',
          kind: 'answer',
          method: c.req.method,
          path,
          message: `a ${c.res.status} answer without Google's error object ({ error: { code, message, errors: [{ reason }] } })`,
        });
      return;
    }
    if (!method.response) return;
    const check = compile(youtubeAjv, `youtube-answer:${method.id}`, jsonSchemaOf(method.response, null));
    if (!check(answer.value))
      record({ platform: 'youtube', kind: 'answer', method: c.req.method, path, message: describe(check.errors) });
  };
}

// ------------------------------------------------------------------------------------------------ Twitch Helix

const helixError = (c: Context, status: 400 | 401 | 404, message: string) =>
  c.json(
    { error: status === 400 ? 'Bad Request' : status === 401 ? 'Unauthorized' : 'Not Found', status, message },
    status,
  );

/** What is wrong with a Helix request, as Helix answers it; null when nothing is. */
export function helixRefusal(
  endpoint: HelixEndpoint,
  url: URL,
  body: unknown,
  grant: { app: boolean; scopes: readonly string[] } | null,
): { status: 400 | 401; message: string } | null {
  const values = (name: string) => url.searchParams.getAll(name).filter((v) => v !== '');
  for (const [name, param] of Object.entries(endpoint.query)) {
    const given = values(name);
    if (!given.length) continue;
    if (given.length > (param.max ?? 1))
      return param.max
        ? {
            status: 400,
            message: `The request may include at most ${param.max} ${name} query parameters (it has ${given.length})`,
          }
        : { status: 400, message: `The ${name} query parameter may be given only once` };
    for (const value of given) {
      if (param.values && !param.values.includes(value))
        return {
          status: 400,
          message: `Invalid value for query parameter "${name}": ${value} (must be one of ${param.values.join(', ')})`,
        };
      if (param.range) {
        const n = Number(value);
        if (!Number.isInteger(n) || n < param.range[0] || n > param.range[1])
          return {
            status: 400,
            message: `Invalid value for query parameter "${name}": must be from ${param.range[0]} to ${param.range[1]}`,
          };
      }
    }
  }
  for (const group of endpoint.required ?? [])
    if (!group.some((name) => values(name).length))
      return {
        status: 400,
        message:
          group.length === 1
            ? `Missing required parameter "${group[0]}"`
            : `Missing required parameter: one of ${group.map((n) => `"${n}"`).join(', ')}`,
      };
  if (endpoint.exclusive && endpoint.exclusive.filter((name) => values(name).length).length > 1)
    return { status: 400, message: `Only one of ${endpoint.exclusive.join(', ')} may be specified` };
  if (endpoint.body) {
    if (typeof body !== 'object' || body === null) return { status: 400, message: 'Malformed request body' };
    const missing = endpoint.body.find((field) => (body as Json)[field] === undefined || (body as Json)[field] === '');
    if (missing) return { status: 400, message: `Missing required parameter "${missing}"` };
  }
  if (grant) {
    // (Create EventSub Subscription takes either, per transport: a mismatch is the stand-in's 400 "invalid transport
    // and auth combination", as Twitch answers it.)
    const needs = endpoint.token;
    if (needs === 'user' && grant.app) return { status: 401, message: 'Missing User OAUTH Token' };
    if (needs === 'app' && !grant.app)
      return { status: 401, message: 'Invalid OAuth token: this call takes an app access token' };
    if (!grant.app) {
      const lacking = endpoint.scopes.find((scope) => !grant.scopes.includes(scope));
      if (lacking) return { status: 401, message: `Missing scope: ${lacking}` };
    }
  }
  return null;
}

/**
 * Checks each Helix request (`…/helix/…`) against the reference (twitch-helix.ts): the endpoint, its required and
 * repeatable query parameters (ids ≤ 100), its body's required fields, the kind of token and the scopes it requires
 * (when `grant` can tell the token's). And each answer: Helix's error object, `data` items with the fields the
 * reference gives, the rate-limit headers. Mounted inside the OAuth stand-in.
 */
export function helixConformance(
  options: { grant?: (token: string) => { app: boolean; scopes: readonly string[] } | null } = {},
): MiddlewareHandler {
  return async (c, next) => {
    const path = /\/helix\/(.*)$/.exec(c.req.path)?.[1]?.replace(/\/+$/, '') ?? '';
    const endpoint = HELIX_ENDPOINTS.find((e) => e.path === path && e.method === c.req.method);
    if (!endpoint) {
      const message = `Unknown Helix endpoint ${c.req.method} /helix/${path}`;
      record({ platform: 'twitch', kind: 'request', method: c.req.method, path, message });
      return helixError(c, 404, '');
    }
    const token = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    const grant = options.grant ? options.grant(token) : null;
    // Twitch checks the token first: a request without a valid one is the stand-in's 401 to give.
    if (!options.grant || grant) {
      const body = endpoint.body ? ((await c.req.json().catch(() => null)) as unknown) : null;
      const refusal = helixRefusal(endpoint, new URL(c.req.url), body, grant);
      if (refusal) {
        record({ platform: 'twitch', kind: 'request', method: c.req.method, path, message: refusal.message });
        return helixError(c, refusal.status, refusal.message);
      }
    }
    await next();
    const status = c.res.status;
    const fault = (message: string) =>
      record({ platform: 'twitch', kind: 'answer', method: c.req.method, path, message });
    if (status !== 401 && HELIX_RATE_LIMIT_HEADERS.some((header) => !c.res.headers.has(header)))
      fault(`a ${status} answer without the rate-limit headers (${HELIX_RATE_LIMIT_HEADERS.join(', ')})`);
    if (status === 204) return;
    const answer = await answerJson(c);
    if (!answer) {
      if (status !== 204) fault(`a ${status} answer that is not JSON`);
      return;
    }
    const value = answer.value as Json;
    if (status >= 400) {
      if (typeof value.error !== 'string' || typeof value.status !== 'number' || typeof value.message !== 'string')
        fault(`a ${status} answer without Helix's error object ({ error, status, message })`);
      return;
    }
    if (endpoint.status && status !== endpoint.status) fault(`answered ${status}; Twitch answers ${endpoint.status}`);
    if (!Array.isArray(value.data)) return fault('an answer without its data list');
    for (const item of value.data as Json[]) {
      const missing = (endpoint.answer ?? []).filter((field) => !(field in item));
      if (missing.length) return fault(`a data item without ${missing.join(', ')}`);
    }
  };
}

// ------------------------------------------------------------------------------------------------ EventSub

/** Checks a message the EventSub stand-in sends over its WebSocket (recorded when it breaks the reference). */
export function checkEventSubMessage(message: Record<string, unknown>): void {
  const metadata = message.metadata as Json | undefined;
  const type = metadata?.message_type as keyof typeof EVENTSUB_MESSAGE_TYPES | undefined;
  const fault = (text: string) =>
    record({ platform: 'eventsub', kind: 'answer', method: 'WS', path: String(type ?? '?'), message: text });
  if (!metadata || EVENTSUB_METADATA.some((field) => typeof metadata[field] !== 'string'))
    return fault(`a message without ${EVENTSUB_METADATA.join(', ')}`);
  const shape = type ? EVENTSUB_MESSAGE_TYPES[type] : undefined;
  if (!shape) return fault(`an unknown message_type ${String(type)}`);
  const payload = message.payload as Json | undefined;
  if (typeof payload !== 'object' || payload === null) return fault('a message without its payload');
  const missing = shape.payload.filter((field) => !(field in payload));
  if (missing.length) return fault(`a ${type} payload without ${missing.join(', ')}`);
  const session = payload.session as Json | undefined;
  const missingSession = shape.session.filter((field) => !session || !(field in session));
  if (missingSession.length) return fault(`a ${type} session without ${missingSession.join(', ')}`);
  if ((type === 'notification' || type === 'revocation') && typeof metadata.subscription_type !== 'string')
    return fault(`a ${type} without metadata.subscription_type`);
}

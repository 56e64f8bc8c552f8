// JSON-lines logger on stderr; stdout is kept for the one "ready" line that tooling waits for.
// Every line written while serving a request (or running a job that request queued) carries its `requestId`
// (server/http/request-id.ts sets it, server/jobs/ carries it), and no line holds a secret: fields named like one, and
// credentials inside strings (Bearer tokens, a URL's password or token parameters), are written as "[redacted]".
import { createAsyncContext } from './async-context.ts';

export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

// ---------------------------------------------------------------------------------------------- request ids

// Carried along the request's promises (./async-context.ts: AsyncLocalStorage's promise half, without its cost on
// Node 20): a request's id alone (no object made per request), or a job's with the job's key.
const context = createAsyncContext<string | { requestId: string; jobKey: string }>();

/** The id of the request (or of the request that queued the job) being served now, if any. */
export function currentRequestId(): string | undefined {
  const value = context.get();
  return typeof value === 'object' ? value.requestId : value;
}

/** The key of the job being run now for a request (server/jobs/), if any. */
export function currentJobKey(): string | undefined {
  const value = context.get();
  return typeof value === 'object' ? value.jobKey : undefined;
}

/**
 * Runs `fn` as part of request `requestId` (as its job `jobKey`, when a queue runs a job it queued); with none, outside
 * of any request (a job nobody's request queued).
 */
export function runWithRequestId<T>(requestId: string | undefined, fn: () => T, jobKey?: string): T {
  if (!requestId) return context.exit(fn);
  return context.run(jobKey === undefined ? requestId : { requestId, jobKey }, fn);
}

/** `serve(a, b, c)` as request `requestId`: runWithRequestId for the app's fetch, without a closure. */
export function serveWithRequestId<A, B, C, R>(requestId: string, serve: (a: A, b: B, c: C) => R, a: A, b: B, c: C): R {
  return context.run(requestId, serve, a, b, c);
}

// ---------------------------------------------------------------------------------------------- redaction

export const REDACTED = '[redacted]';

/**
 * Field names whose values are never written: passwords, tokens, secrets, credentials, cookies, tax ids, bank
 * numbers, and an e-mail's body (body, html, text).
 */
const SECRET_FIELD =
  /pass(word|phrase)?$|passwd|token|secret|authori[sz]ation|cookie|credential|api_?key|private_?key|signature|^(tin|ssn|ein|iban)$|tax_?id|account_?number|routing_?number|^(body|html|text)$/i;

/** Credentials inside a string: a Bearer/Basic token, a URL's password, a token-like query parameter. */
const SECRET_IN_TEXT: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi, `$1${REDACTED}@`],
  [/([?&](?:[a-z_]*token|code|secret|client_secret|password|key|sig|signature|state)=)[^&\s"'#]+/gi, `$1${REDACTED}`],
];
const MAY_HOLD_SECRET = /bearer|basic|:\/\/[^\s/]*@|[?&]/i;

function scrub(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of SECRET_IN_TEXT) out = out.replace(pattern, replacement);
  return out;
}

/** `value` as it may be written: secret fields replaced, credentials in strings removed (4 levels deep). */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 4) return '[…]';
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof Error) return scrub(value.stack ?? value.message);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    out[key] = SECRET_FIELD.test(key) && item !== null && item !== undefined ? REDACTED : redact(item, depth + 1);
  return out;
}

function write(level: string, msg: string, fields?: LogFields) {
  const requestId = currentRequestId();
  const line = {
    time: new Date().toISOString(),
    level,
    msg: scrub(msg),
    ...(requestId ? { requestId } : {}),
    ...(fields ? (redact(fields) as LogFields) : {}),
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

export const stderrLogger: Logger = {
  info: (msg, fields) => write('info', msg, fields),
  warn: (msg, fields) => write('warn', msg, fields),
  error: (msg, fields) => write('error', msg, fields),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

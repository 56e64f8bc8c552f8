// The only module that knows the HTTP client; URLs, methods and authentication come from the contract's endpoint
// table, bodies and answers are typed by its schemas (docs/architecture.md, The client). zod stays on the server: types only here.
import ky, { HTTPError } from 'ky';
import type { EndpointName, RequestBody, RequestQuery, ResponseBody } from '@/contract';
import { endpoints } from '@/contract/endpoints';
import type { ErrorCode } from '@/contract/errors';
import { API_HOST } from '@/src/config';
import { currentLocale } from '@/src/i18n/i18n';

/** docs/spec.md §9: the HTTP client has no timeout and no body size limit. */
const http = ky.create({ prefixUrl: `${API_HOST}/`, timeout: false, retry: 0 });

/** An API failure with the server's `{ message, code }` when it sent one (the message in the page's language). */
export class ApiError extends Error {
  /** The refusal's stable code (contract/errors.ts); null when the server sent none (a network failure). */
  readonly code: ErrorCode | null;

  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : null;
    this.code = typeof code === 'string' ? (code as ErrorCode) : null;
  }
}

/** Maps any failure of a call to an ApiError carrying the server's message or the error's own. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof HTTPError) {
    let body: unknown = null;
    try {
      body = await error.response.clone().json();
    } catch {
      body = null;
    }
    const message =
      body &&
      typeof body === 'object' &&
      'message' in body &&
      typeof (body as { message: unknown }).message === 'string'
        ? (body as { message: string }).message
        : error.message;
    return new ApiError(message, error.response.status, body);
  }
  return new ApiError(error instanceof Error ? error.message : String(error), null, null);
}

type Meta<N extends EndpointName> = (typeof endpoints)[N];
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a call of endpoint N needs: the session's jwt for bearer endpoints (optional for optional ones), its body, query and path parameters. */
export type CallOptions<N extends EndpointName> = (Meta<N>['auth'] extends 'bearer'
  ? { jwt: string }
  : Meta<N>['auth'] extends 'optional'
    ? { jwt?: string }
    : { jwt?: never }) &
  ([RequestBody<N>] extends [never] ? { json?: never } : { json: RequestBody<N> }) &
  ([RequestQuery<N>] extends [never] ? { query?: never } : { query: RequestQuery<N> }) &
  ([PathParams<Meta<N>['path']>] extends [never]
    ? { params?: never }
    : { params: Record<PathParams<Meta<N>['path']>, string> }) & {
    /** A multipart body (uploads). */
    form?: FormData;
    /** A raw body (a CSV file), sent with the Content-Type given in `headers`. */
    body?: Blob | string;
    headers?: Record<string, string>;
  };

/**
 * The language the server words its answer in (docs/api.md §Conventions). Signed out, the page's. Signed in, "*": any,
 * so the server takes the account's, which the page follows (src/accounts/AccountLanguage.tsx). A screen's first
 * calls may leave before the page has taken the account's language (a browser in another language, the account
 * changed elsewhere); they get the words the page is about to speak, not those it is leaving. Not sending the header
 * would not do: the browser would send its own languages.
 */
const answerLanguage = (signedIn: boolean): string => (signedIn ? '*' : currentLocale());

/** Calls endpoint `name` of the contract; a failure rejects with an ApiError carrying the server's message. */
export async function request<N extends EndpointName>(name: N, options: CallOptions<N>): Promise<ResponseBody<N>> {
  const meta: { method: string; path: string; auth: string } = endpoints[name];
  const { jwt, json, query, params, form, body, headers } = options as {
    jwt?: string;
    json?: unknown;
    query?: Record<string, string>;
    params?: Record<string, string>;
    form?: FormData;
    body?: Blob | string;
    headers?: Record<string, string>;
  };
  const path = meta.path.slice(1).replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params?.[key] ?? ''));
  try {
    return await http(path, {
      method: meta.method,
      ...(json !== undefined ? { json } : {}),
      ...(form ? { body: form } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(query ? { searchParams: query } : {}),
      headers: {
        'Accept-Language': answerLanguage(meta.auth === 'bearer' || (meta.auth === 'optional' && !!jwt)),
        ...headers,
        ...(meta.auth === 'bearer' || (meta.auth === 'optional' && jwt)
          ? { Authorization: `Bearer ${jwt ?? ''}` }
          : {}),
      },
    }).json<ResponseBody<N>>();
  } catch (error) {
    throw await toApiError(error);
  }
}

/** Fetches a file endpoint (an export): its body and the name its Content-Disposition gives. */
export async function download<N extends EndpointName>(
  name: N,
  options: CallOptions<N>,
): Promise<{ blob: Blob; fileName: string | null }> {
  const meta: { method: string; path: string } = endpoints[name];
  const { jwt, query, params } = options as {
    jwt?: string;
    query?: Record<string, string>;
    params?: Record<string, string>;
  };
  const path = meta.path.slice(1).replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params?.[key] ?? ''));
  try {
    const response = await http(path, {
      method: meta.method,
      ...(query ? { searchParams: query } : {}),
      headers: { 'Accept-Language': answerLanguage(true), Authorization: `Bearer ${jwt ?? ''}` },
    });
    const disposition = response.headers.get('content-disposition') ?? '';
    return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
  } catch (error) {
    throw await toApiError(error);
  }
}

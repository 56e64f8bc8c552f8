// The only module that knows the HTTP client and the API's base URL (DESIGN: src/api).
import ky, { HTTPError } from 'ky';
import { API_HOST } from '../config';

/** SPEC §9: the HTTP client has no timeout and no body size limit. */
export const api = ky.create({ prefixUrl: `${API_HOST}/api`, timeout: false, retry: 0 });

export function authed(jwt: string) {
  return api.extend({ headers: { Authorization: `Bearer ${jwt}` } });
}

/** An API failure with the server's `{ message }` when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
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
      body && typeof body === 'object' && 'message' in body && typeof (body as { message: unknown }).message === 'string'
        ? (body as { message: string }).message
        : error.message;
    return new ApiError(message, error.response.status, body);
  }
  return new ApiError(error instanceof Error ? error.message : String(error), null, null);
}

/** Runs a call and rethrows its failure as an ApiError. */
export async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw await toApiError(error);
  }
}

// Every error the API answers with is { message, code } and a 4xx status; HttpError carries them. ContractViolation is
// the one error that means the server itself answered wrong.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { STATUS_CODES, type ErrorCode, type ErrorStatus } from '../../contract/errors.ts';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales.ts';
import { formatProblem, type Problem } from './problems.ts';

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly headers: Record<string, string>;
  /** Stable (contract/errors.ts): the problem's own, or its status's generic one. */
  readonly code: ErrorCode;
  /** The refusal in every language (server/http/problems.ts); null for an English-only message. */
  readonly problem: Problem | null;

  /** `message`: a domain's Problem (answered in the request's language), or an English text. */
  constructor(status: ContentfulStatusCode, message: string | Problem, headers: Record<string, string> = {}) {
    const problem = typeof message === 'string' ? null : message;
    super(problem ? formatProblem(problem, DEFAULT_LOCALE) : (message as string));
    this.status = status;
    this.headers = headers;
    this.problem = problem;
    this.code = problem?.code ?? statusCode(status);
  }

  /** The message in `locale` (an English-only one as it is). */
  messageIn(locale: Locale): string {
    return this.problem ? formatProblem(this.problem, locale) : this.message;
  }
}

/** A status's generic code (contract/errors.ts). */
export function statusCode(status: number): ErrorCode {
  return STATUS_CODES[status as ErrorStatus] ?? (status >= 500 ? 'internal' : 'invalid_request');
}

/** An answer the contract does not allow (CONTRACT_CHECK=1, the tests): a bug of ours, so a 500, never a 4xx. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/** One readable sentence from a zod failure, e.g. "gender: expected one of Male, Female". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new HttpError(400, describeIssues(result.error));
  return result.data;
}

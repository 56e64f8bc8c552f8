// Every error the API answers with is { message, code } and a 4xx status; HttpError carries them. ContractViolation is
// the one error that means the server itself answered wrong.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { STATUS_CODES, type ErrorCode, type ErrorStatus } from '../../contract/errors.ts';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales.ts';
import { formatProblem, type Problem } from './problems.ts';
import { describeIssuesIn } from './schema-words.ts';
import { isWorded, worded, wordedIn, type Worded } from './texts.ts';

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly headers: Record<string, string>;
  /** Stable (contract/errors.ts): the problem's own, or its status's generic one. */
  readonly code: ErrorCode;
  /** The refusal in every language (server/http/problems.ts), with its code; null for a worded message. */
  readonly problem: Problem | null;
  /** A message worded in each language without a code of its own (a schema's 400: ./schema-words.ts). */
  readonly words: Worded | null;

  /**
   * `message`: a domain's Problem (answered in the request's language, with its code), or a Worded text (in the
   * request's language, under the status's generic code). Never a bare string: every refusal is said in every
   * language the product speaks.
   */
  constructor(status: ContentfulStatusCode, message: Problem | Worded, headers: Record<string, string> = {}) {
    const words = isWorded(message) ? message : null;
    const problem = words ? null : (message as Problem);
    super(problem ? formatProblem(problem, DEFAULT_LOCALE) : wordedIn(words!, DEFAULT_LOCALE));
    this.status = status;
    this.headers = headers;
    this.problem = problem;
    this.words = words;
    this.code = problem?.code ?? statusCode(status);
  }

  /** The message in `locale`. */
  messageIn(locale: Locale): string {
    return this.problem ? formatProblem(this.problem, locale) : wordedIn(this.words!, locale);
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

/** One readable sentence from a zod failure, in English, e.g. "gender: expected one of Male, Female". */
export const describeIssues = (error: z.ZodError): string => describeIssuesIn(error, DEFAULT_LOCALE);

export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const { error } = result;
    throw new HttpError(
      400,
      worded((locale) => describeIssuesIn(error, locale)),
    );
  }
  return result.data;
}

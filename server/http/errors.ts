// Every error the API answers with is { message } and a 4xx status; HttpError carries both. ContractViolation is
// the one error that means the server itself answered wrong.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly headers: Record<string, string>;

  constructor(status: ContentfulStatusCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
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

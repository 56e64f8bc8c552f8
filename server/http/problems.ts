// What the API says when it refuses, in the request's language (docs/architecture.md §Languages, docs/api.md §Errors).
// Each domain lists its refusals beside its code (server/<domain>/problems.ts): a stable code from contract/errors.ts
// and the text in every language the product speaks, as ICU MessageFormat (`{minutes, plural, one {…} other {…}}`).
// An HttpError carries a Problem (or a worded text under its status's generic code: a schema's 400, never a bare
// English string); server/app.ts answers it in the language of the request: its Accept-Language, else the signed-in
// account's setting, else English.
import type { Context } from 'hono';
import type { ERROR_CODES, ErrorCode } from '../../contract/errors.ts';
import { acceptedLanguages, DEFAULT_LOCALE, matchLocale, type Locale } from '../../contract/locales.ts';
import { loadTexts, sayIn, type Texts } from './texts.ts';

/** A refusal's text in every language. */
export type ProblemTexts = Texts;

/** A refusal: its code, and the values its text reads. */
export interface Problem {
  readonly code: ErrorCode;
  readonly values?: Record<string, unknown>;
}

/** A refusal as a domain defines it: a Problem, or with `with(values)` one whose text reads them. */
export interface ProblemKind extends Problem {
  with(values: Record<string, unknown>): Problem;
}

const defined = new Set<string>();

type DomainCodes<D extends string> = Extract<keyof typeof ERROR_CODES, `${D}.${string}`>;
type IdOf<D extends string, C> = C extends `${D}.${infer Id}` ? Id : never;

/**
 * A domain's refusals: `{ id: { en, 'es-MX' } }` for each code `<domain>.<id>` of contract/errors.ts. An id the
 * contract does not list, or a language missing, does not type-check; a text ICU cannot parse throws at start.
 */
export function defineProblems<D extends string, T extends { [Id in IdOf<D, DomainCodes<D>>]?: ProblemTexts }>(
  domain: D,
  table: T,
): { [Id in keyof T]: ProblemKind } {
  const kinds: Record<string, ProblemKind> = {};
  for (const [id, texts] of Object.entries(table as Record<string, ProblemTexts>)) {
    const code = `${domain}.${id}` as ErrorCode;
    if (defined.has(code)) throw new Error(`Problem ${code} is defined twice`);
    defined.add(code);
    loadTexts(code, texts);
    kinds[id] = { code, with: (values) => ({ code, values }) };
  }
  return kinds as { [Id in keyof T]: ProblemKind };
}

/** The codes with texts so far (test/server/problems.test.ts holds them to contract/errors.ts). */
export function definedProblems(): ReadonlySet<string> {
  return defined;
}

/** A problem's text in `locale`. */
export function formatProblem(problem: Problem, locale: Locale): string {
  return sayIn(locale, problem.code, problem.values);
}

/**
 * The language to answer a request in: the first of its Accept-Language that the product speaks, else the signed-in
 * account's (set by the session guard), else English.
 */
export function requestLocale(c: Context): Locale {
  const asked = acceptedLanguages(c.req.header('accept-language'));
  return (asked && matchLocale(asked)) ?? (c.get('locale') as Locale | undefined) ?? DEFAULT_LOCALE;
}

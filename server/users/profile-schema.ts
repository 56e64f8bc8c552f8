// What PUT /api/profile accepts (spec §3): partial, enums checked, text stored verbatim.
import { z } from 'zod';
import type { UserUpdate } from '../db/types.ts';

/** PostgreSQL text cannot hold U+0000, so it is refused on every backend alike. */
export const NO_NUL = [(value: string) => !value.includes('\u0000'), 'must not contain NUL characters'] as const;

const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine(...NO_NUL)
    .nullable();

/** "" and null clear an enumerated field. */
const choice = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .union([z.literal(''), z.null(), z.enum(values)], { error: `must be one of ${values.join(', ')}` })
    .transform((value) => (value === '' ? null : value));

/** The latest birth date accepted is "today" anywhere on Earth (UTC+14). */
function latestAllowedDate(): string {
  return new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const dateOfBirth = z
  .union([z.literal(''), z.null(), z.string()], { error: 'must be a date (YYYY-MM-DD)' })
  .transform((value, ctx) => {
    if (value === '' || value === null) return null;
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const parsed = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    if (!parsed || parsed.toISOString().slice(0, 10) !== value) {
      ctx.addIssue({ code: 'custom', message: 'must be a real date written YYYY-MM-DD' });
      return z.NEVER;
    }
    if (value > latestAllowedDate()) {
      ctx.addIssue({ code: 'custom', message: 'must not be in the future' });
      return z.NEVER;
    }
    if (value < '1900-01-01') {
      ctx.addIssue({ code: 'custom', message: 'must be after 1900-01-01' });
      return z.NEVER;
    }
    return value;
  });

const tier = z
  .union([z.literal(''), z.null(), z.number(), z.string()], { error: 'must be 1, 2 or 3' })
  .transform((value, ctx) => {
    if (value === '' || value === null) return null;
    const number = typeof value === 'number' ? value : /^\s*\d\s*$/.test(value) ? Number(value) : NaN;
    if (number !== 1 && number !== 2 && number !== 3) {
      ctx.addIssue({ code: 'custom', message: 'must be 1, 2 or 3' });
      return z.NEVER;
    }
    return number;
  });

/**
 * The completion form always sends image "" (spec §3), so "" leaves the picture alone and null removes it.
 * A new picture only comes through POST /api/upload-photo; here the client may echo the current one back,
 * as a path or prefixed with the API host, which is normalised to the stored /uploads/<name> path.
 */
const image = z
  .union([z.literal(''), z.null(), z.string().max(2048, 'must be at most 2048 characters')], {
    error: 'must be a string',
  })
  .transform((value, ctx) => {
    if (value === '') return undefined;
    if (value === null) return null;
    let pathname: string | null = null;
    try {
      const url = new URL(value, 'http://relative.invalid');
      if (url.protocol === 'http:' || url.protocol === 'https:') pathname = url.pathname;
    } catch {
      // not a URL
    }
    if (!pathname || !/^\/uploads\/[A-Za-z0-9_-]+\.[a-z]+$/.test(pathname)) {
      ctx.addIssue({ code: 'custom', message: 'must be the current photo URL, "" or null; upload a new photo with POST /api/upload-photo' });
      return z.NEVER;
    }
    return pathname;
  });

export const profileUpdate = z
  .object({
    first_name: text(100),
    last_name: text(100),
    date_birth: dateOfBirth,
    gender: choice(['Male', 'Female']),
    country: text(100),
    city: text(100),
    zipcode: text(20),
    address: text(300),
    // The completion form sends United States / Mexico for English / Spanish (spec §3); the profile form sends the names.
    language: choice(['English', 'Spanish', 'United States', 'Mexico']),
    about: text(5000),
    job_title: text(100),
    tier,
    category: choice(['Gaming']),
    goals: text(5000),
    type_content: text(5000),
    image,
  })
  .partial();

/** The validated body as column changes; absent keys (and image "") are left out. */
export function toChanges(body: z.output<typeof profileUpdate>): UserUpdate {
  const changes: UserUpdate = {};
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  return changes;
}

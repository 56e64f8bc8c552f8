// GET /api/user and PUT /api/profile (docs/spec.md §3, §7): the schemas, built from the one field table in ../profile.ts.
import { z } from 'zod';
import { text } from './common.ts';
import { ACCOUNT_TYPES, PROFILE, PROFILE_FIELDS, type Profile, type ProfileField } from '../profile.ts';
import { ROLES, type Role } from '../marketplace.ts';
import { LOCALES, type Locale } from '../locales.ts';

type Spec = (typeof PROFILE)[ProfileField];

/** How a stored field reads back. */
function readSchema(spec: Spec): z.ZodType {
  switch (spec.kind) {
    case 'choice':
      return z.enum(spec.values as readonly [string, ...string[]]).nullable();
    case 'tier':
      return z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable();
    default:
      return z.string().nullable();
  }
}

/** "" and null clear an enumerated field. */
const choice = (values: readonly string[]) =>
  z
    .union([z.literal(''), z.null(), z.enum(values as readonly [string, ...string[]])], {
      error: `must be one of ${values.join(', ')}`,
    })
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
      ctx.addIssue({
        code: 'custom',
        message: 'must be the current photo URL, "" or null; upload a new photo with POST /api/upload-photo',
      });
      return z.NEVER;
    }
    return pathname;
  });

/** What a client may send for a field: partial updates, enums checked, text stored verbatim. */
function writeSchema(spec: Spec): z.ZodType {
  switch (spec.kind) {
    case 'text':
      return text(spec.max).nullable();
    case 'choice':
      return choice(spec.values);
    case 'date':
      return dateOfBirth;
    case 'tier':
      return tier;
    case 'image':
      return image;
  }
}

const shapeOf = (schema: (spec: Spec) => z.ZodType) =>
  Object.fromEntries(PROFILE_FIELDS.map((field) => [field, schema(PROFILE[field])])) as Record<ProfileField, z.ZodType>;

/** The user as GET /api/user returns it: the email, every profile field and the account type. */
export type User = Profile & {
  email: string;
  type_account: (typeof ACCOUNT_TYPES)[number];
  role: Role;
  locale: Locale;
};
export const user = z.object({
  email: z.string(),
  ...shapeOf(readSchema),
  type_account: z.enum(ACCOUNT_TYPES),
  /** docs/product.md §Marketplace: what the account may do; Influencer accounts are creators, Advertiser accounts advertisers. */
  role: z.enum(ROLES),
  /** The account's language (docs/architecture.md §Languages): the dashboard opens in it. */
  locale: z.enum(LOCALES),
}) as unknown as z.ZodType<User>;

export const userResponse = z.object({ user });

/** PUT /api/profile: any subset of the fields; "" clears a choice (and leaves the image alone). */
export type ProfileUpdate = {
  [K in ProfileField]?: K extends 'tier' ? Profile[K] | string | '' : Profile[K] | '';
};
/** The validated update: what changes, with "" turned into null (or dropped, for the image). */
export type ProfileChanges = Partial<Profile>;
export const profileUpdate = z.object(shapeOf(writeSchema)).partial() as unknown as z.ZodType<
  ProfileChanges,
  ProfileUpdate
>;

export const profileUpdateResponse = z.object({ message: z.string(), user });

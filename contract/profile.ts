// The user profile of docs/spec.md §3, listed once: every field with its kind, limits and option list. No zod here, so the
// client (views, machines) can import the names and option lists without the schema library; contract/user.ts
// builds the request and response schemas from this table and the server's table type derives from it.

export const ACCOUNT_TYPES = ['Influencer', 'Advertiser'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Broadcasting language: the names the profile form sends, and the values registration sends (docs/spec.md §3). */
export const LANGUAGES = ['English', 'Spanish', 'United States', 'Mexico'] as const;
/** Each stored language by its name: registration stores the country it is spoken in (docs/spec.md §3). */
export const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], 'English' | 'Spanish'> = {
  English: 'English',
  'United States': 'English',
  Spanish: 'Spanish',
  Mexico: 'Spanish',
};
/**
 * The account's language a broadcasting language preselects (the profile's names and registration's countries):
 * Spanish, or Mexico, reads Spanish (Mexico); English, or United States, English (contract/locales.ts).
 */
export function localeOfBroadcast(language: (typeof LANGUAGES)[number]): 'en' | 'es-MX' {
  return LANGUAGE_NAMES[language] === 'Spanish' ? 'es-MX' : 'en';
}
export const CATEGORIES = ['Gaming'] as const;
export const TIERS = [1, 2, 3] as const;

type Text = { kind: 'text'; max: number };
type Choice = { kind: 'choice'; values: readonly string[] };
type FieldSpec = (Text | Choice | { kind: 'date' } | { kind: 'tier' } | { kind: 'image' }) & {
  /** Shown on the My Profile edit form (in this table's order). */
  form?: true;
  /** Asked by the complete-register wizard (docs/spec.md §2, §3 profile completion payload). */
  completion?: true;
};

/** Every profile field in the order the screens show them. */
export const PROFILE = {
  first_name: { kind: 'text', max: 100, form: true, completion: true },
  last_name: { kind: 'text', max: 100, form: true, completion: true },
  date_birth: { kind: 'date', form: true, completion: true },
  gender: { kind: 'choice', values: GENDERS, form: true, completion: true },
  country: { kind: 'text', max: 100, form: true, completion: true },
  city: { kind: 'text', max: 100, form: true, completion: true },
  zipcode: { kind: 'text', max: 20, form: true, completion: true },
  address: { kind: 'text', max: 300, form: true, completion: true },
  language: { kind: 'choice', values: LANGUAGES, form: true, completion: true },
  about: { kind: 'text', max: 5000, form: true },
  tier: { kind: 'tier', form: true },
  category: { kind: 'choice', values: CATEGORIES, form: true },
  job_title: { kind: 'text', max: 100, form: true },
  goals: { kind: 'text', max: 5000, form: true },
  type_content: { kind: 'text', max: 5000, completion: true },
  image: { kind: 'image' },
} as const satisfies Record<string, FieldSpec>;

export type ProfileField = keyof typeof PROFILE;
export const PROFILE_FIELDS = Object.keys(PROFILE) as ProfileField[];

type ValueOf<S> = S extends { kind: 'choice'; values: readonly (infer V)[] }
  ? V
  : S extends { kind: 'tier' }
    ? (typeof TIERS)[number]
    : string;

/** The profile as stored and read: every field nullable. */
export type Profile = { [K in ProfileField]: ValueOf<(typeof PROFILE)[K]> | null };

type Flagged<Flag extends 'form' | 'completion'> = {
  [K in ProfileField]: (typeof PROFILE)[K] extends Record<Flag, true> ? K : never;
}[ProfileField];

/** The fields of the My Profile edit form, in screen order. */
export type FormField = Flagged<'form'>;
export const FORM_FIELDS = PROFILE_FIELDS.filter((field) => 'form' in PROFILE[field]) as FormField[];

/** The fields the complete-register wizard asks for. */
export type CompletionField = Flagged<'completion'>;
export const COMPLETION_FIELDS = PROFILE_FIELDS.filter((field) => 'completion' in PROFILE[field]) as CompletionField[];

// What the advertiser's company form holds as ids, in the screen's language (docs/architecture.md §Languages): a
// field's label and hint, and its problem (advertiserProfile's AdvertiserProfileProblem, which the advertiser's
// completion shares). Plain functions of the screen's `t`, not hooks: a component calls useMessages once, as its last
// hook.
import type {
  AdvertiserProfileField,
  AdvertiserProfileProblem,
} from '@/machines/marketplace/advertiserProfile.machine';
import type { MessageValues } from '@/src/i18n/i18n';
import type { AdvertiserMessage } from './advertiserCatalogue';

/** The `t` of a useMessages with advertiserMessages. */
export type AdvertiserWords = (id: AdvertiserMessage, values?: MessageValues) => string;

/** Each field's label, the same on Company Profile and the advertiser's completion. */
export const FIELD_LABELS = {
  companyName: 'field.companyName',
  website: 'field.website',
  contactName: 'field.contactName',
  contactEmail: 'field.contactEmail',
  promotes: 'field.promotes',
} as const satisfies Record<AdvertiserProfileField, AdvertiserMessage>;

const PROBLEMS = {
  required: 'problem.required',
  tooLong: 'problem.tooLong',
  invalidWebsite: 'problem.invalidWebsite',
  invalidEmail: 'problem.invalidEmail',
} as const satisfies Record<AdvertiserProfileProblem['id'], AdvertiserMessage>;

/** A field's problem in words; undefined for none, so a Field shows no error. */
export function problemText(t: AdvertiserWords, problem: AdvertiserProfileProblem | undefined): string | undefined {
  if (!problem) return undefined;
  return t(PROBLEMS[problem.id], problem);
}

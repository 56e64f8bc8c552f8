// What the campaign editor's machine holds as ids and values, in the screen's language (docs/architecture.md
// §Languages): a field's problem (campaignEditor's CampaignProblem) and what went wrong beyond the fields. Plain
// functions of the screen's `t` and locale, not hooks: a component calls useMessages once, as its last hook.
import { formatStatementCentsIn } from '@/contract/cents';
import type { CampaignEditorError, CampaignProblem } from '@/machines/marketplace/campaignEditor.machine';
import { formatsIn } from '@/src/common/format';
import type { MessageValues } from '@/src/i18n/i18n';
import type { Locale } from '@/src/i18n/locales';
import type { CampaignEditorMessage } from './campaignEditorCatalogue';

/** The `t` of a useMessages with campaignEditorMessages. */
export type CampaignEditorWords = (id: CampaignEditorMessage, values?: MessageValues) => string;

const PROBLEMS = {
  required: 'problem.required',
  tooLong: 'problem.tooLong',
  payFormat: 'problem.payFormat',
  payMin: 'problem.payMin',
  payMax: 'problem.payMax',
  spots: 'problem.spots',
  minutes: 'problem.minutes',
  viewers: 'problem.viewers',
  day: 'problem.day',
  endsBeforeStart: 'problem.endsBeforeStart',
  keywords: 'problem.keywords',
  keyword: 'problem.keyword',
  image: 'problem.image',
  deliverables: 'problem.deliverables',
  perClickNeedsLink: 'problem.perClickNeedsLink',
  linkUrl: 'problem.linkUrl',
  linkClicks: 'problem.linkClicks',
  chatEvery: 'problem.chatEvery',
  chatCommand: 'problem.chatCommand',
  chatPosts: 'problem.chatPosts',
  promoRedemptions: 'problem.promoRedemptions',
  perClickFormat: 'problem.perClickFormat',
  perClickRange: 'problem.perClickRange',
} as const satisfies Record<Exclude<CampaignProblem['id'], 'server'>, CampaignEditorMessage>;

/**
 * A field's problem in words; undefined for none, so a Field shows no error. The server's own words as they came; sums
 * in US dollars the language's way ("$1.00", "USD 1.00": the limits with their cents as the spec writes them).
 */
export function problemText(
  t: CampaignEditorWords,
  locale: Locale,
  problem: CampaignProblem | undefined,
): string | undefined {
  if (!problem) return undefined;
  switch (problem.id) {
    case 'server':
      return problem.text;
    case 'payMin':
      return t(PROBLEMS.payMin, { min: formatStatementCentsIn(locale, problem.minCents) });
    case 'payMax':
      return t(PROBLEMS.payMax, { max: formatsIn(locale).money(problem.maxCents) });
    case 'perClickRange':
      return t(PROBLEMS.perClickRange, {
        min: formatStatementCentsIn(locale, problem.minCents),
        max: formatStatementCentsIn(locale, problem.maxCents),
      });
    default:
      return t(PROBLEMS[problem.id], problem);
  }
}

/** What went wrong beyond the fields: the server's words as they came, or the image refused with its reason. */
export function editorErrorText(t: CampaignEditorWords, error: CampaignEditorError): string {
  return error.id === 'server' ? error.text : t('editor.imageRefused', { reason: error.reason });
}

// Why an offer matched, in its reader's language (docs/product.md "Fair matching explained"). Matching (./matching.ts)
// and invitations (./invitations.ts) store each reason with its English `detail` and what it was worded from (`words`:
// the text's id and its values); an offer's answer words it again in the request's language (./rows.ts toOffer). An
// older row without `words` keeps its stored English detail.
import type { CampaignLanguage, MatchCriterion, Platform } from '../../contract/marketplace.ts';
import { intlLocale, type Locale } from '../../contract/locales.ts';
import type { MatchReason } from '../../contract/schemas/marketplace.ts';
import { wordList, worded, type Worded } from '../http/texts.ts';
import { marketplaceTexts } from './texts.ts';

/** What a reason says, by the text it is worded with and that text's values. */
export type ReasonWords =
  | { id: 'streamsOn' | 'runsOn'; platforms: readonly Platform[] }
  | { id: 'broadcastsIn'; language: CampaignLanguage }
  | { id: 'basedIn' | 'everyCountry'; country: string }
  | { id: 'contentAbout'; keywords: readonly string[] }
  | { id: 'aboutViewers'; viewers: number }
  | { id: 'viewersUnmeasured' }
  | { id: 'chosenInSearch'; brand: string };

/** A reason as the offer's row keeps it (offers.reasons, JSON): the English detail, and its words since they exist. */
export interface StoredReason {
  criterion: MatchCriterion;
  detail: string;
  words?: ReasonWords;
}

/** A broadcasting language named in `locale` ("Spanish", "español"); one the texts do not know, as it is stored. */
export function languageIn(language: string, locale: Locale): string {
  return language === 'English' || language === 'Spanish' ? marketplaceTexts(locale)(`language.${language}`) : language;
}

/**
 * Values listed as a choice: English as it always has ("Mexico, Spain"), another language its own way ("México o
 * España"), each worded by `name`.
 */
export function anyOf(values: readonly string[], name: (value: string, locale: Locale) => string = (v) => v): Worded {
  return worded((locale) => {
    const named = values.map((value) => name(value, locale));
    return locale === 'en'
      ? named.join(', ')
      : new Intl.ListFormat(intlLocale(locale), { type: 'disjunction' }).format(named);
  });
}

/** The reason's text in `locale`. */
export function reasonIn(words: ReasonWords, locale: Locale): string {
  const say = marketplaceTexts(locale);
  switch (words.id) {
    case 'streamsOn':
    case 'runsOn':
      return say(`reason.${words.id}`, { platforms: wordList(() => words.platforms) });
    case 'broadcastsIn':
      return say('reason.broadcastsIn', { language: languageIn(words.language, locale) });
    case 'basedIn':
    case 'everyCountry':
      return say(`reason.${words.id}`, { country: words.country });
    case 'contentAbout':
      // English lists the keywords as it always has ("retro, speedruns"); Spanish "retro y speedruns".
      return say('reason.contentAbout', {
        keywords: locale === 'en' ? words.keywords.join(', ') : wordList(() => words.keywords),
      });
    case 'aboutViewers':
      return say('reason.aboutViewers', { viewers: words.viewers });
    case 'viewersUnmeasured':
      return say('reason.viewersUnmeasured');
    case 'chosenInSearch':
      return say('reason.chosenInSearch', { brand: words.brand });
  }
}

/** The reason's text in `locale`, or null for words this server does not know (a row written by a newer one). */
function knownReasonIn(words: ReasonWords, locale: Locale): string | null {
  try {
    return (reasonIn(words, locale) as string | undefined) ?? null;
  } catch {
    return null;
  }
}

/** A reason to store: its English detail beside its words. */
export const storedReason = (criterion: MatchCriterion, words: ReasonWords): StoredReason => ({
  criterion,
  detail: reasonIn(words, 'en'),
  words,
});

/** The stored reasons (offers.reasons) as the Offer contract says them, in `locale`. */
export function reasonsIn(json: string, locale: Locale): MatchReason[] {
  const stored = JSON.parse(json) as StoredReason[];
  return stored.map(({ criterion, detail, words }) => ({
    criterion,
    detail: (words && locale !== 'en' ? knownReasonIn(words, locale) : null) ?? detail,
  }));
}

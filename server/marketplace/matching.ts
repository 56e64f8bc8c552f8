// Matching (docs/product.md §Marketplace, docs/product.md "Matching"): hard filters, then ranking, with a reason per criterion that both
// sides can read. Pure functions here; server/marketplace/match-jobs.ts loads the rows and writes the offers.
import type { CampaignLanguage, MatchCriterion, Platform } from '../../contract/marketplace.ts';
import { PLATFORMS } from '../../contract/marketplace.ts';
import { LANGUAGE_NAMES } from '../../contract/profile.ts';
import { storedReason, type StoredReason } from './reasons.ts';

export interface CreatorFacts {
  id: string;
  country: string | null;
  language: string | null;
  category: string | null;
  type_content: string | null;
  about: string | null;
  job_title: string | null;
  tier: number | null;
  /** Platforms of connected accounts (docs/product.md §Connected accounts); empty until then. */
  connected?: readonly Platform[];
  /** Average live viewers when known (docs/product.md §Analytics); null until then. */
  avgViewers?: number | null;
}

export interface CampaignTargeting {
  platforms: readonly Platform[];
  languages: readonly CampaignLanguage[];
  /** Empty: every country. */
  countries: readonly string[];
  /** Keywords; empty: every category. */
  categories: readonly string[];
  minAvgViewers: number | null;
}

export interface Match {
  score: number;
  /** As offers.reasons keeps them: the English detail and its words (./reasons.ts). */
  reasons: StoredReason[];
}

/** The profile's languages read as broadcasting languages (the completion form sends countries: docs/spec.md §3). */
const LANGUAGE_OF: Record<string, CampaignLanguage> = LANGUAGE_NAMES;

const words = (text: string) => text.toLowerCase();

/**
 * The platforms a creator streams on: their connected accounts when they have any, else the platforms their
 * profile states (named in their type of content, about or job title). An unknown platform matches only campaigns
 * that run on every platform.
 */
export function creatorPlatforms(creator: CreatorFacts): Platform[] {
  if (creator.connected && creator.connected.length > 0) return [...creator.connected];
  const stated = words([creator.type_content, creator.about, creator.job_title].filter(Boolean).join(' '));
  return PLATFORMS.filter((platform) => (platform === 'YouTube' ? /\byoutube\b|\byt\b/ : /\btwitch\b/).test(stated));
}

const escape = (keyword: string) => keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Compiled once per campaign: the keyword patterns. */
export function compileTargeting(targeting: CampaignTargeting) {
  const keywords = targeting.categories.map((keyword) => ({
    keyword,
    pattern: new RegExp(`(^|[^\\p{L}\\p{N}])${escape(keyword.toLowerCase())}([^\\p{L}\\p{N}]|$)`, 'u'),
  }));
  const countries = new Set(targeting.countries);
  const everyPlatform = PLATFORMS.every((platform) => targeting.platforms.includes(platform));
  return { targeting, keywords, countries, everyPlatform };
}
export type CompiledTargeting = ReturnType<typeof compileTargeting>;

/** What matching reads of a creator, derived once per creator (not once per campaign). */
export interface PreparedCreator {
  id: string;
  platforms: Platform[];
  connected: boolean;
  language: CampaignLanguage | undefined;
  country: string | null;
  /** Type of content and category, lower-cased, for the keywords. */
  content: string;
  tier: number | null;
  avgViewers: number | null;
}

export function prepareCreator(creator: CreatorFacts): PreparedCreator {
  return {
    id: creator.id,
    platforms: creatorPlatforms(creator),
    connected: Boolean(creator.connected && creator.connected.length > 0),
    language: creator.language ? LANGUAGE_OF[creator.language] : undefined,
    country: creator.country,
    content: words([creator.type_content, creator.category].filter(Boolean).join(' ')),
    tier: creator.tier,
    avgViewers: creator.avgViewers ?? null,
  };
}

/** The creator's score for the campaign, or null when a hard filter fails. Allocates nothing on the way. */
export function scoreCreator(compiled: CompiledTargeting, creator: PreparedCreator): number | null {
  const { targeting, keywords, countries, everyPlatform } = compiled;
  let score = 0;
  let shared = false;
  for (const platform of creator.platforms) if (targeting.platforms.includes(platform)) shared = true;
  if (shared) score += creator.connected ? 20 : 10;
  else if (!(creator.platforms.length === 0 && everyPlatform)) return null;
  if (!creator.language || !targeting.languages.includes(creator.language)) return null;
  if (countries.size > 0) {
    if (!creator.country || !countries.has(creator.country)) return null;
    score += 5;
  }
  if (keywords.length > 0) {
    let found = 0;
    for (const { pattern } of keywords) if (pattern.test(creator.content)) found += 1;
    if (found === 0) return null;
    score += 10 * found;
  }
  if (targeting.minAvgViewers !== null) {
    if (creator.avgViewers !== null) {
      if (creator.avgViewers < targeting.minAvgViewers) return null;
      score += 15;
    }
  } else if (creator.avgViewers) {
    score += Math.min(15, Math.floor(Math.log10(creator.avgViewers + 1) * 5));
  }
  if (creator.tier) score += 4 - creator.tier;
  return score;
}

/**
 * Why a creator who passed the filters matched, one reason per criterion (in MATCH_CRITERIA order), each stored with
 * its English detail and its words, so that an offer's answer says it in its reader's language (./reasons.ts).
 */
export function reasonsFor(compiled: CompiledTargeting, creator: PreparedCreator): Match['reasons'] {
  const { targeting, keywords, countries } = compiled;
  const reasons: Match['reasons'] = [];
  const shared = creator.platforms.filter((platform) => targeting.platforms.includes(platform));
  reasons.push(
    shared.length > 0
      ? storedReason('platform', { id: 'streamsOn', platforms: shared })
      : storedReason('platform', { id: 'runsOn', platforms: [...targeting.platforms] }),
  );
  reasons.push(storedReason('language', { id: 'broadcastsIn', language: creator.language! }));
  if (countries.size > 0) reasons.push(storedReason('country', { id: 'basedIn', country: creator.country! }));
  else if (creator.country) reasons.push(storedReason('country', { id: 'everyCountry', country: creator.country }));
  if (keywords.length > 0) {
    const found = keywords.filter(({ pattern }) => pattern.test(creator.content)).map(({ keyword }) => keyword);
    reasons.push(storedReason('category', { id: 'contentAbout', keywords: found }));
  }
  if (targeting.minAvgViewers !== null) {
    reasons.push(
      creator.avgViewers !== null
        ? storedReason('audience', { id: 'aboutViewers', viewers: creator.avgViewers })
        : storedReason('audience', { id: 'viewersUnmeasured' }),
    );
  }
  return reasons;
}

/** The creator's match with the campaign, or null when a hard filter fails. */
export function matchCreator(compiled: CompiledTargeting, facts: CreatorFacts): Match | null {
  const creator = prepareCreator(facts);
  const score = scoreCreator(compiled, creator);
  return score === null ? null : { score, reasons: reasonsFor(compiled, creator) };
}

/**
 * The first hard filter a creator fails for the campaign, in scoreCreator's order, or null when they pass: what the
 * creator's offers page explains (./outlook.ts) when no offer came.
 */
export type FilterCriterion = Exclude<MatchCriterion, 'invitation'>;

export function missedBy(compiled: CompiledTargeting, creator: PreparedCreator): FilterCriterion | null {
  const { targeting, keywords, countries, everyPlatform } = compiled;
  const shared = creator.platforms.some((platform) => targeting.platforms.includes(platform));
  if (!shared && !(creator.platforms.length === 0 && everyPlatform)) return 'platform';
  if (!creator.language || !targeting.languages.includes(creator.language)) return 'language';
  if (countries.size > 0 && (!creator.country || !countries.has(creator.country))) return 'country';
  if (keywords.length > 0 && !keywords.some(({ pattern }) => pattern.test(creator.content))) return 'category';
  if (targeting.minAvgViewers !== null && creator.avgViewers !== null && creator.avgViewers < targeting.minAvgViewers)
    return 'audience';
  return null;
}

// Matching (issue 13, PRODUCT.md "Matching"): hard filters, then ranking, with a reason per criterion that both
// sides can read. Pure functions here; server/marketplace/match-jobs.ts loads the rows and writes the offers.
import type { CampaignLanguage, MatchCriterion, Platform } from '../../contract/marketplace.ts';
import { PLATFORMS } from '../../contract/marketplace.ts';

export interface CreatorFacts {
  id: string;
  country: string | null;
  language: string | null;
  category: string | null;
  type_content: string | null;
  about: string | null;
  job_title: string | null;
  tier: number | null;
  /** Platforms of connected accounts (issue 16); empty until then. */
  connected?: readonly Platform[];
  /** Average live viewers when known (issue 17); null until then. */
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
  reasons: { criterion: MatchCriterion; detail: string }[];
}

/** The profile's languages read as broadcasting languages (the completion form sends countries: SPEC §3). */
const LANGUAGE_OF: Record<string, CampaignLanguage> = {
  English: 'English',
  'United States': 'English',
  Spanish: 'Spanish',
  Mexico: 'Spanish',
};

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

/** The creator's match with the campaign, or null when a hard filter fails. */
export function matchCreator(compiled: CompiledTargeting, creator: CreatorFacts): Match | null {
  const { targeting, keywords, countries, everyPlatform } = compiled;
  const reasons: Match['reasons'] = [];
  let score = 0;

  // Platform.
  const platforms = creatorPlatforms(creator);
  const shared = platforms.filter((platform) => targeting.platforms.includes(platform));
  if (shared.length > 0) {
    reasons.push({ criterion: 'platform', detail: `Streams on ${shared.join(' and ')}` });
    score += creator.connected && creator.connected.length > 0 ? 20 : 10;
  } else if (platforms.length === 0 && everyPlatform) {
    reasons.push({ criterion: 'platform', detail: `The campaign runs on ${targeting.platforms.join(' and ')}` });
  } else {
    return null;
  }

  // Broadcasting language.
  const language = creator.language ? LANGUAGE_OF[creator.language] : undefined;
  if (!language || !targeting.languages.includes(language)) return null;
  reasons.push({ criterion: 'language', detail: `Broadcasts in ${language}` });

  // Country.
  if (countries.size > 0) {
    if (!creator.country || !countries.has(creator.country)) return null;
    reasons.push({ criterion: 'country', detail: `Based in ${creator.country}` });
    score += 5;
  } else if (creator.country) {
    reasons.push({ criterion: 'country', detail: `Open to every country (${creator.country})` });
  }

  // Content category keywords against the creator's type of content and category.
  if (keywords.length > 0) {
    const content = words([creator.type_content, creator.category].filter(Boolean).join(' '));
    const found = keywords.filter(({ pattern }) => pattern.test(content)).map(({ keyword }) => keyword);
    if (found.length === 0) return null;
    reasons.push({ criterion: 'category', detail: `Content about ${found.join(', ')}` });
    score += 10 * found.length;
  }

  // Audience: a known average below the minimum excludes; an unknown one is ranked lower.
  if (targeting.minAvgViewers !== null) {
    const viewers = creator.avgViewers ?? null;
    if (viewers !== null) {
      if (viewers < targeting.minAvgViewers) return null;
      reasons.push({ criterion: 'audience', detail: `About ${viewers} average viewers` });
      score += 15;
    } else {
      reasons.push({ criterion: 'audience', detail: 'Average viewers not measured yet' });
    }
  } else if (creator.avgViewers) {
    score += Math.min(15, Math.floor(Math.log10(creator.avgViewers + 1) * 5));
  }

  // Tier 1 is the top tier.
  if (creator.tier) score += 4 - creator.tier;
  return { score, reasons };
}

// Why no offers came (docs/product.md "Fair matching explained"): what the creator's Sponsorship Offers screen says when
// Newley Offers is empty. The same facts matching reads (./match-jobs.ts, ./matching.ts), read for one creator against
// every running campaign: a profile matching cannot use, no connected channel, no published media kit, and for the
// running campaigns the first filter each one fails, counted by criterion with what they ask for. Nothing about a
// campaign is named beyond what its targeting asks (no brand, no pay): the creator learns what to change, not who.
import type { Kysely } from 'kysely';
import { OPEN_OFFER_STATUSES, OPEN_OFFERS_PER_SPOT } from '../../contract/marketplace.ts';
import type { OffersOutlook, OutlookStep } from '../../contract/schemas/marketplace.ts';
import type { Locale } from '../../contract/locales.ts';
import type { Database } from '../db/types.ts';
import { wordList, type Say } from '../http/texts.ts';
import { withConnected } from './match-jobs.ts';
import { compileTargeting, missedBy, prepareCreator, type CreatorFacts, type FilterCriterion } from './matching.ts';
import { anyOf, languageIn } from './reasons.ts';
import { targetingOf } from './rows.ts';
import { marketplaceTexts } from './texts.ts';

/** One line per criterion that kept campaigns away, with what they ask for, in the language of `say`. */
function explain(
  say: Say<OutlookText>,
  criterion: FilterCriterion,
  count: number,
  asks: { platforms: string[]; languages: string[]; countries: string[]; keywords: string[]; minViewers: number[] },
): string {
  // Each value once, in a stable order: English lists them as it always has ("Mexico, Spain"), Spanish as a choice.
  const listed = (values: Iterable<string>, name?: (value: string, locale: Locale) => string) =>
    anyOf([...new Set(values)].sort(), name);
  switch (criterion) {
    case 'platform':
      return say('outlook.asks.platform', { count, platforms: listed(asks.platforms) });
    case 'language':
      return say('outlook.asks.language', { count, languages: listed(asks.languages, languageIn) });
    case 'country':
      return say('outlook.asks.country', { count, countries: listed(asks.countries) });
    case 'category':
      return say('outlook.asks.category', { count, keywords: listed(asks.keywords) });
    case 'audience':
      return say('outlook.asks.audience', { count, viewers: Math.min(...asks.minViewers) });
  }
}

type OutlookText = Parameters<ReturnType<typeof marketplaceTexts>>[0];

/** What the creator's Sponsorship Offers screen says when no new offer came, in `locale` (./texts.ts). */
export async function offersOutlook(db: Kysely<Database>, creatorId: string, locale: Locale): Promise<OffersOutlook> {
  const say = marketplaceTexts(locale);
  const user = await db
    .selectFrom('users')
    .select(['id', 'country', 'language', 'category', 'type_content', 'about', 'job_title', 'tier'])
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();
  const [facts] = await withConnected(db, [user as CreatorFacts]);
  const creator = prepareCreator(facts!);
  const [kit, campaigns, offered] = await Promise.all([
    db.selectFrom('media_kits').select('published').where('user_id', '=', creatorId).executeTakeFirst(),
    db
      .selectFrom('campaigns')
      .selectAll()
      .where('status', '=', 'active')
      .whereRef('accepted_count', '<', 'spots')
      .execute(),
    db.selectFrom('offers').select('campaign_id').where('creator_id', '=', creatorId).execute(),
  ]);
  const steps: OutlookStep[] = [];

  // Besides the broadcasting language, which matching cannot do without.
  const missing = [
    user.country ? null : ('outlook.profile.field.country' as const),
    user.type_content || user.category ? null : ('outlook.profile.field.typeOfContent' as const),
  ].filter((field) => field !== null);
  // "country and type of content", "tu país y tu tipo de contenido".
  const fields = wordList((locale) => missing.map((field) => marketplaceTexts(locale)(field)));
  if (!user.language || missing.length > 0) {
    steps.push({
      kind: 'profile',
      title: say('outlook.profile.title'),
      text: user.language
        ? say('outlook.profile.text', { fields })
        : say('outlook.profile.noLanguage', { more: missing.length > 0 ? 'yes' : 'no', fields }),
      details: [],
      link: { to: '/my-profile', label: say('outlook.profile.link') },
    });
  }
  if (!creator.connected) {
    steps.push({
      kind: 'channel',
      title: say('outlook.channel.title'),
      text: say('outlook.channel.text'),
      details: [],
      link: { to: '/connect-accounts', label: say('outlook.channel.link') },
    });
  }

  // The running campaigns with a spot left that have not made this creator an offer.
  const had = new Set(offered.map((offer) => offer.campaign_id));
  const open = campaigns.filter((campaign) => !had.has(campaign.id));
  let matching = 0;
  let full = 0;
  const missed = new Map<FilterCriterion, number>();
  const asks = {
    platforms: [] as string[],
    languages: [] as string[],
    countries: [] as string[],
    keywords: [] as string[],
    minViewers: [] as number[],
  };
  const roomOf = new Map<string, number>();
  if (open.length > 0) {
    const counts = await db
      .selectFrom('offers')
      .select(['campaign_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where(
        'campaign_id',
        'in',
        open.map((campaign) => campaign.id),
      )
      .where('status', 'in', OPEN_OFFER_STATUSES)
      .groupBy('campaign_id')
      .execute();
    for (const row of counts) roomOf.set(row.campaign_id, Number(row.n));
  }
  for (const campaign of open) {
    const targeting = targetingOf(campaign);
    const criterion = user.language ? missedBy(compileTargeting(targeting), creator) : null;
    if (!user.language) continue;
    if (criterion === null) {
      matching += 1;
      const room =
        (Number(campaign.spots) - Number(campaign.accepted_count)) * OPEN_OFFERS_PER_SPOT -
        (roomOf.get(campaign.id) ?? 0);
      if (room <= 0) full += 1;
      continue;
    }
    missed.set(criterion, (missed.get(criterion) ?? 0) + 1);
    if (criterion === 'platform') asks.platforms.push(...targeting.platforms);
    if (criterion === 'language') asks.languages.push(...targeting.languages);
    if (criterion === 'country') asks.countries.push(...targeting.countries);
    if (criterion === 'category') asks.keywords.push(...targeting.categories);
    if (criterion === 'audience' && targeting.minAvgViewers !== null) asks.minViewers.push(targeting.minAvgViewers);
  }

  if (user.language) {
    if (campaigns.length === 0) {
      steps.push({
        kind: 'waiting',
        title: say('outlook.none.title'),
        text: say('outlook.none.text'),
        details: [],
        link: null,
      });
    } else if (open.length === 0) {
      steps.push({
        kind: 'waiting',
        title: say('outlook.answered.title'),
        text: say('outlook.answered.text'),
        details: [],
        link: null,
      });
    } else if (matching === 0) {
      steps.push({
        kind: 'targeting',
        title: say('outlook.targeting.title'),
        text: say('outlook.targeting.text', { count: open.length }),
        details: [...missed.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([criterion, count]) => explain(say, criterion, count, asks)),
        link: { to: '/my-profile', label: say('outlook.targeting.link') },
      });
    } else if (full > 0 && full === matching) {
      steps.push({
        kind: 'waiting',
        title: say('outlook.matches.title', { count: full }),
        text: say('outlook.full.text', { count: full }),
        details: [],
        link: null,
      });
    } else if (matching > 0) {
      steps.push({
        kind: 'waiting',
        title: say('outlook.matches.title', { count: matching }),
        text: say('outlook.coming.text'),
        details: [],
        link: null,
      });
    }
  }
  if (Number(kit?.published ?? 0) !== 1) {
    steps.push({
      kind: 'media-kit',
      title: say('outlook.mediaKit.title'),
      text: say('outlook.mediaKit.text'),
      details: [],
      link: { to: '/media-kit', label: say('outlook.mediaKit.link') },
    });
  }
  return { runningCampaigns: campaigns.length, matching, steps };
}

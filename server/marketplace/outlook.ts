// Why no offers came (docs/product.md "Fair matching explained"): what the creator's Sponsorship Offers screen says when
// Newley Offers is empty. The same facts matching reads (./match-jobs.ts, ./matching.ts), read for one creator against
// every running campaign: a profile matching cannot use, no connected channel, no published media kit, and for the
// running campaigns the first filter each one fails, counted by criterion with what they ask for. Nothing about a
// campaign is named beyond what its targeting asks (no brand, no pay): the creator learns what to change, not who.
import type { Kysely } from 'kysely';
import { OPEN_OFFER_STATUSES, OPEN_OFFERS_PER_SPOT } from '../../contract/marketplace.ts';
import type { OffersOutlook, OutlookStep } from '../../contract/schemas/marketplace.ts';
import type { Database } from '../db/types.ts';
import { withConnected } from './match-jobs.ts';
import { compileTargeting, missedBy, prepareCreator, type CreatorFacts, type FilterCriterion } from './matching.ts';
import { targetingOf } from './rows.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const listed = (values: Iterable<string>) => [...new Set(values)].sort().join(', ');

/** One line per criterion that kept campaigns away, with what they ask for. */
function explain(
  criterion: FilterCriterion,
  count: number,
  asks: { platforms: string[]; languages: string[]; countries: string[]; keywords: string[]; minViewers: number[] },
): string {
  const campaigns = plural(count, 'campaign', 'campaigns');
  switch (criterion) {
    case 'platform':
      return `${campaigns} ${count === 1 ? 'runs' : 'run'} on ${listed(asks.platforms)}: connect that channel in Connect Accounts.`;
    case 'language':
      return `${campaigns} ${count === 1 ? 'wants' : 'want'} creators broadcasting in ${listed(asks.languages)}.`;
    case 'country':
      return `${campaigns} ${count === 1 ? 'targets' : 'target'} creators based in ${listed(asks.countries)}.`;
    case 'category':
      return `${campaigns} ${count === 1 ? 'looks' : 'look'} for content about ${listed(asks.keywords)}: say so in your profile's type of content if you stream it.`;
    case 'audience':
      return `${campaigns} ${count === 1 ? 'asks' : 'ask'} for at least ${Math.min(...asks.minViewers)} average live viewers.`;
  }
}

export async function offersOutlook(db: Kysely<Database>, creatorId: string): Promise<OffersOutlook> {
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

  const missing = [
    user.language ? null : 'broadcasting language',
    user.country ? null : 'country',
    user.type_content || user.category ? null : 'type of content',
  ].filter((field): field is string => field !== null);
  if (missing.length > 0) {
    steps.push({
      kind: 'profile',
      title: 'Complete your profile',
      text: user.language
        ? `Campaigns that target countries or kinds of content read your profile: add your ${missing.join(' and ')}.`
        : `Matching needs your broadcasting language: no campaign can be matched to you until your profile has it.${
            missing.length > 1 ? ` Add your ${missing.slice(1).join(' and ')} too.` : ''
          }`,
      details: [],
      link: { to: '/my-profile', label: 'Complete your profile' },
    });
  }
  if (!creator.connected) {
    steps.push({
      kind: 'channel',
      title: 'Connect a channel',
      text: 'Accepting an offer needs a connected Twitch or YouTube channel, and campaigns on one platform look for creators who stream there.',
      details: [],
      link: { to: '/connect-accounts', label: 'Connect a channel' },
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
        title: 'No campaign is taking creators right now',
        text: 'Running campaigns are matched to you as advertisers launch them; a notification tells you when an offer comes.',
        details: [],
        link: null,
      });
    } else if (open.length === 0) {
      steps.push({
        kind: 'waiting',
        title: 'Every running campaign has made you an offer',
        text: 'New campaigns are matched to you as advertisers launch them; a notification tells you when an offer comes.',
        details: [],
        link: null,
      });
    } else if (matching === 0) {
      steps.push({
        kind: 'targeting',
        title: `No running campaign targets you yet`,
        text: `${plural(open.length, 'running campaign has', 'running campaigns have')} no offer for you. What they ask for:`,
        details: [...missed.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([criterion, count]) => explain(criterion, count, asks)),
        link: { to: '/my-profile', label: 'Review your profile' },
      });
    } else if (full > 0 && full === matching) {
      steps.push({
        kind: 'waiting',
        title: `${plural(full, 'campaign matches', 'campaigns match')} you`,
        text: `${full === 1 ? 'It has' : 'They have'} as many open offers as ${full === 1 ? 'it' : 'they'} can hold right now: you get an offer when a spot frees up.`,
        details: [],
        link: null,
      });
    } else if (matching > 0) {
      steps.push({
        kind: 'waiting',
        title: `${plural(matching, 'campaign matches', 'campaigns match')} you`,
        text: 'Their offers are on the way: matching runs when you save your profile or connect a channel, and when campaigns launch.',
        details: [],
        link: null,
      });
    }
  }
  if (Number(kit?.published ?? 0) !== 1) {
    steps.push({
      kind: 'media-kit',
      title: 'Publish your media kit',
      text: 'Brands can then find you in search and invite you to their campaigns directly.',
      details: [],
      link: { to: '/media-kit', label: 'Set up your media kit' },
    });
  }
  return { runningCampaigns: campaigns.length, matching, steps };
}

// The demo world (docs/product.md "Demo seed", docs/product.md §Marketplace): with an empty database and SEED_DEMO not 0, `npm start` writes
// ordinary rows — an operator, an approved advertiser (Nova Energy) running broad campaigns, a second advertiser
// waiting for approval, and a demo creator whose offers fill the three tabs of Sponsorship Offers and whose channels
// have a year of figures on Analytics (docs/product.md §Analytics) — and prints the
// credentials, also written to $DATA_DIR/demo-accounts.txt. Where both platforms are the local stand-ins, a roster of
// eight more creators (./roster.ts: no password, not printed) fills brand search. A creator who signs up then gets
// real offers from the demo campaigns, as the roster does through the matching job. It writes only into a database
// with no users at all: one with any account, demo or real, is left untouched.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CastbridgeApp } from '../../server/app.ts';
import { hashPassword } from '../../server/accounts/passwords.ts';
import { compileTargeting, matchCreator } from '../../server/marketplace/matching.ts';
import { targetingOf } from '../../server/marketplace/rows.ts';
import { touchOfferLists } from '../../server/marketplace/offer-revisions.ts';
import type { CampaignInput } from '../../contract/schemas/marketplace.ts';
import type { OfferStatus } from '../../contract/marketplace.ts';
import { reserveForLaunch } from '../../server/money/funding.ts';
import { seedAnalytics, seedChannels } from './analytics.ts';
import { publishDemoMediaKits } from './media-kits.ts';
import { monthsAgo, NOVA_DEPOSIT_CENTS, postDeposit, seedEarningsHistory, seedPastSponsorship } from './money.ts';
import { ROSTER } from './roster.ts';
import { seedDeliverables } from './deliverables.ts';

export const DEMO_DOMAIN = 'demo.castbridge.app';
export const DEMO_EMAILS = {
  operator: `operator@${DEMO_DOMAIN}`,
  advertiser: `nova@${DEMO_DOMAIN}`,
  pending: `pixelforge@${DEMO_DOMAIN}`,
  creator: `creator@${DEMO_DOMAIN}`,
} as const;
/** The demo creator's media kit: /c/alexrivera. */
export const DEMO_HANDLE = 'alexrivera';

/** The spec's sample offers (docs/spec.md §2 Sponsorship Offers: 4 new, 2 accepted, 3 asking for more information). */
const CAMPAIGNS: {
  brand: string;
  title: string;
  description: string;
  image: string;
  payCents: number;
  creatorStatus: OfferStatus;
  question?: string;
  answer?: string;
  /** Deliverables beyond the overlay minutes (docs/product.md §Deliverables). */
  extra?: Pick<CampaignInput['deliverable'], 'link' | 'chat' | 'promo'>;
}[] = [
  {
    brand: 'Nova Energy',
    title: 'Nova Energy Drink',
    description: 'Show our can on stream for 30 seconds each hour during your weekend broadcasts.',
    image: '/images/offers/energy.svg',
    payCents: 25_000,
    creatorStatus: 'invited',
  },
  {
    brand: 'Pixel Gear',
    title: 'Pixel Gear Headsets',
    description: 'Review our new wireless headset live and share a viewer discount code.',
    image: '/images/offers/headset.svg',
    payCents: 40_000,
    creatorStatus: 'invited',
  },
  {
    brand: 'CloudHost',
    title: 'CloudHost Servers',
    description: 'Run a community game server on us and mention it at the start of each stream.',
    image: '/images/offers/cloud.svg',
    payCents: 30_000,
    creatorStatus: 'invited',
  },
  {
    brand: 'Fresh Bites',
    title: 'Fresh Bites Snacks',
    description: 'A monthly snack box for you and a giveaway for your chat.',
    image: '/images/offers/snack.svg',
    payCents: 15_000,
    creatorStatus: 'invited',
  },
  {
    brand: 'Arc Gaming',
    title: 'Arc Gaming Chairs',
    description: 'A chair for your setup and an overlay banner during long sessions.',
    image: '/images/offers/chair.svg',
    payCents: 50_000,
    creatorStatus: 'accepted',
  },
  {
    brand: 'SwiftVPN',
    title: 'SwiftVPN',
    description: 'A short read at the start of two streams a week, with your own link.',
    image: '/images/offers/shield.svg',
    payCents: 35_000,
    creatorStatus: 'accepted',
    // The demo's campaign with every deliverable kind: overlay minutes, a tracked link, the chat bot, a promo code.
    extra: {
      link: { url: 'https://swiftvpn.example/streamers?plan=annual', clicks: 400 },
      chat: {
        message: 'Stay private on any network with SwiftVPN: 3 months free on the annual plan.',
        everyMinutes: 30,
        command: 'vpn',
        posts: 12,
      },
      promo: { redemptions: 25 },
    },
  },
  {
    brand: 'Lumen',
    title: 'Lumen Key Lights',
    description: 'Light up your camera with our key light and tell viewers how you use it.',
    image: '/images/offers/light.svg',
    payCents: 20_000,
    creatorStatus: 'info_requested',
    question: 'Which key light model would you send, and can I keep it after the campaign?',
    answer: 'The Lumen Pro 2, and yes, it is yours to keep.',
  },
  {
    brand: 'Quest Books',
    title: 'Quest Books',
    description: 'Read a chapter of our fantasy series live in a cosy evening stream.',
    image: '/images/offers/book.svg',
    payCents: 12_000,
    creatorStatus: 'info_requested',
    question: 'How long is the chapter you would like me to read?',
  },
  {
    brand: 'Orbit',
    title: 'Orbit Mice',
    description: 'Use our lightweight mouse in ranked matches and pin the link in chat.',
    image: '/images/offers/mouse.svg',
    payCents: 18_000,
    creatorStatus: 'info_requested',
    question: 'Is the mouse available in a left-handed version?',
  },
];

const password = () => `Cb7-${crypto.randomBytes(9).toString('base64url')}`;

/** 90 days from today, or from `daysAgo` days back (a campaign whose first week already happened). */
function window(daysAgo = 0): CampaignInput['deliverable'] {
  const start = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  const end = new Date(start.getTime() + 90 * 24 * 60 * 60 * 1000);
  return {
    minutes: 120,
    startsOn: start.toISOString().slice(0, 10),
    endsOn: end.toISOString().slice(0, 10),
    disclosure: 'Sponsored',
  };
}

export interface SeedResult {
  seeded: boolean;
  accounts: { role: string; email: string; password: string }[];
  file: string;
}

export async function seedDemo(castbridge: CastbridgeApp): Promise<SeedResult> {
  const { db, services, config } = castbridge;
  const file = path.join(config.dataDir, 'demo-accounts.txt');
  // Only a database with no users at all: a real user's database never gets an operator, a deposit or campaigns
  // from the demo (an older demo world, which has users, is left alone too).
  const anyone = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return { seeded: false, accounts: [], file };

  const stamp = new Date().toISOString();
  const accounts: SeedResult['accounts'] = [];
  const account = async (
    role: 'operator' | 'advertiser' | 'creator',
    email: string,
    profile: Record<string, unknown> = {},
  ) => {
    const secret = password();
    const id = await services.users.create({
      email,
      passwordHash: await hashPassword(secret),
      typeAccount: role === 'advertiser' ? 'Advertiser' : 'Influencer',
      role,
    });
    if (Object.keys(profile).length > 0) await db.updateTable('users').set(profile).where('id', '=', id).execute();
    // Demo accounts do not send notification e-mails.
    await db.updateTable('users').set({ notify_email: 0 }).where('id', '=', id).execute();
    accounts.push({ role, email, password: secret });
    return id;
  };

  const operatorId = await account('operator', DEMO_EMAILS.operator, {
    first_name: 'Castbridge',
    last_name: 'Operator',
  });
  const novaId = await account('advertiser', DEMO_EMAILS.advertiser, { first_name: 'Nora', last_name: 'Vance' });
  const pendingId = await account('advertiser', DEMO_EMAILS.pending, { first_name: 'Felix', last_name: 'Park' });
  const creatorId = await account('creator', DEMO_EMAILS.creator, {
    first_name: 'Alex',
    last_name: 'Rivera',
    date_birth: '1996-05-14',
    gender: 'Male',
    country: 'United States',
    city: 'Austin',
    zipcode: '78701',
    address: '500 Congress Ave',
    language: 'English',
    about: 'Variety streamer on Twitch: speedruns, indie games and late-night chats.',
    job_title: 'Streamer',
    tier: 2,
    category: 'Gaming',
    type_content: 'Gaming streams on Twitch and YouTube: speedruns and indie games',
  });

  await db
    .insertInto('advertiser_profiles')
    .values([
      {
        user_id: novaId,
        company_name: 'Nova Energy',
        website: 'https://nova-energy.example',
        contact_name: 'Nora Vance',
        contact_email: DEMO_EMAILS.advertiser,
        status: 'approved',
        rejection_reason: null,
        reviewed_at: stamp,
        reviewed_by: operatorId,
        created_at: stamp,
        updated_at: stamp,
      },
      {
        user_id: pendingId,
        company_name: 'PixelForge Gear',
        website: 'https://pixelforge.example',
        contact_name: 'Felix Park',
        contact_email: DEMO_EMAILS.pending,
        status: 'pending',
        rejection_reason: null,
        reviewed_at: null,
        reviewed_by: null,
        created_at: stamp,
        updated_at: stamp,
      },
    ])
    .execute();

  // Nova's money: a deposit the operator recorded, from which its campaigns reserve.
  await postDeposit(db, operatorId, novaId, NOVA_DEPOSIT_CENTS, 'Wire NOVA-0001', monthsAgo(15));
  await seedEarningsHistory(castbridge, { novaId, creatorId });
  await seedAnalytics(castbridge, creatorId);

  const roster = await seedRoster(castbridge, novaId);

  const creator = await db.selectFrom('users').selectAll().where('id', '=', creatorId).executeTakeFirstOrThrow();
  for (const sample of CAMPAIGNS) {
    const campaign = await services.campaigns.create(novaId, {
      brand: sample.brand,
      title: sample.title,
      description: sample.description,
      payCents: sample.payCents,
      spots: 5,
      // Broad: every platform and language, every country, every category.
      targeting: {
        platforms: ['Twitch', 'YouTube'],
        languages: ['English', 'Spanish'],
        countries: [],
        categories: [],
        minAvgViewers: null,
      },
      deliverable: { ...window(sample.extra ? 7 : 0), disclosure: `Sponsored by ${sample.brand}`, ...sample.extra },
    });
    await db.updateTable('campaigns').set({ image: sample.image }).where('id', '=', campaign.id).execute();
    // The demo creator's offer in the status the spec's sample screen shows, then the campaign goes live.
    const row = await db.selectFrom('campaigns').selectAll().where('id', '=', campaign.id).executeTakeFirstOrThrow();
    const match = matchCreator(compileTargeting(targetingOf(row)), creator)!;
    const offerId = crypto.randomUUID();
    await db
      .insertInto('offers')
      .values({
        id: offerId,
        campaign_id: campaign.id,
        creator_id: creatorId,
        status: sample.creatorStatus,
        reasons: JSON.stringify(match.reasons),
        score: match.score,
        decline_reason: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const thread = [
      ...(sample.question ? [{ author: creatorId, side: 'creator' as const, body: sample.question }] : []),
      ...(sample.answer ? [{ author: novaId, side: 'advertiser' as const, body: sample.answer }] : []),
    ];
    for (const message of thread) {
      await db
        .insertInto('offer_messages')
        .values({
          offer_id: offerId,
          author_id: message.author,
          author_side: message.side,
          body: message.body,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    await db.transaction().execute(async (trx) => {
      const live = await trx
        .updateTable('campaigns')
        .set({ status: 'active', launched_at: stamp, accepted_count: sample.creatorStatus === 'accepted' ? 1 : 0 })
        .where('id', '=', campaign.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // Launching reserves pay × spots from Nova's deposit, as an ordinary launch does.
      await reserveForLaunch(trx, live);
    });
    await db.updateTable('offers').set({ message_count: thread.length }).where('id', '=', offerId).execute();
    if (sample.extra && sample.creatorStatus === 'accepted')
      await seedDeliverables(castbridge, { offerId, campaignId: campaign.id, creatorId, brand: sample.brand });
    await touchOfferLists(db, [creatorId, novaId]);
    if (sample.creatorStatus === 'invited') {
      const announce = await services.notifier.create(db, [
        {
          userId: creatorId,
          type: 'offer.new',
          title: 'New sponsorship offer',
          text: `${sample.brand} would like to sponsor you: ${sample.title}. Review the offer in Sponsorship Offers.`,
          offerId,
          link: '/sponsorship-offers',
        },
      ]);
      announce();
    }
    // Creators already signed up get their offers through the ordinary matching job.
    await services.jobs.enqueue('match', `match:campaign:${campaign.id}`, { campaignId: campaign.id });
  }
  // The demo creators' media kits are published: listed in brand search, at /c/alexrivera and /c/<handle>.
  await publishDemoMediaKits(db, [{ creatorId, handle: DEMO_HANDLE }, ...roster]);

  const lines = [
    '# Castbridge demo accounts (written once, when the demo world was seeded; SEED_DEMO=0 turns the seed off)',
    ...accounts.map((a) => `${a.role.padEnd(10)} ${a.email}  ${a.password}`),
    '',
  ];
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, lines.join('\n'), { mode: 0o600 });
  return { seeded: true, accounts, file };
}

/**
 * The demo roster (./roster.ts), where both platforms are the local stand-ins: each creator's account and profile,
 * channels and their year of figures, and past sponsorships with Nova (`novaId`) completed through the ledger. Their
 * media kits are published with the demo creator's; answers each creator's id and handle.
 */
async function seedRoster(castbridge: CastbridgeApp, novaId: string): Promise<{ creatorId: string; handle: string }[]> {
  const { db, services, config } = castbridge;
  if (!config.oauth.twitch?.standIn || !config.oauth.youtube?.standIn) return [];
  const seeded: { creatorId: string; handle: string }[] = [];
  for (const member of ROSTER) {
    // No password: nobody signs in as them.
    const creatorId = await services.users.create({
      email: `${member.handle}@${DEMO_DOMAIN}`,
      passwordHash: null,
      typeAccount: 'Influencer',
      role: 'creator',
    });
    await db
      .updateTable('users')
      .set({ ...member.profile, notify_email: 0 })
      .where('id', '=', creatorId)
      .execute();
    await seedChannels(castbridge, creatorId, member.channels);
    for (const past of member.sponsorships)
      await seedPastSponsorship(
        castbridge,
        { advertiserId: novaId, creatorId },
        {
          brand: 'Nova Energy',
          title: past.title,
          payCents: past.payCents,
          via: past.via,
          at: monthsAgo(past.monthsBack),
          platform: member.channels.twitch ? 'Twitch' : 'YouTube',
        },
      );
    seeded.push({ creatorId, handle: member.handle });
  }
  return seeded;
}

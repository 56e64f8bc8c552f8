// Deliverables beyond the overlay (docs/product.md §Deliverables): a campaign asks for one or more of overlay minutes,
// tracked-link clicks, chat messages posted by Castbridge's bot and promo-code redemptions, and pays a flat fee on
// meeting every one of them or a rate per counted click up to the offer's pay (the cap).
//
// - campaigns gain the deliverables' settings and the pay model; a redemption key (hashed) lets a shop's server post
//   redemptions without a person's session.
// - offer_links: each accepted offer's short link /l/<code>.
// - link_salts: the secret of one UTC day that keys the visitor hash; deleted after two days, so that a hash can no
//   longer be recomputed from an address.
// - link_clicks: every counted click once per (link, day, visitor) — the unique key is what makes "once per visitor
//   per day" hold across instances; refused clicks are only counted, per reason, in offer_days.
// - offer_days: per offer and UTC day, what each deliverable gathered (the brand's report reads these rows, never
//   the clicks: a million clicks are a few hundred rows).
// - promo_codes / promo_redemptions: a code per offer; a redemption once per (campaign, order id).
// - bot_consents: a creator's consent, per connected account, to the bot posting in their chat.
// - bot_posts: every message the bot posted (or tried to), kept as proof.
// - offer_bots: per offer, whether the creator paused the bot and when it last posted.
// - report_shares: read-only share links to a campaign's report (the token stored hashed; revocable).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    // 0: the campaign does not ask for overlay minutes (deliverable_minutes is then kept but not a condition).
    .addColumn('overlay_required', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('campaigns').addColumn('link_url', 'text').execute();
  // Unique human clicks to deliver; null: no click target (pay per click, or no link).
  await db.schema.alterTable('campaigns').addColumn('link_clicks', 'integer').execute();
  await db.schema.alterTable('campaigns').addColumn('chat_message', 'text').execute();
  await db.schema.alterTable('campaigns').addColumn('chat_every_minutes', 'integer').execute();
  await db.schema.alterTable('campaigns').addColumn('chat_command', 'text').execute();
  await db.schema.alterTable('campaigns').addColumn('chat_posts', 'integer').execute();
  await db.schema.alterTable('campaigns').addColumn('promo_redemptions', 'integer').execute();
  // Pay per counted click, in cents; null: a flat fee (pay_cents) on meeting every deliverable. With a rate, pay_cents
  // is each offer's cap.
  await db.schema.alterTable('campaigns').addColumn('per_click_cents', 'bigint').execute();
  // sha256 of the campaign's redemption key (cbr_…); null: none issued.
  await db.schema.alterTable('campaigns').addColumn('redemption_key_hash', 'text').execute();
  // A shop's redemption finds its campaign by the key's hash.
  await db.schema.createIndex('campaigns_redemption_key').on('campaigns').column('redemption_key_hash').execute();

  await db.schema
    .createTable('offer_links')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('offer_id', 'text', (c) => c.notNull().unique().references('offers.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('creator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('link_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();

  const clicks = db.schema
    .createTable('link_clicks')
    .addColumn('code', 'text', (c) => c.notNull().references('offer_links.code').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    // HMAC-SHA256(day's salt, address + user agent), hex: no raw address is stored.
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_clicks_pk', ['code', 'day', 'visitor']);
  // On SQLite the rows live in the primary key's own b-tree: one insert writes one tree, not a table and an index.
  await (dialect === 'sqlite' ? clicks.modifyEnd(sql`without rowid`) : clicks).execute();

  await db.schema
    .createTable('offer_days')
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    // Refused clicks by reason: a known bot, a repeat visitor, over a rate limit, the offer not active.
    .addColumn('clicks_bot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks_repeat', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks_limited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks_inactive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('redeemed_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bot_posts', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('offer_days_pk', ['offer_id', 'day'])
    .execute();
  await db.schema.createIndex('offer_days_campaign').on('offer_days').columns(['campaign_id', 'day']).execute();

  await db.schema
    .createTable('promo_codes')
    .addColumn('offer_id', 'text', (c) => c.primaryKey().references('offers.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    // As the shop knows it; matched upper-cased (code_key) so that "nova10" and "NOVA10" are one code.
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('code_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('promo_codes_campaign_code', ['campaign_id', 'code_key'])
    .execute();

  await db.schema
    .createTable('promo_redemptions')
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    // The order's amount when the shop gave it (integer cents); null: not given.
    .addColumn('amount_cents', 'bigint')
    .addColumn('redeemed_at', 'bigint', (c) => c.notNull())
    // 'api' | 'csv'
    .addColumn('source', 'text', (c) => c.notNull())
    // 0: received while the offer was not active (kept, never counted).
    .addColumn('counted', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('promo_redemptions_pk', ['campaign_id', 'order_id'])
    .execute();
  await db.schema.createIndex('promo_redemptions_offer').on('promo_redemptions').column('offer_id').execute();

  await db.schema
    .createTable('bot_consents')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('connected_accounts.id').onDelete('cascade'))
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('offer_bots')
    .addColumn('offer_id', 'text', (c) => c.primaryKey().references('offers.id').onDelete('cascade'))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_posted_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bot_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    // 'scheduled' (every N minutes) | 'command' (an answer to !<command>)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // 'sent' | 'dropped' (the platform refused it, e.g. Twitch's drop_reason) | 'failed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    // The platform's id for the message, its proof; the live stream it was posted into.
    .addColumn('platform_message_id', 'text')
    .addColumn('stream_key', 'text')
    .addColumn('posted_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bot_posts_offer').on('bot_posts').columns(['offer_id', 'posted_at']).execute();

  await db.schema
    .createTable('report_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('report_shares_campaign').on('report_shares').column('campaign_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('campaigns_redemption_key').ifExists().execute();
  for (const table of [
    'report_shares',
    'bot_posts',
    'offer_bots',
    'bot_consents',
    'promo_redemptions',
    'promo_codes',
    'offer_days',
    'link_clicks',
    'link_salts',
    'offer_links',
  ])
    await db.schema.dropTable(table).ifExists().execute();
  for (const column of [
    'redemption_key_hash',
    'per_click_cents',
    'promo_redemptions',
    'chat_posts',
    'chat_command',
    'chat_every_minutes',
    'chat_message',
    'link_clicks',
    'link_url',
    'overlay_required',
  ])
    await db.schema.alterTable('campaigns').dropColumn(column).execute();
}

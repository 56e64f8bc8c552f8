// Table shapes as Kysely sees them; the same on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccountType, Profile } from '../../contract/profile.ts';
import type { Locale } from '../../contract/locales.ts';
import type {
  CampaignStatus,
  NotificationType,
  OfferStatus,
  Role,
  VerificationStatus,
} from '../../contract/marketplace.ts';
import type { PayoutMethodKind, PayoutProviderName, PayoutStatus } from '../../contract/money.ts';

/** A user: credentials, the account type and the profile fields of contract/profile.ts. */
export interface UsersTable extends Profile {
  id: string;
  email: string;
  password_hash: string | null;
  firebase_uid: string | null;
  type_account: AccountType;
  /** What the account may do (docs/product.md §Marketplace); operators are created by `npm run admin`, never by sign-up. */
  role: Generated<Role>;
  /** 1: notification e-mails on (the Settings switch), 0: off. */
  notify_email: Generated<number>;
  /** The account's language (contract/locales.ts): its screens, the API's answers to it and its e-mails. */
  locale: Generated<Locale>;
  /** Bumped by a password change or reset; session tokens carry it and older ones are refused. */
  token_version: Generated<number>;
  /** Raised with every change to what this user's offers list shows (server/marketplace/offer-revisions.ts). */
  offers_rev: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One failed password (sign-in, or a signed-in user confirming theirs): server/accounts/throttle.ts, migration 0022. */
export interface SignInFailuresTable {
  id: Generated<number>;
  /** Normalised e-mail, whether or not an account has it. */
  email: string;
  /** The client address (an IPv6 /64 as one address, server/http/client-ip.ts). */
  ip: string;
  /** Milliseconds since the epoch (bigint on PostgreSQL, returned as a string there). */
  at: number | string;
  /** 1 when it counts toward the address's and the account's budgets; 0 from an address the account signed in from. */
  wide: number;
}

/** The addresses an account signed in from (or reset its password from): never slowed by others' failures. */
export interface SignInAddressesTable {
  user_id: string;
  ip: string;
  /** Milliseconds since the epoch of the latest success from it (bigint: a string when read from PostgreSQL). */
  last_at: number | string;
}

/** Milliseconds since the epoch (bigint: a string when read from PostgreSQL). */
type Millis = number | string;

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
}

export interface SupportTicketsTable {
  id: string;
  /** The signed-in sender; null for a visitor. Erased with the account. */
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The page the form was sent from (/contact-us, /help-and-support). */
  page: string | null;
  created_at: string;
}

export interface NewsletterSubscriptionsTable {
  email: string;
  unsubscribe_hash: string;
  subscribed_at: string;
  unsubscribed_at: string | null;
}

export interface RateLimitsTable {
  /** "<rule>:ip:<address>" or "<rule>:email:<address>". */
  key: string;
  window_start: Millis;
  count: number;
}

export interface AdvertiserProfilesTable {
  user_id: string;
  company_name: string;
  website: string;
  contact_name: string;
  contact_email: string;
  /** What the company wants to promote, asked at sign-up (docs/product.md §Advertiser onboarding); '' when not said. */
  promotes: Generated<string>;
  status: VerificationStatus;
  rejection_reason: string | null;
  reviewed_at: string | null;
  reviewed_by: string | null;
  created_at: string;
  updated_at: string;
}

/** Each advertiser's transfer reference (docs/product.md §Advertiser onboarding): made on first read, never changed. */
export interface FundingReferencesTable {
  user_id: string;
  reference: string;
  created_at: string;
}

/** Settings an operator edits in /admin (docs/product.md §Advertiser onboarding), by key. */
export interface PlatformSettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export interface CampaignsTable {
  id: string;
  advertiser_id: string;
  brand: string;
  title: string;
  description: string;
  image: string | null;
  /** Integer cents (bigint: a string when read from PostgreSQL). */
  pay_cents: number | string;
  spots: number;
  accepted_count: Generated<number>;
  /** JSON arrays. */
  platforms: string;
  languages: string;
  countries: string;
  categories: string;
  min_avg_viewers: number | null;
  deliverable_minutes: number;
  starts_on: string;
  ends_on: string;
  disclosure: string;
  /** 1 (default): minutes count only while the stream is disclosed as sponsored (docs/product.md §Verified delivery). */
  requires_disclosure: Generated<number>;
  status: CampaignStatus;
  created_at: string;
  updated_at: string;
  launched_at: string | null;
  // Deliverables beyond the overlay (0029, docs/product.md §Deliverables).
  /** 0: the campaign does not ask for overlay minutes. */
  overlay_required: Generated<number>;
  link_url: string | null;
  /** Unique human clicks to deliver; null: no click target. */
  link_clicks: number | null;
  chat_message: string | null;
  chat_every_minutes: number | null;
  /** Without the "!". */
  chat_command: string | null;
  chat_posts: number | null;
  promo_redemptions: number | null;
  /** Cents per counted click (pay_cents is then the cap); null: a flat fee. */
  per_click_cents: number | string | null;
  redemption_key_hash: string | null;
  /** 1 (default): matching offers the campaign to creators; 0: invitations only (0034, issue 48 item 6). */
  auto_match: Generated<number>;
}

export interface OffersTable {
  id: string;
  campaign_id: string;
  creator_id: string;
  status: OfferStatus;
  /** JSON array of { criterion, detail }. */
  reasons: string;
  score: number;
  decline_reason: string | null;
  message_count: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Set when the deliverable was met and the creator earned (docs/product.md §Money). */
  completed_at: Generated<string | null>;
  completed_via: Generated<'advertiser' | 'overlay' | 'deliverables' | null>;
  earned_cents: Generated<number | string | null>;
  fee_cents: Generated<number | string | null>;
  /** The agreed pay and deliverable when a counter-offer changed them (migration 0025); null: the campaign's. */
  pay_cents: Generated<number | string | null>;
  deliverable_minutes: Generated<number | null>;
  /** Matching made it, or the brand invited the creator from search (migration 0025). */
  origin: Generated<'match' | 'invitation'>;
}

export interface OfferMessagesTable {
  id: Generated<number | string>;
  offer_id: string;
  author_id: string;
  author_side: 'creator' | 'advertiser';
  /** What the author wrote; '' for a round's answer (accepted, declined). */
  body: string;
  created_at: string;
  /** A counter-offer's round this line records, worded for each reader (0040); null: a message as written. */
  round_said: Generated<RoundSaid | null>;
  round_pay_cents: Generated<number | string | null>;
  round_minutes: Generated<number | null>;
}

/** What a line of an offer's thread says of a counter-offer's round (server/marketplace/thread-lines.ts). */
export type RoundSaid = 'proposed' | 'countered' | 'accepted' | 'declined';

export interface NotificationsTable {
  id: Generated<number | string>;
  user_id: string;
  type: NotificationType;
  title: string;
  text: string;
  offer_id: string | null;
  link: string | null;
  read_at: string | null;
  cleared_at: string | null;
  created_at: string;
  /** Thread messages this notification stands for (docs/product.md §Threads); 1 for every other type. */
  batched: Generated<number>;
  /** The language it is written in: its recipient's when it was made (0039). */
  locale: Generated<Locale>;
}

/** Per recipient and offer: what the last thread digest e-mail carried, and when it went (docs/product.md §Threads). */
export interface ThreadDigestsTable {
  user_id: string;
  offer_id: string;
  mailed_up_to: number | string;
  mailed_at: Millis;
}

export interface JobsTable {
  key: string;
  kind: string;
  payload: string;
  run_at: Millis;
  attempts: Generated<number>;
  locked_until: Millis | null;
  rerun: Generated<number>;
  last_error: string | null;
}

/** Bigints (cents, ids) read from PostgreSQL are strings; from SQLite, numbers. */
type BigInt = number | string;

export type LedgerAccountKind =
  | 'advertiser_balance'
  | 'campaign_reserve'
  | 'creator_pending'
  | 'creator_available'
  | 'creator_in_payout'
  | 'platform_fees'
  /** What advertisers paid for Stripe's processing fees (Stripe keeps them): it only grows. */
  | 'processing_fees'
  /** An advertiser's funds held by a refund on its way (succeeded: out; failed: back to the balance). */
  | 'advertiser_refunding'
  /** An advertiser's funds a card dispute holds until its outcome (won: back; lost: out). */
  | 'advertiser_disputed'
  /** What an advertiser owes for card disputes their balance could not hold: never above zero (server/money/debts.ts). */
  | 'advertiser_owed'
  | 'external';

export interface LedgerAccountsTable {
  id: Generated<BigInt>;
  kind: LedgerAccountKind;
  owner_id: string;
  may_go_negative: number;
  balance_cents: Generated<BigInt>;
  /** The number of entries posted to the account. */
  version: Generated<number>;
  created_at: string;
}

export interface LedgerTransfersTable {
  id: Generated<BigInt>;
  kind: string;
  key: string | null;
  memo: string;
  created_by: string | null;
  created_at: string;
}

export interface LedgerEntriesTable {
  id: Generated<BigInt>;
  transfer_id: BigInt;
  account_id: BigInt;
  amount_cents: BigInt;
}

export interface PayoutMethodsTable {
  id: string;
  user_id: string;
  kind: PayoutMethodKind;
  display: string;
  holder_name: string | null;
  sealed: string;
  is_default: number;
  created_at: string;
}

export interface PayoutsTable {
  id: string;
  creator_id: string;
  amount_cents: BigInt;
  method_id: string;
  method_kind: PayoutMethodKind;
  method_display: string;
  provider: PayoutProviderName;
  status: PayoutStatus;
  reference: string;
  idempotency_key: string;
  provider_ref: string | null;
  failure_reason: string | null;
  requested_at: string;
  updated_at: string;
  paid_at: string | null;
  decided_by: string | null;
}

export interface PayoutSequencesTable {
  day: string;
  last: number;
}

export interface StripeConnectAccountsTable {
  user_id: string;
  account_id: string;
  payouts_enabled: number;
  charges_enabled: number;
  details_submitted: number;
  currently_due: string;
  disabled_reason: string | null;
  stripe_seen: BigInt;
  created_at: string;
  updated_at: string;
}

export interface ProviderAccountsTable {
  user_id: string;
  provider: string;
  account_id: string;
  method_id: string | null;
  created_at: string;
}

export interface OverlaysTable {
  creator_id: string;
  token_hash: string;
  token_sealed: string;
  token_created_at: string;
  enabled: number;
  position: string;
  size: number;
  rotation_seconds: number;
  /** Epoch ms up to which the overlay's display has been credited, all offers together (0: never). */
  credited_until: number | string;
  created_at: string;
  updated_at: string;
}

export interface OverlayMinutesTable {
  offer_id: string;
  /** UTC epoch minute (bigint: a string when read from PostgreSQL). */
  minute: number | string;
  /** Seconds the page claimed (on Program while OBS streamed). */
  seconds: number;
  /** Settled against the platform (migration 0024): pending until the channel was looked at after the minute. */
  status: Generated<MinuteStatus>;
  /** Of `seconds`, those the platform confirmed (live, disclosed when required, with a viewer sample). */
  verified_seconds: Generated<number>;
  /** The viewers counted for the minute's impressions (the lowest sample around it); null: none. */
  viewers: Generated<number | null>;
  /** The live stream (live_streams.id) that confirmed it. */
  stream_key: Generated<string | null>;
}

/** pending → verified | offline | undisclosed | no_sample (contract/overlay.ts MINUTE_STATUSES). */
export type MinuteStatus = 'pending' | 'verified' | 'offline' | 'undisclosed' | 'no_sample';

export interface OverlayProgressTable {
  offer_id: string;
  /** Claimed seconds (what the page reported and the wall-clock budget allowed). */
  displayed_seconds: number;
  /** Of those, the seconds the platform confirmed: what completes the deliverable. */
  verified_seconds: Generated<number>;
  /** Verified seconds × viewers, summed per minute, ÷ 60 (viewer-minutes are not impressions: see docs/product.md). */
  impressions: Generated<number | string>;
  /** Epoch milliseconds (bigint). */
  credited_until: number | string;
  last_beat_id: string;
  first_beat_at: string;
  last_beat_at: string;
}

export interface ConnectedAccountsTable {
  id: string;
  user_id: string;
  platform: 'twitch' | 'youtube';
  platform_user_id: string;
  login: string;
  display_name: string;
  /** Space-separated. */
  scopes: string;
  tokens_sealed: string;
  /** Epoch milliseconds (bigint). */
  expires_at: number | string;
  status: 'connected' | 'reconnect';
  stand_in: number;
  archiving: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface OAuthRequestsTable {
  state_hash: string;
  user_id: string;
  platform: 'twitch' | 'youtube';
  verifier_sealed: string;
  expires_at: number | string;
}

export interface OAuthCompletionsTable {
  completion_hash: string;
  user_id: string;
  platform: 'twitch' | 'youtube';
  grant_sealed: string;
  expires_at: number | string;
}

/** Live events tickets already used to open a stream (migration 0019): one stream per ticket. */
export interface EventTicketsTable {
  id: string;
  expires_at: number | string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  user_id: string;
  platform: 'twitch' | 'youtube';
  channel_id: string;
  channel: string;
  day: string;
  /** Epoch ms (bigint: a string when read from PostgreSQL). */
  sent_at: number | string;
  msg_id: string;
  chatter_id: string;
  login: string;
  display_name: string;
  color: string | null;
  badges: string;
  emotes: string | null;
  bits: number | null;
  kind: string;
  text: string;
  moderated: Generated<number>;
  /** A Super Chat's amount (millionths of its currency) and ISO currency; null otherwise. */
  amount_micros: number | string | null;
  currency: string | null;
}

export interface ChatEventsTable {
  id: Generated<number>;
  user_id: string;
  platform: 'twitch' | 'youtube';
  channel_id: string;
  day: string;
  at: number | string;
  kind: 'clearchat' | 'clearmsg' | 'gap';
  target_login: string | null;
  target_msg_id: string | null;
  duration: number | null;
  until: number | string | null;
  detail: string | null;
}

export interface ChatIngestStateTable {
  user_id: string;
  platform: 'twitch' | 'youtube';
  channel_id: string;
  last_seen: number | string;
  skipped: Generated<number>;
  /** The instance that wrote last_seen (docs/product.md §Several instances). */
  owner: string | null;
}

export interface ChatStreamsTable {
  id: Generated<number>;
  user_id: string;
  platform: 'twitch' | 'youtube';
  channel_id: string;
  channel: string;
  stream_id: string;
  title: string;
  started_at: number | string;
  ended_at: number | string | null;
  live_at: number | string;
  start_day: string;
  end_day: string;
  /** Its messages and chatters (distinct logins), kept by the store (migration 0017). */
  messages: Generated<number>;
  chatters: Generated<number>;
  /** How many times a deletion took logins from its set of chatters. */
  pruned: Generated<number>;
}

export interface MetricSamplesTable {
  user_id: string;
  platform: 'twitch' | 'youtube';
  metric: 'followers' | 'viewers' | 'subscribers' | 'views';
  at: number | string;
  value: number | string;
}

export interface MetricDaysTable {
  user_id: string;
  platform: 'twitch' | 'youtube';
  metric: 'followers' | 'viewers' | 'subscribers' | 'views';
  day: string;
  first_at: number | string;
  first_value: number | string;
  last_at: number | string;
  last_value: number | string;
  max_value: number | string;
  sum_value: number | string;
  samples: number;
}

export interface MetricCollectionTable {
  user_id: string;
  platform: 'twitch' | 'youtube';
  status: 'pending' | 'ok' | 'reconnect' | 'rate_limited' | 'error';
  last_at: number | string | null;
  next_at: number | string | null;
  live: Generated<number>;
  problem: string | null;
  missing: Generated<string>;
}

// --- Deliverables (0029) -----------------------------------------------------------------------------------------

export interface OfferLinksTable {
  code: string;
  offer_id: string;
  campaign_id: string;
  creator_id: string;
  created_at: number | string;
}

export interface LinkSaltsTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  salt: string;
}

export interface LinkClicksTable {
  code: string;
  day: string;
  visitor: string;
  at: number | string;
}

/** Clicks by people (counted or repeats) per link, UTC day and address (HMAC of the day's salt): issue 44. */
export interface LinkAddressesTable {
  code: string;
  day: string;
  address: string;
  clicks: number;
}

export interface OfferDaysTable {
  offer_id: string;
  day: string;
  campaign_id: string;
  clicks: Generated<number>;
  clicks_bot: Generated<number>;
  clicks_repeat: Generated<number>;
  clicks_limited: Generated<number>;
  clicks_inactive: Generated<number>;
  redemptions: Generated<number>;
  redeemed_cents: Generated<number | string>;
  bot_posts: Generated<number>;
}

export interface PromoCodesTable {
  offer_id: string;
  campaign_id: string;
  code: string;
  code_key: string;
  created_at: number | string;
}

export interface PromoRedemptionsTable {
  campaign_id: string;
  order_id: string;
  offer_id: string;
  code: string;
  amount_cents: number | string | null;
  redeemed_at: number | string;
  source: 'api' | 'csv';
  counted: number;
  created_at: number | string;
}

export interface BotConsentsTable {
  account_id: string;
  creator_id: string;
  granted_at: number | string;
}

export interface OfferBotsTable {
  offer_id: string;
  paused: Generated<number>;
  last_posted_at: number | string | null;
  updated_at: number | string;
}

export interface BotPostsTable {
  id: string;
  offer_id: string;
  platform: 'twitch' | 'youtube';
  channel_id: string;
  kind: 'scheduled' | 'command';
  text: string;
  status: 'sent' | 'dropped' | 'failed';
  reason: string | null;
  platform_message_id: string | null;
  stream_key: string | null;
  posted_at: number | string;
}

export interface ReportSharesTable {
  id: string;
  campaign_id: string;
  token_hash: string;
  label: string;
  created_at: number | string;
  revoked_at: number | string | null;
}

export interface Database {
  users: UsersTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_addresses: SignInAddressesTable;
  password_resets: PasswordResetsTable;
  support_tickets: SupportTicketsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  rate_limits: RateLimitsTable;
  advertiser_profiles: AdvertiserProfilesTable;
  funding_references: FundingReferencesTable;
  platform_settings: PlatformSettingsTable;
  campaigns: CampaignsTable;
  offers: OffersTable;
  offer_messages: OfferMessagesTable;
  notifications: NotificationsTable;
  thread_digests: ThreadDigestsTable;
  jobs: JobsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  payout_methods: PayoutMethodsTable;
  payouts: PayoutsTable;
  payout_sequences: PayoutSequencesTable;
  provider_accounts: ProviderAccountsTable;
  stripe_connect_accounts: StripeConnectAccountsTable;
  overlays: OverlaysTable;
  overlay_minutes: OverlayMinutesTable;
  overlay_progress: OverlayProgressTable;
  offer_links: OfferLinksTable;
  link_salts: LinkSaltsTable;
  link_clicks: LinkClicksTable;
  link_addresses: LinkAddressesTable;
  offer_days: OfferDaysTable;
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
  bot_consents: BotConsentsTable;
  offer_bots: OfferBotsTable;
  bot_posts: BotPostsTable;
  report_shares: ReportSharesTable;
  connected_accounts: ConnectedAccountsTable;
  oauth_requests: OAuthRequestsTable;
  oauth_completions: OAuthCompletionsTable;
  event_tickets: EventTicketsTable;
  chat_messages: ChatMessagesTable;
  chat_events: ChatEventsTable;
  chat_ingest_state: ChatIngestStateTable;
  chat_streams: ChatStreamsTable;
  metric_samples: MetricSamplesTable;
  metric_days: MetricDaysTable;
  metric_collection: MetricCollectionTable;
  chat_days: ChatDaysTable;
  chat_day_chatters: ChatDayChattersTable;
  chat_stream_chatters: ChatStreamChattersTable;
  idempotency_keys: IdempotencyKeysTable;
  live_streams: LiveStreamsTable;
  live_samples: LiveSamplesTable;
  live_watch: LiveWatchTable;
  youtube_feeds: YouTubeFeedsTable;
  youtube_videos: YouTubeVideosTable;
  overlay_sources: OverlaySourcesTable;
  overlay_presence: OverlayPresenceTable;
  earning_reviews: EarningReviewsTable;
  media_kits: MediaKitsTable;
  creator_directory: CreatorDirectoryTable;
  creator_lists: CreatorListsTable;
  creator_list_members: CreatorListMembersTable;
  offer_proposals: OfferProposalsTable;
  card_deposits: CardDepositsTable;
  stripe_events: StripeEventsTable;
  refunds: RefundsTable;
  card_disputes: CardDisputesTable;
  tax_forms: TaxFormsTable;
  documents: DocumentsTable;
  document_counters: DocumentCountersTable;
  platform_budgets: PlatformBudgetsTable;
  eventsub_conduits: EventSubConduitsTable;
}

/** A provider credential's budget in its current window (migration 0028, server/connections/governor.ts). */
export interface PlatformBudgetsTable {
  key: string;
  provider: string;
  credential: string;
  capacity: number;
  window_end: BigInt;
  granted: number;
  spent: number;
  refused_until: BigInt | null;
  /** What the platform answered when it refused (`429`, `quotaExceeded`); older rows: `Twitch answered 429`. */
  refused_reason: string | null;
  updated_at: BigInt;
  /**
   * The purposes that asked for this budget, a JSON array of strings (0035, issue 48 item 21): the codes of
   * contract/budgets.ts (`analytics_collection`); rows from before them also hold the names with spaces.
   */
  purposes: Generated<string>;
}

/** The Twitch EventSub conduit the instances' shards serve (migration 0028, server/archive/eventsub.ts). */
export interface EventSubConduitsTable {
  name: string;
  conduit_id: string;
  shard_count: number;
  created_at: BigInt;
}

/** An "Add funds" through Stripe Checkout (migration 0027, server/money/deposits.ts). */
export interface CardDepositsTable {
  id: string;
  advertiser_id: string;
  amount_cents: BigInt;
  fee_cents: BigInt;
  gross_cents: BigInt;
  method: 'card' | 'us_bank_account';
  status: Generated<'open' | 'processing' | 'succeeded' | 'failed' | 'expired'>;
  session_id: string | null;
  checkout_url: string | null;
  payment_intent_id: string | null;
  charge_id: string | null;
  refunded_cents: Generated<BigInt>;
  failure_reason: string | null;
  transfer_id: BigInt | null;
  created_at: string;
  updated_at: string;
  succeeded_at: string | null;
}

/** Stripe events already handled, by id (migration 0027). */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: string;
}

/** A piece of an advertiser's refund request (migration 0027, server/money/refunds.ts). */
export interface RefundsTable {
  id: string;
  request_id: string;
  advertiser_id: string;
  amount_cents: BigInt;
  rail: 'stripe' | 'manual';
  deposit_id: string | null;
  status: Generated<'requested' | 'processing' | 'succeeded' | 'failed'>;
  provider_ref: string | null;
  failure_reason: string | null;
  requested_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** A card payment's dispute (migration 0027, server/money/card-disputes.ts). */
export interface CardDisputesTable {
  id: string;
  deposit_id: string;
  advertiser_id: string;
  amount_cents: BigInt;
  held_cents: BigInt;
  /** Of amount − held (owed), what free money has paid back since (migration 0031, server/money/debts.ts). */
  recovered_cents: Generated<BigInt>;
  reason: string;
  status: Generated<'open' | 'won' | 'lost'>;
  created_at: string;
  closed_at: string | null;
}

/** A creator's W-9 or W-8BEN (migration 0027, server/money/tax-forms.ts); the current one has no superseded_at. */
export interface TaxFormsTable {
  id: Generated<BigInt>;
  user_id: string;
  kind: 'w9' | 'w8ben';
  legal_name: string;
  tin_type: 'ssn' | 'ein' | 'foreign';
  tin_last4: string;
  country: string;
  details_sealed: string;
  signed_name: string;
  signed_at: string;
  superseded_at: string | null;
}

/** A numbered PDF document (migration 0027, server/money/documents.ts). */
export interface DocumentsTable {
  id: string;
  owner_id: string;
  kind: 'deposit_receipt' | 'refund_receipt' | 'payout_statement' | 'annual_statement';
  subject_id: string;
  number: string;
  amount_cents: BigInt;
  data: string;
  issued_at: string;
}

export interface DocumentCountersTable {
  series: string;
  last: Generated<number>;
}

/** A creator's media kit, /c/<handle> (migration 0025, server/marketplace/media-kit.ts). */
export interface MediaKitsTable {
  user_id: string;
  handle: string;
  published: Generated<number>;
  published_at: string | null;
  updated_at: string;
}

/** What brands search and the media kit shows, one row per creator (migration 0025, server/marketplace/directory.ts). */
export interface CreatorDirectoryTable {
  user_id: string;
  handle: string;
  /** 1 while the media kit is published: only listed rows are searched or shown. */
  listed: Generated<number>;
  display_name: string;
  image: string | null;
  /** Bits: 1 Twitch, 2 YouTube. */
  platforms: Generated<number>;
  category: string | null;
  language: 'English' | 'Spanish' | null;
  country: string | null;
  followers: Generated<number>;
  avg_viewers: number | null;
  completed: Generated<number>;
  /** Percent of ended sponsorships delivered; null until one ended. */
  delivery_rate: number | null;
  /** JSON array of { platform, name, url, followers, avgViewers }. */
  channels: Generated<string>;
  /** JSON array of { country, share } where the platform provides it. */
  audience_countries: Generated<string>;
  about: string | null;
  updated_at: string;
}

export interface CreatorListsTable {
  id: string;
  advertiser_id: string;
  name: string;
  created_at: string;
}

export interface CreatorListMembersTable {
  list_id: string;
  creator_id: string;
  added_at: string;
}

/** One round of an offer's negotiation (migration 0025, server/marketplace/proposals.ts). */
export interface OfferProposalsTable {
  id: Generated<number | string>;
  offer_id: string;
  round: number;
  side: 'creator' | 'advertiser';
  author_id: string;
  pay_cents: number | string;
  deliverable_minutes: number | null;
  message: string;
  status: Generated<'open' | 'accepted' | 'declined' | 'countered' | 'withdrawn'>;
  created_at: string;
  decided_at: string | null;
}

/** A live stream a platform reported for a creator's connected channel (migration 0024, server/connections/live.ts). */
export interface LiveStreamsTable {
  /** `${platform}:${stream id}`. */
  id: string;
  creator_id: string;
  account_id: string;
  platform: 'twitch' | 'youtube';
  channel_id: string;
  channel_login: string;
  stream_id: string;
  /** Epoch ms (bigint): the platform's start, the last look that found it live, the first that found it gone. */
  started_at: Millis;
  last_live_at: Millis;
  ended_at: Millis | null;
  title: string;
  recording_url: string | null;
}

/** One look at a live stream: its viewers, title and disclosure then. */
export interface LiveSamplesTable {
  stream_key: string;
  at: Millis;
  viewers: number | null;
  title: string;
  /** 1: disclosed as sponsored (the platform's flag, or #ad / #sponsored in the title). */
  disclosed: number;
  /** 1: the platform's own flag (Twitch branded content, YouTube paid promotion). */
  branded: number;
  /**
   * The creator and connected account the look was taken through (a channel can change hands during one stream:
   * issue 44); null only in rows written without it, which are their stream's creator's.
   */
  creator_id: Generated<string | null>;
  account_id: Generated<string | null>;
}

/** Each watched connected account: when the platform last answered, and what it said. */
export interface LiveWatchTable {
  account_id: string;
  creator_id: string;
  platform: 'twitch' | 'youtube';
  checked_at: Generated<Millis>;
  live: Generated<number>;
  stream_key: string | null;
  problem: string | null;
}

/** A YouTube channel's feed subscription on the WebSub hub (migration 0036, server/connections/websub.ts). */
export interface YouTubeFeedsTable {
  channel_id: string;
  /** hub.secret: the HMAC key the hub signs this channel's pushes with. */
  secret: string;
  /** pending: asked, not verified yet; active: the hub verified it (until lease_until). */
  state: 'pending' | 'active';
  requested_at: Millis;
  verified_at: Millis | null;
  lease_until: Millis | null;
  renew_at: Millis | null;
  last_push_at: Millis | null;
  /** When the broadcasts announced before the subscription (upcoming, active) were looked up; null: not yet. */
  caught_up_at: Millis | null;
  /**
   * When the live watch last looked for a broadcast because the creator's overlay claimed minutes while none was known
   * (migration 0037); null: never.
   */
  claim_looked_at: Millis | null;
  /** Why the hub refused the last request, if it did. */
  problem: string | null;
}

/** A YouTube video the feed announced, and what videos.list last said of it (migration 0036). */
export interface YouTubeVideosTable {
  video_id: string;
  channel_id: string;
  /** new: announced, not looked at yet; none: a video that is no broadcast; gone: deleted or private. */
  status: 'new' | 'upcoming' | 'live' | 'ended' | 'none' | 'gone';
  title: Generated<string>;
  scheduled_at: Millis | null;
  pushed_at: Millis | null;
  checked_at: Millis | null;
  /** When the owner's paid-promotion flag was last read, and the title it was read under. */
  flag_checked_at: Millis | null;
  flag_title: string | null;
  branded: Generated<number>;
}

/** The (hashed) addresses an overlay's heartbeats came from, per minute: a fraud signal (server/overlay/fraud.ts). */
export interface OverlaySourcesTable {
  creator_id: string;
  minute: Millis;
  address: string;
}

/** What an overlay page last reported of its host (server/overlay/status.ts). */
export interface OverlayPresenceTable {
  creator_id: string;
  host: string;
  at: Millis;
}

/** An overlay earning's review window (migration 0024, server/money/reviews.ts). */
export interface EarningReviewsTable {
  offer_id: string;
  creator_id: string;
  advertiser_id: string;
  campaign_id: string;
  earned_cents: BigInt;
  fee_cents: BigInt;
  status: 'pending' | 'held' | 'disputed' | 'released' | 'resolved';
  /** Epoch ms when the window ends. */
  ends_at: Millis;
  /** JSON array of { rule, detail }. */
  hold_reasons: Generated<string>;
  dispute_reason: string | null;
  disputed_at: string | null;
  resolution_reason: string | null;
  resolved_pay_cents: BigInt | null;
  resolved_refund_cents: BigInt | null;
  resolved_by: string | null;
  resolved_at: string | null;
  released_at: string | null;
  created_at: string;
}

/** A caller's Idempotency-Key on a request that moves money (migration 0021, server/http/idempotency.ts). */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  fingerprint: string;
  answer: string | null;
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** An archived day's summary (migration 0017), kept by the store with each batch and each deletion. */
export interface ChatDaysTable {
  id: Generated<number>;
  user_id: string;
  platform: 'twitch' | 'youtube';
  day: string;
  channel: string;
  messages: number;
  chatters: number;
  first_at: number | string;
  last_at: number | string;
  /** How many times a deletion took logins from its set of chatters. */
  pruned: Generated<number>;
}

/** The logins that sent a message on an archived day (chat_days.id). */
export interface ChatDayChattersTable {
  day_id: number | string;
  login: string;
}

/** The logins that sent a message during a stream (chat_streams.id). */
export interface ChatStreamChattersTable {
  stream_id: number | string;
  login: string;
}

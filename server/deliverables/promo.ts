// Promo codes and their redemptions (docs/product.md §Deliverables, §Promo codes): the advertiser gives each creator of
// an accepted offer a code (or Castbridge makes one up), and the shop tells Castbridge about every order that used one
// — its server one request per order, authenticated by the campaign's redemption key, or a person uploading the shop's
// CSV export. An order counts once per campaign, whichever way it arrives and however often (the primary key
// (campaign_id, order_id) decides, so two instances receiving the same order at once still record one row), and it
// counts toward the creator's deliverable only while the offer is being delivered: the offer accepted or active, the
// campaign active and the order's UTC day within the campaign's window. Redemptions that do not count are kept
// (the brand sees them in its shop anyway) but never move progress or pay. Counted ones add to the offer's day in
// offer_days in the same transaction (./days.ts), which progress and the report read.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { DELIVERABLE_LIMITS, PROMO_CODE_PATTERN, REDEMPTION_KEY_PREFIX } from '../../contract/deliverables.ts';
import { redemptionRequest, type RedemptionRequest } from '../../contract/schemas/deliverables.ts';
import { displayName } from '../accounts/users.ts';
import type { Database } from '../db/types.ts';
import type { WriteBatcher } from '../db/write-batcher.ts';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales.ts';
import { HttpError } from '../http/errors.ts';
import { spanishIssue } from '../http/schema-words.ts';
import type { Logger } from '../log.ts';
import { marketplaceProblems } from '../marketplace/problems.ts';
import { bumpDay, offerTotals, touchProgress, utcDay, type DayCounts } from './days.ts';
import { deliverablesProblems as problems } from './problems.ts';
import { deliverablesTexts } from './texts.ts';

/** Offers that have a creator delivering (or who delivered): the ones that get a code. */
export const CODED_OFFER_STATUSES = ['accepted', 'active', 'completed', 'paid'] as const;
/** Offers whose redemptions still count toward the deliverable. */
const COUNTING_OFFER_STATUSES: readonly string[] = ['accepted', 'active'];

/** A redemptions upload's largest body: 10,000 rows of long order ids fit with room to spare. */
export const CSV_BODY_LIMIT = 4 * 1024 * 1024;
/** Rows per transaction of an upload: one COMMIT per batch, a few statements each. */
const CSV_BATCH = 500;
/**
 * How far ahead of our clock a shop's `redeemedAt` may be and still be taken as "now": servers' clocks drift by
 * seconds. Anything later is refused (a redemption in the future is a mistake, and would count on a day not yet come).
 */
const CLOCK_SKEW_MS = 60_000;
/** A `redeemedAt` too far ahead, as a refused CSV row words it (a posted redemption is refused with its code). */
const IN_FUTURE = 'must not be in the future';
/** The random tail of a generated code: no 0/O or 1/I, so it reads back from a stream overlay or a voice. */
const CODE_TAIL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface PromoDeps {
  db: Kysely<Database>;
  /** One redemption's write shares a COMMIT with others arriving meanwhile (SQLite group commit). */
  writes: WriteBatcher;
  logger?: Pick<Logger, 'error'>;
  /**
   * Told, after the commit, which offers just counted a redemption: settlement (./settlement.ts, wired by
   * server/app.ts) completes the ones whose deliverables are now all met. Its failure never undoes the redemption.
   */
  onCounted?: (offerIds: string[]) => Promise<unknown> | unknown;
  now?: () => number;
}

export interface PromoCodeRow {
  offerId: string;
  creator: string;
  code: string | null;
  redemptions: number;
}

export interface RedemptionResult {
  orderId: string;
  code: string;
  counted: boolean;
  duplicate: boolean;
}

export interface CsvResult {
  added: number;
  duplicates: number;
  rejected: { line: number; message: string }[];
}

/** The campaign's columns a redemption is judged by. */
interface CampaignFacts {
  id: string;
  status: string;
  starts_on: string;
  ends_on: string;
}

/** sha256 hex of a redemption key, as campaigns.redemption_key_hash stores it. */
export function hashRedemptionKey(key: string): string {
  return crypto.createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The key in `Authorization: Bearer cbr_…`, or null when the header carries none. */
export function bearerRedemptionKey(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const key = match?.[1];
  return key && key.startsWith(REDEMPTION_KEY_PREFIX) && key.length <= 200 ? key : null;
}

/** "Nova Energy" → "NOVAENERGY": upper-case ASCII letters and digits only, accents dropped, at most `max`. */
function codePart(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, max);
}

/**
 * A code for the creator of a campaign: BRAND-CREATOR-XXXX (e.g. NOVAENERGY-ANA-7KQ2), upper-case, at most 30
 * characters: readable on stream, unique by its random tail (32^4 ≈ a million per brand and creator).
 */
export function generateCode(brand: string, creator: string): string {
  let tail = '';
  for (let index = 0; index < 4; index++) tail += CODE_TAIL_ALPHABET[crypto.randomInt(CODE_TAIL_ALPHABET.length)];
  const code = `${codePart(brand, 12) || 'PROMO'}-${codePart(creator, 12) || 'CREATOR'}-${tail}`;
  if (!PROMO_CODE_PATTERN.test(code)) throw new Error(`generated promo code ${code} does not fit the pattern`);
  return code;
}

/** Dollars as a shop's export writes them ("49.99", "$1,250", "12.5") → integer cents; null when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const dollars = Number(match[1]!.replace(/,/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = dollars * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

// --- CSV ---------------------------------------------------------------------------------------------------------

export interface CsvRecord {
  /** The line the record starts on, 1-based (the header is 1); equal to a spreadsheet's row unless a cell spans lines. */
  line: number;
  cells: string[];
}

/** What is wrong at a CsvSyntaxError's line, in English (the refusal says it in every language, ./problems.ts). */
const CSV_SYNTAX = {
  unclosed: 'a quoted cell is never closed',
  after_quote: 'text after a closing quote (a quote inside a cell is written "")',
} as const;

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly problem: keyof typeof CSV_SYNTAX,
  ) {
    super(`line ${line}: ${CSV_SYNTAX[problem]}`);
  }
}

/**
 * RFC 4180 records: cells separated by commas, a cell in double quotes may hold commas, line breaks and doubled
 * quotes; lines end in CRLF or LF (and a lone CR, as old spreadsheets write). A leading byte-order mark is dropped;
 * records that are only an empty line are skipped (a trailing newline, a blank line a person left). A quote that is
 * never closed, or text after a closing quote, is a syntax error with its line.
 */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let index = 0;
  const length = input.length;
  while (index < length) {
    const start = line;
    const cells: string[] = [];
    let endOfRecord = false;
    while (!endOfRecord) {
      let cell = '';
      if (input[index] === '"') {
        const opened = line;
        index += 1;
        for (;;) {
          if (index >= length) throw new CsvSyntaxError(opened, 'unclosed');
          const char = input[index]!;
          if (char === '"') {
            if (input[index + 1] === '"') {
              cell += '"';
              index += 2;
              continue;
            }
            index += 1;
            break;
          }
          if (char === '\n' || (char === '\r' && input[index + 1] !== '\n')) line += 1;
          cell += char;
          index += 1;
        }
        const next = input[index];
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n')
          throw new CsvSyntaxError(line, 'after_quote');
      } else {
        const from = index;
        while (index < length && input[index] !== ',' && input[index] !== '\r' && input[index] !== '\n') index += 1;
        cell = input.slice(from, index);
      }
      cells.push(cell);
      const separator = input[index];
      if (separator === ',') {
        index += 1;
      } else {
        // End of the record: CRLF, LF, CR or the end of the text.
        if (separator === '\r') index += input[index + 1] === '\n' ? 2 : 1;
        else if (separator === '\n') index += 1;
        if (separator !== undefined) line += 1;
        endOfRecord = true;
      }
    }
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: start, cells });
  }
  return records;
}

/** The columns of a redemptions CSV; matched by name in the header, case and spaces aside, in any order. */
const CSV_COLUMNS = { orderId: 'order_id', code: 'code', amountCents: 'amount', redeemedAt: 'redeemed_at' } as const;

/**
 * "order_id: is required" → "order_id is required", in the CSV's column names and in `locale` ("order_id: es
 * obligatorio"): the contract's check worded as a schema's 400 is (server/http/schema-words.ts).
 */
function csvMessage(error: z.ZodError, locale: Locale): string {
  const say = deliverablesTexts(locale);
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const field = issue.path[0];
      const column =
        typeof field === 'string' && field in CSV_COLUMNS ? CSV_COLUMNS[field as keyof typeof CSV_COLUMNS] : '';
      const check = locale === DEFAULT_LOCALE ? issue.message : (spanishIssue(issue) ?? issue.message);
      return column ? say('csv.column', { column, check }) : check;
    })
    .join('; ');
}

// --- The service -------------------------------------------------------------------------------------------------

export function createPromo(deps: PromoDeps) {
  const { db, writes } = deps;
  const now = deps.now ?? Date.now;

  /** The advertiser's campaign that asks for redemptions: 404 someone else's or none, 409 without a promo deliverable. */
  async function promoCampaign(advertiserId: string, campaignId: string) {
    const campaign = await db
      .selectFrom('campaigns')
      .select(['id', 'brand', 'status', 'starts_on', 'ends_on', 'promo_redemptions', 'redemption_key_hash'])
      .where('id', '=', campaignId)
      .where('advertiser_id', '=', advertiserId)
      .executeTakeFirst();
    if (!campaign) throw new HttpError(404, marketplaceProblems.campaign_unknown);
    if (campaign.promo_redemptions === null) throw new HttpError(409, problems.promo_not_asked);
    return campaign;
  }

  /** The campaign's offers that have (or had) a creator delivering, with their creator and code. */
  function codedOffers(executor: Kysely<Database>, campaignId: string) {
    return executor
      .selectFrom('offers')
      .innerJoin('users', 'users.id', 'offers.creator_id')
      .leftJoin('promo_codes', 'promo_codes.offer_id', 'offers.id')
      .select([
        'offers.id as offer_id',
        'offers.status as status',
        'users.first_name as first_name',
        'users.last_name as last_name',
        'users.email as email',
        'promo_codes.code as code',
      ])
      .where('offers.campaign_id', '=', campaignId)
      .where('offers.status', 'in', CODED_OFFER_STATUSES)
      .execute();
  }

  async function listCodes(campaignId: string, keyIssued: boolean) {
    const offers = await codedOffers(db, campaignId);
    const totals = await offerTotals(
      db,
      offers.map((offer) => offer.offer_id),
    );
    const codes: PromoCodeRow[] = offers
      .map((offer) => ({
        offerId: offer.offer_id,
        creator: displayName(offer),
        code: offer.code,
        redemptions: totals.get(offer.offer_id)?.redemptions ?? 0,
      }))
      .sort((a, b) => a.creator.localeCompare(b.creator) || a.offerId.localeCompare(b.offerId));
    return { codes, redemptionKey: keyIssued };
  }

  /** A unique violation of promo_codes (another request took the code meanwhile) answers 409 like the check before. */
  function takenOr(error: unknown): never {
    if (error instanceof HttpError) throw error;
    if (/unique|duplicate/i.test((error as Error).message))
      throw new HttpError(409, problems.code_taken.with({ hasCode: 'no' }));
    throw error;
  }

  /** Whether a redemption at `at` counts: the offer being delivered, the campaign active, the day in its window. */
  function counts(campaign: CampaignFacts, offerStatus: string, at: number): boolean {
    const day = utcDay(at);
    return (
      COUNTING_OFFER_STATUSES.includes(offerStatus) &&
      campaign.status === 'active' &&
      day >= campaign.starts_on &&
      day <= campaign.ends_on
    );
  }

  /** When it was redeemed, in epoch ms: `redeemedAt`, or now; a time ahead of our clock (beyond skew) is refused. */
  function redeemedAtOf(redeemedAt: string | undefined, current: number): number | string {
    if (redeemedAt === undefined) return current;
    const at = Date.parse(redeemedAt);
    if (!Number.isFinite(at)) return 'must be a date and time (ISO 8601)';
    if (at > current + CLOCK_SKEW_MS) return IN_FUTURE;
    return at;
  }

  function tell(offerIds: Iterable<string>): void {
    const ids = [...new Set(offerIds)];
    if (ids.length === 0 || !deps.onCounted) return;
    // After the commit: settlement runs its own transactions; the redemption stands whatever happens there (the
    // periodic settlement looks again).
    Promise.resolve()
      .then(() => deps.onCounted!(ids))
      .catch((error: unknown) =>
        deps.logger?.error('settlement after redemptions failed', { offerIds: ids, error: (error as Error).message }),
      );
  }

  return {
    /** GET /api/campaigns/:id/promo-codes. */
    async list(advertiserId: string, campaignId: string) {
      const campaign = await promoCampaign(advertiserId, campaignId);
      return listCodes(campaign.id, campaign.redemption_key_hash !== null);
    },

    /**
     * PUT /api/campaigns/:id/promo-codes: `codes` gives (or replaces) offers' codes; `generate` makes one for every
     * coded offer without one. In one transaction: a code another offer of the campaign holds (case aside) is a 409,
     * unless this same request moves it away from that offer.
     */
    async set(
      advertiserId: string,
      campaignId: string,
      body: { codes: { offerId: string; code: string }[] } | { generate: true },
    ) {
      const campaign = await promoCampaign(advertiserId, campaignId);
      const stamp = now();
      try {
        await db.transaction().execute(async (trx) => {
          const offers = await codedOffers(trx, campaign.id);
          const byOffer = new Map(offers.map((offer) => [offer.offer_id, offer]));
          const existing = await trx
            .selectFrom('promo_codes')
            .select(['offer_id', 'code_key'])
            .where('campaign_id', '=', campaign.id)
            .execute();
          if ('generate' in body) {
            const taken = new Set(existing.map((row) => row.code_key));
            const rows = [];
            for (const offer of offers) {
              if (offer.code !== null) continue;
              let code = generateCode(campaign.brand, offer.first_name || displayName(offer));
              while (taken.has(code)) code = generateCode(campaign.brand, offer.first_name || displayName(offer));
              taken.add(code);
              rows.push({
                offer_id: offer.offer_id,
                campaign_id: campaign.id,
                code,
                code_key: code,
                created_at: stamp,
              });
            }
            // An offer given a code by a request running at the same time keeps that one.
            if (rows.length > 0)
              await trx
                .insertInto('promo_codes')
                .values(rows)
                .onConflict((oc) => oc.column('offer_id').doNothing())
                .execute();
            // The offers' progress carries the code: their cached lists are stale now.
            await touchProgress(
              trx,
              rows.map((row) => row.offer_id),
            );
            return;
          }
          const offerIds = new Set<string>();
          const keys = new Map<string, string>();
          for (const { offerId, code } of body.codes) {
            if (!byOffer.has(offerId)) throw new HttpError(404, problems.offer_not_coded.with({ offerId }));
            if (offerIds.has(offerId)) throw new HttpError(400, problems.offer_listed_twice.with({ offerId }));
            offerIds.add(offerId);
            const key = code.toUpperCase();
            if (keys.has(key)) throw new HttpError(409, problems.code_given_twice.with({ code }));
            keys.set(key, offerId);
          }
          for (const row of existing) {
            const claimant = keys.get(row.code_key);
            if (claimant !== undefined && claimant !== row.offer_id && !offerIds.has(row.offer_id))
              throw new HttpError(409, problems.code_taken.with({ hasCode: 'yes', code: row.code_key }));
          }
          // Replaced codes go first, so that two offers may swap codes in one request.
          await trx
            .deleteFrom('promo_codes')
            .where('offer_id', 'in', [...offerIds])
            .execute();
          await trx
            .insertInto('promo_codes')
            .values(
              body.codes.map(({ offerId, code }) => ({
                offer_id: offerId,
                campaign_id: campaign.id,
                code,
                code_key: code.toUpperCase(),
                created_at: stamp,
              })),
            )
            .execute();
          await touchProgress(trx, [...offerIds]);
        });
      } catch (error) {
        takenOr(error);
      }
      return listCodes(campaign.id, campaign.redemption_key_hash !== null);
    },

    /**
     * POST /api/campaigns/:id/redemption-key: a new key, shown this once; only its sha256 is stored, and storing it
     * replaces the previous one, which stops working at once.
     */
    async createKey(advertiserId: string, campaignId: string) {
      const campaign = await promoCampaign(advertiserId, campaignId);
      const key = `${REDEMPTION_KEY_PREFIX}${crypto.randomBytes(24).toString('base64url')}`;
      await db
        .updateTable('campaigns')
        .set({ redemption_key_hash: hashRedemptionKey(key) })
        .where('id', '=', campaign.id)
        .execute();
      return { key };
    },

    /**
     * The campaign a redemption key belongs to, or 401. Looked up by the key's sha256: the comparison the database
     * makes is on a hash of 192 random bits, so its timing tells nothing about the key itself.
     */
    async campaignOfKey(header: string | undefined): Promise<string> {
      const key = bearerRedemptionKey(header);
      if (!key) throw new HttpError(401, problems.redemption_key_required.with({ prefix: REDEMPTION_KEY_PREFIX }));
      const row = await db
        .selectFrom('campaigns')
        .select('id')
        .where('redemption_key_hash', '=', hashRedemptionKey(key))
        .executeTakeFirst();
      if (!row) throw new HttpError(401, problems.redemption_key_unknown);
      return row.id;
    },

    /**
     * POST /api/redemptions: records order `orderId` for the code's offer, once. The same order again (or at the same
     * time) records nothing and answers duplicate with what the first recorded.
     */
    async redeem(campaignId: string, input: RedemptionRequest): Promise<RedemptionResult> {
      const current = now();
      const at = redeemedAtOf(input.redeemedAt, current);
      if (typeof at === 'string')
        throw new HttpError(400, at === IN_FUTURE ? problems.redeemed_at_future : problems.redeemed_at_invalid);
      const result = await writes.run(async (trx) => {
        const found = await trx
          .selectFrom('promo_codes')
          .innerJoin('offers', 'offers.id', 'promo_codes.offer_id')
          .innerJoin('campaigns', 'campaigns.id', 'promo_codes.campaign_id')
          .select([
            'promo_codes.offer_id as offer_id',
            'promo_codes.code as code',
            'offers.status as offer_status',
            'campaigns.id as id',
            'campaigns.status as status',
            'campaigns.starts_on as starts_on',
            'campaigns.ends_on as ends_on',
          ])
          .where('promo_codes.campaign_id', '=', campaignId)
          .where('promo_codes.code_key', '=', input.code.toUpperCase())
          .executeTakeFirst();
        if (!found) throw new HttpError(404, problems.code_unknown.with({ code: input.code }));
        const counted = counts(found, found.offer_status, at);
        const amount = input.amountCents ?? null;
        const inserted = await trx
          .insertInto('promo_redemptions')
          .values({
            campaign_id: campaignId,
            order_id: input.orderId,
            offer_id: found.offer_id,
            code: found.code,
            amount_cents: amount,
            redeemed_at: at,
            source: 'api',
            counted: counted ? 1 : 0,
            created_at: current,
          })
          .onConflict((oc) => oc.columns(['campaign_id', 'order_id']).doNothing())
          .returning('order_id')
          .executeTakeFirst();
        if (!inserted) {
          const first = await trx
            .selectFrom('promo_redemptions')
            .select(['code', 'counted'])
            .where('campaign_id', '=', campaignId)
            .where('order_id', '=', input.orderId)
            .executeTakeFirstOrThrow();
          return {
            orderId: input.orderId,
            code: first.code,
            counted: Number(first.counted) === 1,
            duplicate: true,
            offerId: null,
          };
        }
        if (counted)
          await bumpDay(
            trx,
            { offerId: found.offer_id, campaignId, day: utcDay(at) },
            { redemptions: 1, redeemed_cents: amount ?? 0 },
          );
        return { orderId: input.orderId, code: found.code, counted, duplicate: false, offerId: found.offer_id };
      });
      if (result.offerId !== null && result.counted) tell([result.offerId]);
      return { orderId: result.orderId, code: result.code, counted: result.counted, duplicate: result.duplicate };
    },

    /**
     * POST /api/campaigns/:id/redemptions: the shop's CSV export. Every row is checked as the API checks one request
     * (refused rows are listed with their line and why, the rest still go in); an order id already recorded, or
     * earlier in the same file, is a duplicate. Rows go in by batches, each batch one transaction.
     */
    async upload(
      advertiserId: string,
      campaignId: string,
      text: string,
      locale: Locale = DEFAULT_LOCALE,
    ): Promise<CsvResult> {
      const campaign = await promoCampaign(advertiserId, campaignId);
      // Why a row is left out, in the language of the page that uploaded the file.
      const say = deliverablesTexts(locale);
      let records: CsvRecord[];
      try {
        records = parseCsv(text);
      } catch (error) {
        if (error instanceof CsvSyntaxError)
          throw new HttpError(400, problems.csv_syntax.with({ line: error.line, problem: error.problem }));
        throw error;
      }
      const header = records.shift();
      if (!header) throw new HttpError(400, problems.csv_empty);
      const names = header.cells.map((cell) =>
        cell
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_'),
      );
      const column = (name: string) => names.indexOf(name);
      const at = {
        orderId: column(CSV_COLUMNS.orderId),
        code: column(CSV_COLUMNS.code),
        amount: column(CSV_COLUMNS.amountCents),
        redeemedAt: column(CSV_COLUMNS.redeemedAt),
      };
      if (at.orderId < 0 || at.code < 0) throw new HttpError(400, problems.csv_columns);
      if (records.length > DELIVERABLE_LIMITS.csvRows)
        throw new HttpError(
          413,
          problems.csv_too_many_rows.with({ max: DELIVERABLE_LIMITS.csvRows, rows: records.length }),
        );

      const codes = new Map(
        (
          await db
            .selectFrom('promo_codes')
            .select(['code_key', 'code', 'offer_id'])
            .where('campaign_id', '=', campaign.id)
            .execute()
        ).map((row) => [row.code_key, row]),
      );
      const current = now();
      const rejected: CsvResult['rejected'] = [];
      const seen = new Set<string>();
      let duplicates = 0;
      const valid: { line: number; input: RedemptionRequest; at: number; offerId: string; code: string }[] = [];
      for (const record of records) {
        const cell = (index: number) => (index < 0 ? '' : (record.cells[index] ?? '').trim());
        const amountText = cell(at.amount);
        const amountCents = amountText === '' ? null : dollarsToCents(amountText);
        if (amountCents === null && amountText !== '') {
          rejected.push({ line: record.line, message: say('csv.amount') });
          continue;
        }
        const redeemedText = cell(at.redeemedAt);
        const parsed = redemptionRequest.safeParse({
          orderId: cell(at.orderId),
          code: cell(at.code),
          amountCents,
          ...(redeemedText === '' ? {} : { redeemedAt: redeemedText }),
        });
        if (!parsed.success) {
          rejected.push({ line: record.line, message: csvMessage(parsed.error, locale) });
          continue;
        }
        const when = redeemedAtOf(parsed.data.redeemedAt, current);
        if (typeof when === 'string') {
          rejected.push({
            line: record.line,
            message: say(when === IN_FUTURE ? 'csv.redeemedAtFuture' : 'csv.redeemedAtInvalid'),
          });
          continue;
        }
        const code = codes.get(parsed.data.code.toUpperCase());
        if (!code) {
          rejected.push({ line: record.line, message: say('csv.codeUnknown', { code: parsed.data.code }) });
          continue;
        }
        if (seen.has(parsed.data.orderId)) {
          duplicates += 1;
          continue;
        }
        seen.add(parsed.data.orderId);
        valid.push({ line: record.line, input: parsed.data, at: when, offerId: code.offer_id, code: code.code });
      }

      let added = 0;
      const countedOffers = new Set<string>();
      for (let start = 0; start < valid.length; start += CSV_BATCH) {
        const batch = valid.slice(start, start + CSV_BATCH);
        await db.transaction().execute(async (trx) => {
          // Read in the batch's transaction: the offers' and the campaign's statuses as they are when it commits.
          const facts = await trx
            .selectFrom('campaigns')
            .select(['id', 'status', 'starts_on', 'ends_on'])
            .where('id', '=', campaign.id)
            .executeTakeFirstOrThrow();
          const statuses = new Map(
            (
              await trx
                .selectFrom('offers')
                .select(['id', 'status'])
                .where('id', 'in', [...new Set(batch.map((row) => row.offerId))])
                .execute()
            ).map((row) => [row.id, row.status as string]),
          );
          const rows = batch.map((row) => ({
            campaign_id: campaign.id,
            order_id: row.input.orderId,
            offer_id: row.offerId,
            code: row.code,
            amount_cents: row.input.amountCents ?? null,
            redeemed_at: row.at,
            source: 'csv' as const,
            counted: counts(facts, statuses.get(row.offerId) ?? '', row.at) ? 1 : 0,
            created_at: current,
          }));
          const inserted = new Set(
            (
              await trx
                .insertInto('promo_redemptions')
                .values(rows)
                .onConflict((oc) => oc.columns(['campaign_id', 'order_id']).doNothing())
                .returning('order_id')
                .execute()
            ).map((row) => row.order_id),
          );
          added += inserted.size;
          duplicates += rows.length - inserted.size;
          // One offer_days update per offer and day, however many of the batch's orders fell on it.
          const days = new Map<
            string,
            { offerId: string; day: string; counts: Required<Pick<DayCounts, 'redemptions' | 'redeemed_cents'>> }
          >();
          for (const row of rows) {
            if (!inserted.has(row.order_id) || row.counted !== 1) continue;
            const day = utcDay(row.redeemed_at);
            const key = `${row.offer_id} ${day}`;
            const entry = days.get(key) ?? {
              offerId: row.offer_id,
              day,
              counts: { redemptions: 0, redeemed_cents: 0 },
            };
            entry.counts.redemptions += 1;
            entry.counts.redeemed_cents += row.amount_cents ?? 0;
            days.set(key, entry);
          }
          for (const entry of days.values()) {
            await bumpDay(trx, { offerId: entry.offerId, campaignId: campaign.id, day: entry.day }, entry.counts);
            countedOffers.add(entry.offerId);
          }
        });
      }
      tell(countedOffers);
      rejected.sort((a, b) => a.line - b.line);
      return { added, duplicates, rejected };
    },
  };
}

export type Promo = ReturnType<typeof createPromo>;

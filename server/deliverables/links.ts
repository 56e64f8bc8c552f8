// Each accepted offer's tracked link (docs/product.md §Tracked links): a short code under /l/<code> that answers a 302
// to the brand's URL with Castbridge's UTM parameters, so that the brand's own analytics see where the visit came
// from and which creator sent it. The row is made on first need (progress, the bot's line, the offer page) and never
// changes: a code once posted in chat must keep working.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { LINK_CODE_ALPHABET, UTM } from '../../contract/deliverables.ts';
import type { Database } from '../db/types.ts';

const CODE_LENGTH = 8;

/** A fresh code: 8 characters of LINK_CODE_ALPHABET from the crypto generator (≈ 47 bits, not guessable in bulk). */
export function newLinkCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index++)
    code += LINK_CODE_ALPHABET[crypto.randomInt(LINK_CODE_ALPHABET.length)];
  return code;
}

/**
 * The offer's link code, creating its offer_links row on first need. Idempotent across requests and instances: the
 * insert does nothing when the offer already has a row (unique offer_id), and the row that won is read back. A code
 * that collides with another offer's (one chance in ~10^14 per pair) is drawn again.
 */
export async function ensureLink(
  db: Kysely<Database>,
  offer: { offerId: string; campaignId: string; creatorId: string },
): Promise<string> {
  const existing = await codeOf(db, offer.offerId);
  if (existing) return existing;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await db
        .insertInto('offer_links')
        .values({
          code: newLinkCode(),
          offer_id: offer.offerId,
          campaign_id: offer.campaignId,
          creator_id: offer.creatorId,
          created_at: Date.now(),
        })
        .onConflict((oc) => oc.column('offer_id').doNothing())
        .execute();
    } catch (error) {
      // The code's primary key taken by another offer: draw again (anything else is a real failure).
      if (!/unique|duplicate/i.test((error as Error).message)) throw error;
      continue;
    }
    const code = await codeOf(db, offer.offerId);
    if (code) return code;
  }
  throw new Error(`No tracked link could be made for offer ${offer.offerId}`);
}

async function codeOf(db: Kysely<Database>, offerId: string): Promise<string | null> {
  const row = await db.selectFrom('offer_links').select('code').where('offer_id', '=', offerId).executeTakeFirst();
  return row?.code ?? null;
}

/** The absolute tracked link: `${base}/l/${code}` (base: services.links' origin, without a trailing slash). */
export function linkUrl(base: string, code: string): string {
  return `${base.replace(/\/+$/, '')}/l/${code}`;
}

/** "Spring Launch — Nova 2!" → "spring-launch-nova-2" (utm_campaign). */
export function campaignSlug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'campaign'
  );
}

/**
 * Where the tracked link sends a visitor: the brand's URL with utm_source=castbridge, utm_medium=stream,
 * utm_campaign=<the campaign title's slug> and utm_content=<the code> (the creator, for the brand's analytics). UTM
 * parameters the brand already put in its URL are kept as the brand set them.
 */
export function destination(url: string, link: { code: string; campaignTitle: string }): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Campaign URLs are validated on the way in; an unparseable one is sent as is rather than breaking the redirect.
    return url;
  }
  const utm: [string, string][] = [
    ['utm_source', UTM.source],
    ['utm_medium', UTM.medium],
    ['utm_campaign', campaignSlug(link.campaignTitle)],
    ['utm_content', link.code],
  ];
  for (const [name, value] of utm) if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, value);
  return parsed.toString();
}

// POST /api/newsletter (the landing page's Subscribe Newsletter modal) and POST /api/newsletter/unsubscribe (the
// link in every newsletter e-mail, which works without signing in).
import crypto from 'node:crypto';
import { Hono } from 'hono';
import { hashLinkToken } from '../accounts/link-tokens.ts';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { RATE_RULES, type RateLimiter } from '../http/rate-limit.ts';
import { route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import type { Links } from '../mail/links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderEmail } from '../mail/template.ts';

export const SUBSCRIBED = 'Thanks for subscribing! We have sent a confirmation to your email.';
export const UNSUBSCRIBED = 'You are unsubscribed. You will not get our newsletter any more.';
export const UNKNOWN_UNSUBSCRIBE = 'This unsubscribe link is not valid.';

/**
 * The unsubscribe token of an address: an HMAC under the server's secret, so every e-mail to that address carries
 * the same working link while only its hash is stored.
 */
export function unsubscribeToken(secret: Uint8Array, email: string): string {
  return crypto.createHmac('sha256', secret).update(`newsletter-unsubscribe:${email}`).digest('base64url');
}

export interface NewsletterRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'contractCheck' | 'supportEmail'>;
  limits: RateLimiter;
  mail: Pick<Mailer, 'post'>;
  links: Links;
}

export function newsletterRoutes(services: NewsletterRoutesDeps, secret: Uint8Array) {
  const { db, limits, mail, links, config } = services;
  const app = new Hono<AppEnv>();

  route(app, services, 'newsletter', async (c, { body }) => {
    await limits.check(c, RATE_RULES.newsletter, body.email);
    const token = unsubscribeToken(secret, body.email);
    const stamp = new Date().toISOString();
    // One row per address, whatever the number of requests; subscribing again after unsubscribing resumes it.
    await db
      .insertInto('newsletter_subscriptions')
      .values({
        email: body.email,
        unsubscribe_hash: hashLinkToken(token),
        subscribed_at: stamp,
        unsubscribed_at: null,
      })
      // The hash is refreshed too, in case the server's secret changed since the first subscription.
      .onConflict((oc) =>
        oc.column('email').doUpdateSet({ unsubscribed_at: null, unsubscribe_hash: hashLinkToken(token) }),
      )
      .execute();
    const url = links.url(`/unsubscribe?token=${token}`);
    mail.post({
      to: body.email,
      headers: { 'List-Unsubscribe': `<${url}>` },
      ...renderEmail(
        {
          subject: 'You are subscribed to the Castbridge newsletter',
          heading: 'Welcome to the Castbridge newsletter',
          paragraphs: ['You will get our updates on sponsorships, the overlay and the chat archive at this address.'],
          action: { label: 'Unsubscribe', url },
          footnote: 'If you did not subscribe, use the link above and you will hear no more from us.',
        },
        config.supportEmail,
      ),
    });
    return { message: SUBSCRIBED };
  });

  route(app, services, 'unsubscribe', async (_c, { body }) => {
    const result = await db
      .updateTable('newsletter_subscriptions')
      .set((eb) => ({ unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(new Date().toISOString())) }))
      .where('unsubscribe_hash', '=', hashLinkToken(body.token))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new HttpError(404, UNKNOWN_UNSUBSCRIBE);
    return { message: UNSUBSCRIBED };
  });

  return app;
}

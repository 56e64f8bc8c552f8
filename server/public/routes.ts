// POST /api/newsletter (the landing page's Subscribe Newsletter modal) and POST /api/newsletter/unsubscribe (the
// link in every newsletter e-mail, which works without signing in).
import crypto from 'node:crypto';
import { Hono } from 'hono';
import { hashLinkToken } from '../accounts/link-tokens.ts';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { requestLocale } from '../http/problems.ts';
import { RATE_RULES, type RateLimiter } from '../http/rate-limit.ts';
import { route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import type { Links } from '../mail/links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderEmail } from '../mail/template.ts';
import { publicProblems } from './problems.ts';
import { publicTexts } from './texts.ts';

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
    // The answer and the welcome e-mail in the language of the page that subscribed.
    const locale = requestLocale(c);
    const say = publicTexts(locale);
    c.header('Vary', 'Accept-Language', { append: true });
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
          subject: say('welcome.subject'),
          heading: say('welcome.heading'),
          paragraphs: [say('welcome.text')],
          action: { label: say('welcome.unsubscribe'), url },
          footnote: say('welcome.footnote'),
        },
        config.supportEmail,
        locale,
      ),
    });
    return { message: say('subscribed') };
  });

  route(app, services, 'unsubscribe', async (c, { body }) => {
    const result = await db
      .updateTable('newsletter_subscriptions')
      .set((eb) => ({ unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(new Date().toISOString())) }))
      .where('unsubscribe_hash', '=', hashLinkToken(body.token))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new HttpError(404, publicProblems.unsubscribe_unknown);
    c.header('Vary', 'Accept-Language', { append: true });
    return { message: publicTexts(requestLocale(c))('unsubscribed') };
  });

  return app;
}

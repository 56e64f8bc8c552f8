// POST /api/support: Contact Us and Help and Support (docs/spec.md §2, §3). The ticket is stored (with the page it came from
// and the signed-in user, if any) and e-mailed to the support address with the sender as Reply-To.
import crypto from 'node:crypto';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { requestLocale } from '../http/problems.ts';
import { RATE_RULES, type RateLimiter } from '../http/rate-limit.ts';
import { route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderEmail } from '../mail/template.ts';
import { supportTexts } from './texts.ts';

export interface SupportRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'contractCheck' | 'supportEmail'>;
  limits: RateLimiter;
  mail: Pick<Mailer, 'post'>;
}

export function supportRoutes(services: SupportRoutesDeps) {
  const { db, limits, mail, config } = services;
  const app = new Hono<AppEnv>();

  route(app, services, 'support', async (c, { body }) => {
    await limits.check(c, RATE_RULES.support, body.email);
    const userId = (c.get('userId') as string | undefined) ?? null;
    const id = crypto.randomUUID();
    await db
      .insertInto('support_tickets')
      .values({
        id,
        user_id: userId,
        name: body.name,
        email: body.email,
        subject: body.subject,
        message: body.message,
        page: body.page ?? null,
        created_at: new Date().toISOString(),
      })
      .execute();
    mail.post({
      to: config.supportEmail,
      replyTo: body.email,
      ...renderEmail(
        {
          subject: `[Support] ${body.subject}`,
          heading: body.subject,
          paragraphs: [
            `From ${body.name} <${body.email}>${userId ? ` (signed in, user ${userId})` : ' (not signed in)'}, sent from ${body.page ?? 'an unknown page'}.`,
            ...body.message.split(/\n{2,}/),
          ],
          footnote: `Ticket ${id}. Reply to this e-mail to answer the sender.`,
        },
        config.supportEmail,
      ),
    });
    c.header('Vary', 'Accept-Language', { append: true });
    return { message: supportTexts(requestLocale(c))('received') };
  });

  return app;
}

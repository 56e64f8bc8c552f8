// Numbered documents' endpoints (./documents.ts): creators and advertisers list their own and download each as a
// PDF drawn from its snapshot (./document-pdf.ts), in the reader's language like the list's titles. Another user's document is not found (404); operators have none.
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { requestLocale } from '../http/problems.ts';
import { route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import { renderDocumentPdf } from './document-pdf.ts';
import { issueYearlyStatements, listDocuments, ownDocument } from './documents.ts';
import { moneyProblems } from './problems.ts';

export interface DocumentRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
}

export function documentRoutes(services: DocumentRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = services;
  const own = async (c: Context<AppEnv>) => {
    const found = await ownDocument(db, c.get('userId'), c.req.param('id')!);
    if (!found) throw new HttpError(404, moneyProblems.document_unknown);
    return found;
  };

  route(app, services, 'listDocuments', async (c) => {
    if (c.get('role') === 'creator') await issueYearlyStatements(db, c.get('userId'));
    c.header('Vary', 'Accept-Language', { append: true });
    return { documents: await listDocuments(db, c.get('userId'), requestLocale(c)) };
  });

  route(app, services, 'downloadDocument', { authorize: async (c) => void (await own(c)) }, async (c) => {
    const document = await own(c);
    // In the reader's language: the page's (Accept-Language), else the account's.
    const bytes = await renderDocumentPdf(document, requestLocale(c));
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': `attachment; filename="${document.number}.pdf"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Language',
      },
    });
  });

  return app;
}

// The media kit's endpoints and page (docs/product.md §Discovery and negotiation): GET and PUT /api/media-kit (creators; others
// 403) and the public page GET /c/<handle>, rendered at each request from the listed directory row (./media-kit-page.ts):
// an unknown or unpublished handle is a 404 page, and `Cache-Control: no-cache` makes an unpublished page go at once.
// The page's font is the bundled Inter, served here so the page works under `npm start` and `npm run dev` alike.
import { isLocale } from '../../contract/locales.ts';
import { requestLocale } from '../http/problems.ts';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { HANDLE_PATTERN, mediaKitPath } from '../../contract/mediaKit.ts';
import type { Database } from '../db/types.ts';
import { route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import type { Links } from '../mail/links.ts';
import { listedByHandle } from './directory.ts';
import { FONT_PATH, OG_IMAGE_PATH, renderMediaKitPage, renderMissingPage } from './media-kit-page.ts';
import type { MediaKits } from './media-kit.ts';
import { marketplaceProblems } from './problems.ts';

const CREATORS_ONLY = { forbidden: marketplaceProblems.media_kit_creators_only };
const FONT_FILE = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

export interface MediaKitRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
  links: Pick<Links, 'url'>;
  mediaKits: MediaKits;
}

export function mediaKitRoutes(services: MediaKitRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, links, mediaKits } = services;

  route(app, services, 'getMediaKit', CREATORS_ONLY, async (c) => ({
    mediaKit: await mediaKits.get(c.get('userId')),
  }));

  route(app, services, 'updateMediaKit', CREATORS_ONLY, async (c, { body }) => ({
    mediaKit: await mediaKits.update(c.get('userId'), body),
  }));

  let font: Promise<Buffer> | null = null;
  app.get(FONT_PATH, async (c) => {
    font ??= readFile(createRequire(import.meta.url).resolve(FONT_FILE)).catch((error: unknown) => {
      font = null;
      throw error;
    });
    return c.body(new Uint8Array(await font), 200, {
      'Content-Type': 'font/woff2',
      'Cache-Control': 'public, max-age=86400',
    });
  });

  app.on(['GET', 'HEAD'], '/c/:handle', async (c) => {
    const handle = c.req.param('handle');
    const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' };
    // The page speaks the creator's language; a reader may switch (?lang=en, ?lang=es-MX: the page's own links).
    const asked = c.req.query('lang');
    const chosen = asked !== undefined && isLocale(asked) ? asked : null;
    const kit = HANDLE_PATTERN.test(handle) ? await listedByHandle(db, handle) : null;
    if (!kit) return c.body(renderMissingPage(chosen ?? requestLocale(c)), 404, headers);
    const html = renderMediaKitPage(
      kit,
      { url: links.url(mediaKitPath(kit.handle)), image: links.url(OG_IMAGE_PATH) },
      chosen ?? kit.locale,
    );
    return c.body(html, 200, headers);
  });

  return app;
}

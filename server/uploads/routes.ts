// POST /api/upload-photo and GET /uploads/<name>.
import { Hono, type Context } from 'hono';
import { HttpError } from '../http/errors.ts';
import { readLimitedBody } from '../http/json-body.ts';
import { accountProblems } from '../accounts/problems.ts';
import type { UserStore } from '../accounts/users.ts';
import type { Config } from '../config.ts';
import { route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import { uploadProblems as problems } from './problems.ts';
import { sniffImage, type ImageKind } from './sniff.ts';
import type { PhotoStorage } from './storage.ts';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface UploadRoutesDeps extends RouteDeps {
  config: Pick<Config, 'contractCheck' | 'maxUploadBytes'>;
  photos: PhotoStorage;
  /** The uploaded photo becomes the caller's profile image. */
  users: Pick<UserStore, 'update'>;
}

export function uploadApiRoutes(services: UploadRoutesDeps) {
  const { config, photos, users } = services;
  const app = new Hono<AppEnv>();

  route(app, services, 'uploadPhoto', async (c) => {
    const { bytes, kind } = await readImageField(c, config.maxUploadBytes, 'photo');
    const photoUrl = await photos.save(bytes, kind);
    const result = await users.update(c.get('userId'), { image: photoUrl });
    if (!result) {
      await photos.remove(photoUrl);
      throw new HttpError(401, accountProblems.account_gone);
    }
    if (result.previousImage !== photoUrl) await photos.remove(result.previousImage);
    return { photoUrl };
  });

  return app;
}

/**
 * The image in multipart field `field`: at most `maxBytes`, recognised by its first bytes (PNG, JPEG, WebP, GIF);
 * 415 for anything else, 413 over the limit, 400 for a missing or empty file. Profile photos and campaign creatives.
 */
export async function readImageField(
  c: Context,
  maxBytes: number,
  field: string,
): Promise<{ bytes: Uint8Array; kind: ImageKind }> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new HttpError(415, problems.multipart_required.with({ field }));
  }
  const tooLarge = problems.too_large.with({ field, max: maxBytes });
  let raw: Uint8Array;
  try {
    raw = await readLimitedBody(c, maxBytes + MULTIPART_OVERHEAD);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw new HttpError(413, tooLarge);
    throw error;
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new HttpError(400, problems.multipart_unreadable);
  }
  const file = form.get(field);
  if (!(file instanceof Blob)) throw new HttpError(400, problems.file_required.with({ field }));
  if (file.size > maxBytes) throw new HttpError(413, tooLarge);
  if (file.size === 0) throw new HttpError(400, problems.file_empty.with({ field }));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) throw new HttpError(415, problems.not_an_image.with({ field }));
  return { bytes, kind };
}

export function uploadFileRoutes(services: { photos: Pick<PhotoStorage, 'read'> }) {
  const routes = new Hono<AppEnv>();
  routes.get('/:name', async (c) => {
    const file = await services.photos.read(c.req.param('name'));
    if (!file) return c.json({ message: 'Not found', code: 'not_found' }, 404);
    return c.body(new Uint8Array(file.body), 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.body.length),
      // Names are random and never reused, so the content behind one never changes.
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  return routes;
}

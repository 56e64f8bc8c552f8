// GET /api/user and PUT /api/profile.
import { Hono } from 'hono';
import { HttpError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import type { AppEnv, Services } from '../services.ts';

const GONE = 'This account no longer exists';

export function userRoutes(services: Services) {
  const { users, photos } = services;
  const app = new Hono<AppEnv>();

  route(app, services, 'getUser', async (c) => {
    const user = await users.profile(c.get('userId'));
    if (!user) throw new HttpError(401, GONE);
    return { user };
  });

  route(app, services, 'updateProfile', async (c, { body }) => {
    // Absent keys (and image "", which the schema drops) are left alone.
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as typeof body;
    if (typeof changes.image === 'string') {
      // Only the current photo may be echoed back; pointing at another file would let a later upload delete it.
      const current = await users.profile(c.get('userId'));
      if (!current) throw new HttpError(401, GONE);
      if (current.image !== changes.image) {
        throw new HttpError(400, 'image: must be the current photo URL, "" or null; upload a new photo with POST /api/upload-photo');
      }
      delete changes.image;
    }
    const result = await users.update(c.get('userId'), changes);
    if (!result) throw new HttpError(401, GONE);
    if ('image' in changes && result.previousImage !== result.user.image) await photos.remove(result.previousImage);
    return { message: 'Perfil actualizado correctamente', user: result.user };
  });

  return app;
}

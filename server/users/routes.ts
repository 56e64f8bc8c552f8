// GET /api/user and PUT /api/profile.
import { Hono } from 'hono';
import { requireUser } from '../auth/require-user.ts';
import { HttpError, parseWith } from '../http/errors.ts';
import { readJson } from '../http/json-body.ts';
import type { AppEnv, Services } from '../services.ts';
import { profileUpdate, toChanges } from './profile-schema.ts';

const GONE = 'This account no longer exists';

export function userRoutes(services: Services) {
  const { users, photos, tokens } = services;
  const routes = new Hono<AppEnv>();
  const guard = requireUser(tokens);

  routes.get('/user', guard, async (c) => {
    const user = await users.profile(c.get('userId'));
    if (!user) throw new HttpError(401, GONE);
    return c.json({ user });
  });

  routes.put('/profile', guard, async (c) => {
    const changes = toChanges(parseWith(profileUpdate, await readJson(c)));
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
    return c.json({ message: 'Perfil actualizado correctamente', user: result.user });
  });

  return routes;
}

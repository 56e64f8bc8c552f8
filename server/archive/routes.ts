// The chat archive's API (docs/product.md §Chat archive): days, a day's messages (keyset pages), search, streamed exports, archiving on
// and off, and deletion of a day, a stream, a chatter's messages or everything. Creators only; every query is the caller's own.
import { archiveProblems } from './problems.ts';
import { Hono, type Context } from 'hono';
import { ARCHIVE_PAGE, isArchiveDay, SEARCH_PAGE } from '../../contract/archive.ts';
import { PLATFORM_NAMES, type ConnectPlatform } from '../../contract/connections.ts';
import { creatorsOnly } from '../connections/routes.ts';
import type { Connections } from '../connections/store.ts';
import { HttpError, route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import { CONTENT_TYPES, EXTENSIONS, header, line } from './formats.ts';
import type { IngestSupervisor } from './ingest.ts';
import type { Archive } from './store.ts';

const cursor = (value: string | undefined) => {
  if (!value) return undefined;
  const [sentAt, id] = value.split('.').map(Number);
  return { sentAt: sentAt!, id: id! };
};
const cursorText = (value: { sentAt: number; id: number } | null) => (value ? `${value.sentAt}.${value.id}` : null);

export interface ArchiveRoutesDeps extends RouteDeps {
  archive: Archive;
  connections: Connections;
  ingest: IngestSupervisor;
}

export function archiveRoutes(services: ArchiveRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { archive, connections, ingest } = services;

  async function channel(userId: string, platform: ConnectPlatform) {
    const account = await connections.account(userId, platform);
    if (!account) return null;
    return {
      login: account.login,
      displayName: account.display_name,
      archiving: Number(account.archiving) === 1,
      live: ingest.status(userId, platform)?.connected ?? false,
      supported: ingest.supports(platform),
      problem: ingest.status(userId, platform)?.problem ?? null,
    };
  }

  route(app, services, 'archiveDays', async (c, { query }) => {
    creatorsOnly(c.get('role'));
    const userId = c.get('userId');
    return {
      channel: await channel(userId, query.platform),
      days: await archive.days(userId, query.platform, query.date),
      streams: await archive.streams(userId, query.platform, query.date),
    };
  });

  /** The caller's stream by its id; anyone else's, or none, is not found. */
  async function ownStream(userId: string, id: string | undefined, platform?: ConnectPlatform) {
    const found = /^\d{1,15}$/.test(id ?? '') ? await archive.stream(userId, Number(id)) : null;
    if (!found || (platform && found.stream.platform !== platform))
      throw new HttpError(404, archiveProblems.stream_unknown);
    return found;
  }

  route(app, services, 'archiveMessages', async (c, { query }) => {
    creatorsOnly(c.get('role'));
    const userId = c.get('userId');
    const found = query.stream ? await ownStream(userId, query.stream, query.platform) : null;
    const stream = found?.stream ?? null;
    // A stream's jump time is on the day it started, or the next when that is before its start (a stream past midnight).
    const day = stream ? new Date(stream.startedAt).toISOString().slice(0, 10) : query.date!;
    let at = query.at ? Date.parse(`${day}T${query.at}:00Z`) : undefined;
    if (stream && at !== undefined && at < stream.startedAt - 60_000) at += 86_400_000;
    const page = await archive.messages(userId, {
      platform: query.platform,
      day: query.date,
      stream: found?.range,
      after: cursor(query.after),
      at,
      limit: ARCHIVE_PAGE,
    });
    // A day that holds nothing of the caller's (someone else's day included) is not found.
    if (
      !stream &&
      page.messages.length === 0 &&
      !query.after &&
      (await archive.days(userId, query.platform, query.date)).length === 0
    ) {
      throw new HttpError(
        404,
        archiveProblems.day_empty.with({ platform: PLATFORM_NAMES[query.platform], date: query.date }),
      );
    }
    return { messages: page.messages, events: page.events, next: cursorText(page.next), stream };
  });

  route(app, services, 'archiveSearch', async (c, { query }) => {
    creatorsOnly(c.get('role'));
    const page = await archive.search(c.get('userId'), {
      ...query,
      user: query.user?.replace(/^@/, ''),
      before: cursor(query.before),
      limit: SEARCH_PAGE,
    });
    return { messages: page.messages, next: cursorText(page.next) };
  });

  route(app, services, 'archiveExport', async (c, { query }) => {
    creatorsOnly(c.get('role'));
    const { format, date, user, stream: streamId, ...rest } = query;
    const found = streamId ? await ownStream(c.get('userId'), streamId, query.platform) : null;
    const stream = found?.stream ?? null;
    const rows = archive.export(c.get('userId'), {
      ...rest,
      platform: stream?.platform ?? rest.platform,
      day: date,
      stream: found?.range,
      login: user?.replace(/^@/, ''),
    });
    const encoder = new TextEncoder();
    let started = false;
    // Pulled as the client reads: one page of rows in memory at a time, whatever the size of the export.
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          const head = header(format);
          if (head) controller.enqueue(encoder.encode(head));
        }
        let chunk = '';
        for (let i = 0; i < 500; i += 1) {
          const next = await rows.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += line(format, next.value);
        }
        controller.enqueue(encoder.encode(chunk));
      },
      async cancel() {
        await rows.return(undefined);
      },
    });
    const what = stream
      ? `stream-${new Date(stream.startedAt).toISOString().slice(0, 10)}-${stream.id}`
      : (date ?? (query.q || user ? 'search' : `${query.from ?? 'start'}-${query.to ?? 'now'}`));
    const name = `castbridge-chat-${stream?.platform ?? query.platform ?? 'all'}-${what}.${EXTENSIONS[format]}`;
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': CONTENT_TYPES[format],
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
      },
    });
  });

  route(app, services, 'archiveSettings', async (c, { body }) => {
    creatorsOnly(c.get('role'));
    const userId = c.get('userId');
    if (!(await connections.account(userId, body.platform)))
      throw new HttpError(409, archiveProblems.not_connected.with({ platform: PLATFORM_NAMES[body.platform] }));
    if (body.archiving && !ingest.supports(body.platform)) {
      throw new HttpError(409, archiveProblems.not_configured.with({ platform: PLATFORM_NAMES[body.platform] }));
    }
    await connections.setArchiving(userId, body.platform, body.archiving);
    return { channel: await channel(userId, body.platform) };
  });

  route(app, services, 'deleteArchiveDay', async (c, { query }) => {
    creatorsOnly(c.get('role'));
    const date = c.req.param('date') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new HttpError(400, archiveProblems.date_malformed);
    if (!isArchiveDay(date)) throw new HttpError(400, archiveProblems.date_not_a_day);
    const deleted = await archive.delete(c.get('userId'), { platform: query.platform, day: date });
    if (deleted === 0) throw new HttpError(404, archiveProblems.nothing_on_day.with({ date }));
    return { deleted };
  });

  // Someone else's stream (or none) is a 404 before the query is read.
  const streamOwner = {
    authorize: async (c: Context<AppEnv>) => {
      await ownStream(c.get('userId'), c.req.param('id'));
    },
  };
  route(app, services, 'deleteArchiveStream', streamOwner, async (c, { query }) => {
    creatorsOnly(c.get('role'));
    const found = await ownStream(c.get('userId'), c.req.param('id'), query.platform);
    return {
      deleted: await archive.delete(c.get('userId'), {
        platform: found.stream.platform,
        stream: { id: found.stream.id, range: found.range },
      }),
    };
  });

  // A viewer's deletion request, by their id on the platform (a message's chatterId): a name would take other
  // chatters of the same name, and miss the messages sent under an earlier one.
  route(app, services, 'deleteArchiveChatter', async (c, { query }) => {
    creatorsOnly(c.get('role'));
    const chatterId = c.req.param('chatterId') ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(chatterId)) throw new HttpError(400, archiveProblems.chatter_id_malformed);
    const deleted = await archive.delete(c.get('userId'), { platform: query.platform, chatterId });
    if (deleted === 0)
      throw new HttpError(
        404,
        archiveProblems.chatter_unknown.with({ chatterId, platform: PLATFORM_NAMES[query.platform] }),
      );
    return { deleted };
  });

  route(app, services, 'deleteArchive', async (c, { query }) => {
    creatorsOnly(c.get('role'));
    return { deleted: await archive.delete(c.get('userId'), { platform: query.platform }) };
  });

  return app;
}

// The stand-ins' control surface (docs/product.md §Stand-ins you can drive): what a streamer does on Twitch or
// YouTube — go live or offline, schedule a YouTube broadcast (going live then starts that one), retitle the stream,
// tick the branded-content (Twitch) or paid-promotion (YouTube) box — and what the platform decides on its own (the
// viewer count), for a newcomer's offline demo and for tests.
// A page at the stand-in's root (`/standin/` on `npm start`) with one plain form per channel, its JSON API under
// `api/channels`, and the pages a recording's link opens (Twitch `/twitch/videos/<id>?t=…`, YouTube
// `/youtube/watch?v=<id>&t=…`). Only oauth.ts serves these, and only on a stand-in: a server configured with the real
// platforms never mounts it (server/app.ts). No script and no external asset: it works offline and at 375 px.
import { Hono, type Context } from 'hono';
import type { EventSubStandIn } from './eventsub.ts';
import type { ChannelChange, Platform, Recording } from './state.ts';

export interface RecordingView {
  id: string;
  /** The page the platform would play it on, absolute when the stand-in knows its browser-facing base. */
  url: string;
  title: string;
  startedAt: string;
  endedAt: string | null;
}

/** A broadcast scheduled on a YouTube channel and not started yet. */
export interface UpcomingView {
  /** Its video id (the broadcast's, live or not). */
  id: string;
  url: string;
  title: string;
  /** When it is scheduled to start (ISO 8601). */
  scheduledStartAt: string;
}

/** A channel as the control API answers it. */
export interface ChannelView {
  platform: Platform;
  channel: string;
  channelId: string;
  live: boolean;
  title: string;
  branded: boolean;
  viewers: number;
  /** The running stream's start (ISO 8601), null offline. */
  startedAt: string | null;
  /** The broadcast scheduled on the channel (YouTube), null when none is. */
  upcoming: UpcomingView | null;
  recordings: RecordingView[];
}

export interface ControlDeps {
  /** Every channel the stand-in has granted, both platforms; recording URLs under `base`. */
  channels(base: string): ChannelView[];
  channel(platform: Platform, channel: string, base: string): ChannelView | undefined;
  change(platform: Platform, channel: string, change: ChannelChange): void;
  recording(platform: Platform, id: string): Recording | undefined;
  /** The stand-in's browser-facing base for a request ("http://127.0.0.1:3000/standin"). */
  baseOf(c: Context): string;
  /** The Stripe stand-in is mounted beside it (`stripe/`, server/standins/stripe.ts): the page links to it. */
  stripe?: boolean;
  /** Twitch chat (the EventSub stand-in's, reaching its IRC clients too): `api/channels/twitch/<channel>/chat`. */
  chat?: EventSubStandIn['chat'];
}

const LOGIN = /^[a-z0-9_]{3,25}$/i;
/**
 * A posted chat action, checked: `{ action: 'message', user, text, bits?, color?, badges? }`,
 * `{ action: 'notice', kind, user, text?, months?, viewers?, recipient? }`, `{ action: 'clear' }`,
 * `{ action: 'clearUser', user, seconds? }`, `{ action: 'delete', messageId, user }`. Runs it; a string is what is wrong.
 */
export function runChat(chat: EventSubStandIn['chat'], channel: string, body: unknown): { id?: string } | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'Send a JSON object with action: message, notice, clear, clearUser or delete';
  const fields = body as Record<string, unknown>;
  const text = (key: string, max = 500) =>
    typeof fields[key] === 'string' && fields[key] !== '' && (fields[key] as string).length <= max
      ? (fields[key] as string)
      : null;
  const count = (key: string) =>
    fields[key] === undefined
      ? undefined
      : typeof fields[key] === 'number' && Number.isInteger(fields[key]) && (fields[key] as number) >= 0
        ? (fields[key] as number)
        : null;
  const user = text('user', 25);
  const needsUser = () =>
    user && LOGIN.test(user) ? null : 'user must be a Twitch login (3 to 25 letters, digits or _)';
  switch (fields.action) {
    case 'message': {
      const message = text('text');
      if (needsUser()) return needsUser()!;
      if (!message) return 'text must be 1 to 500 characters';
      const bits = count('bits');
      if (bits === null) return 'bits must be a whole number';
      return {
        id: chat.message(channel, {
          user: user!,
          text: message,
          bits,
          color: text('color', 7) ?? undefined,
          badges: text('badges', 200) ?? undefined,
        }),
      };
    }
    case 'notice': {
      const kinds = ['sub', 'resub', 'subgift', 'raid', 'announcement'] as const;
      const kind = kinds.find((k) => k === fields.kind);
      if (!kind) return `kind must be one of ${kinds.join(', ')}`;
      if (needsUser()) return needsUser()!;
      const months = count('months');
      const viewers = count('viewers');
      if (months === null || viewers === null) return 'months and viewers must be whole numbers';
      const recipient = text('recipient', 25);
      chat.notice(channel, {
        kind,
        user: user!,
        text: text('text') ?? undefined,
        months,
        viewers,
        recipient: recipient ?? undefined,
      });
      return {};
    }
    case 'clear':
      chat.clear(channel);
      return {};
    case 'clearUser': {
      if (needsUser()) return needsUser()!;
      const seconds = count('seconds');
      if (seconds === null) return 'seconds must be a whole number (none: a ban)';
      chat.clearUser(channel, user!, seconds);
      return {};
    }
    case 'delete': {
      if (needsUser()) return needsUser()!;
      const messageId = text('messageId', 100);
      if (!messageId) return 'messageId is required';
      chat.deleteMessage(channel, messageId, user!);
      return {};
    }
    default:
      return 'action must be message, notice, clear, clearUser or delete';
  }
}

export const PLATFORM_NAMES: Record<Platform, string> = { twitch: 'Twitch', youtube: 'YouTube' };
/** The name each platform gives its disclosure box. */
const FLAG_NAMES: Record<Platform, string> = { twitch: 'Branded content', youtube: 'Paid promotion' };
/** Stream titles are at most 140 characters on Twitch, 100 on YouTube. */
const TITLE_LENGTH: Record<Platform, number> = { twitch: 140, youtube: 100 };
export const MAX_VIEWERS = 10_000_000;

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const isPlatform = (value: string): value is Platform => value === 'twitch' || value === 'youtube';

/** Seconds as Twitch writes a VOD's duration and its `t` parameter: "1h2m3s", "2m3s", "3s". */
export function hms(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return h > 0 ? `${h}h${m}m${s}s` : m > 0 ? `${m}m${s}s` : `${s}s`;
}

/** A `t` parameter as both platforms take it ("1h2m3s", "3723s", "3723"); null when it is none of these. */
export function parseOffset(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d{1,7}$/.test(value)) return Number(value);
  const match = /^(?:(\d{1,4})h)?(?:(\d{1,5})m)?(?:(\d{1,7})s)?$/.exec(value);
  if (!match || (!match[1] && !match[2] && !match[3])) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

/** A title as both platforms take one: trimmed, one line, not empty, within the platform's length; or what is wrong. */
function checkTitle(platform: Platform, value: unknown): string | { title: string } {
  if (typeof value !== 'string') return 'title is text';
  const title = value.trim();
  if (!title) return 'A title cannot be empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(title)) return 'A title is one line of text';
  if ([...title].length > TITLE_LENGTH[platform])
    return `A ${PLATFORM_NAMES[platform]} title is at most ${TITLE_LENGTH[platform]} characters`;
  return { title };
}

/** An ISO 8601 date and time with its zone ("2026-11-21T09:00:00Z"), as ms since the epoch; null when it is not one. */
function parseInstant(value: unknown): number | null {
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
  )
    return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
}

/**
 * A posted change, checked field by field; a string is what is wrong with it. `schedule: { title, startsAt }`
 * (YouTube only; startsAt ISO 8601 with its zone) schedules a broadcast.
 */
export function parseChange(platform: Platform, body: unknown): ChannelChange | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'Send a JSON object with live, title, branded, viewers or schedule';
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => !['live', 'title', 'branded', 'viewers', 'schedule'].includes(key));
  if (unknown !== undefined)
    return `Unknown field "${unknown}": a channel has live, title, branded, viewers and schedule`;
  const change: ChannelChange = {};
  if (fields.live !== undefined) {
    if (typeof fields.live !== 'boolean') return 'live is true or false';
    change.live = fields.live;
  }
  if (fields.branded !== undefined) {
    if (typeof fields.branded !== 'boolean') return 'branded is true or false';
    change.branded = fields.branded;
  }
  if (fields.title !== undefined) {
    const title = checkTitle(platform, fields.title);
    if (typeof title === 'string') return title;
    change.title = title.title;
  }
  if (fields.schedule !== undefined) {
    if (platform !== 'youtube') return 'Only a YouTube broadcast is scheduled here: Twitch has no schedule field';
    const schedule = fields.schedule;
    if (typeof schedule !== 'object' || schedule === null || Array.isArray(schedule))
      return 'schedule is { title, startsAt }';
    const { title, startsAt, ...rest } = schedule as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) return `Unknown field "schedule.${extra}": a schedule has title and startsAt`;
    const checked = checkTitle(platform, title);
    if (typeof checked === 'string') return `schedule.title: ${checked}`;
    const at = parseInstant(startsAt);
    if (at === null) return 'schedule.startsAt is a date and time with its zone (ISO 8601: 2026-11-21T09:00:00Z)';
    change.schedule = { title: checked.title, startsAt: at };
  }
  if (fields.viewers !== undefined) {
    const viewers = fields.viewers;
    if (typeof viewers !== 'number' || !Number.isInteger(viewers) || viewers < 0 || viewers > MAX_VIEWERS)
      return `viewers is a whole number from 0 to ${MAX_VIEWERS.toLocaleString('en-US')}`;
    change.viewers = viewers;
  }
  return change;
}

/** The control form's fields as a change: its checkboxes are sent only when ticked. */
function formChange(platform: Platform, form: Record<string, unknown>): ChannelChange | string {
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
  const viewers = text('viewers').trim();
  if (!/^\d{1,9}$/.test(viewers)) return `Viewers is a whole number from 0 to ${MAX_VIEWERS.toLocaleString('en-US')}`;
  const change = parseChange(platform, {
    live: text('live') === 'on',
    branded: text('branded') === 'on',
    title: text('title'),
    viewers: Number(viewers),
  });
  return typeof change === 'string' ? change.charAt(0).toUpperCase() + change.slice(1) : change;
}

const STYLE = `*{box-sizing:border-box}body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#111;background:#fafafa}
main{max-width:60rem;margin:0 auto;padding:1rem}h1{font-size:1.6rem;margin:.5rem 0}h2{margin:1.5rem 0 .5rem;font-size:1.3rem}
ul.channels{list-style:none;padding:0;margin:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,26rem),1fr))}
section.channel{background:#fff;border:1px solid #bbb;border-radius:.5rem;padding:1rem}
h3{margin:0 0 .5rem;font-size:1.15rem;overflow-wrap:anywhere}.state{font-size:.9rem;font-weight:600;padding:.1rem .5rem;border-radius:1rem;margin-left:.5rem;white-space:nowrap}
.live{background:#b00020;color:#fff}.offline{background:#ddd;color:#111}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}.check{display:flex;gap:.5rem;align-items:center;margin:.75rem 0}.check label{margin:0}
input[type=text],input[type=number],input[type=datetime-local]{width:100%;padding:.5rem;font:inherit;border:1px solid #666;border-radius:.25rem}
input[type=checkbox]{width:1.5rem;height:1.5rem;margin:0}button{margin-top:1rem;padding:.6rem 1.2rem;font:inherit;border-radius:.25rem;border:1px solid #222;background:#222;color:#fff;cursor:pointer}
h4{margin:1rem 0 .25rem;font-size:1rem}ul.recordings{padding-left:1.2rem;margin:0}a{color:#0645ad;overflow-wrap:anywhere}
.hint{color:#444;font-size:.9rem;margin:.25rem 0}[role=status]{background:#e6f4ea;border:1px solid #1e7b34;padding:.5rem 1rem;border-radius:.25rem}
[role=alert]{background:#fdecea;border:1px solid #b00020;padding:.5rem 1rem;border-radius:.25rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const when = (iso: string) => `<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;

function recordingLine(platform: Platform, recording: RecordingView): string {
  const end = recording.endedAt ? Date.parse(recording.endedAt) : Date.now();
  const length = hms((end - Date.parse(recording.startedAt)) / 1000);
  return `<li><a href="${escape(recording.url)}">${escape(recording.title)}</a> <span class="hint">(${PLATFORM_NAMES[platform]} ${platform === 'twitch' ? 'VOD' : 'video'} ${escape(recording.id)}, from ${when(recording.startedAt)}, ${length}${recording.endedAt ? '' : ', still live'})</span></li>`;
}

function channelCard(view: ChannelView): string {
  const key = `${view.platform}-${view.channel}`;
  const name = PLATFORM_NAMES[view.platform];
  const recordings = view.recordings.length
    ? `<ul class="recordings">${view.recordings.map((recording) => recordingLine(view.platform, recording)).join('')}</ul>`
    : '<p class="hint">No recording yet: going live starts a stream and its recording.</p>';
  return `<li><section class="channel" id="${key}" aria-labelledby="${key}-name">
<h3 id="${key}-name">${escape(view.channel)}<span class="visually-hidden"> on ${name},</span> <span class="state ${view.live ? 'live' : 'offline'}">${view.live ? 'Live' : 'Offline'}</span></h3>
<p class="hint">Channel id ${escape(view.channelId)}${view.startedAt ? `; live since ${when(view.startedAt)}` : ''}</p>
<form method="post" action="channels/${view.platform}/${encodeURIComponent(view.channel)}">
<div class="check"><input type="checkbox" id="${key}-live" name="live" value="on"${view.live ? ' checked' : ''}><label for="${key}-live">Live</label></div>
<label for="${key}-title">Title</label><input type="text" id="${key}-title" name="title" value="${escape(view.title)}" required maxlength="${TITLE_LENGTH[view.platform]}">
<div class="check"><input type="checkbox" id="${key}-branded" name="branded" value="on"${view.branded ? ' checked' : ''}><label for="${key}-branded">${FLAG_NAMES[view.platform]}</label></div>
<label for="${key}-viewers">Viewers</label><input type="number" id="${key}-viewers" name="viewers" value="${view.viewers}" min="0" max="${MAX_VIEWERS}" step="1" required inputmode="numeric">
<button type="submit">Save<span class="visually-hidden"> ${escape(view.channel)} on ${name}</span></button>
</form>
${view.platform === 'youtube' ? scheduleSection(view, key) : ''}<h4 id="${key}-recordings">Recordings</h4>${recordings}
</section></li>`;
}

/** A YouTube channel's scheduled broadcast, and the form that schedules one (going live then starts it). */
function scheduleSection(view: ChannelView, key: string): string {
  const upcoming = view.upcoming
    ? `<p class="hint">Scheduled: <a href="${escape(view.upcoming.url)}">${escape(view.upcoming.title)}</a> (YouTube video ${escape(view.upcoming.id)}), to start ${when(view.upcoming.scheduledStartAt)}. Going live starts it.</p>`
    : '<p class="hint">No broadcast scheduled: going live starts a new one.</p>';
  return `<h4 id="${key}-schedule">Schedule a broadcast</h4>${upcoming}
<form method="post" action="channels/${view.platform}/${encodeURIComponent(view.channel)}/schedule" aria-labelledby="${key}-schedule">
<label for="${key}-schedule-title">Broadcast title</label><input type="text" id="${key}-schedule-title" name="title" value="${view.upcoming ? escape(view.upcoming.title) : ''}" required maxlength="${TITLE_LENGTH[view.platform]}">
<label for="${key}-schedule-start">Starts at (UTC)</label><input type="datetime-local" id="${key}-schedule-start" name="startsAt" value="${view.upcoming ? view.upcoming.scheduledStartAt.slice(0, 16) : ''}" required>
<button type="submit">${view.upcoming ? 'Reschedule' : 'Schedule'}<span class="visually-hidden"> a broadcast on ${escape(view.channel)}</span></button>
</form>`;
}

function controlPage(views: ChannelView[], notice: { saved?: string; error?: string }, stripe = false): string {
  const section = (platform: Platform) => {
    const mine = views.filter((view) => view.platform === platform);
    return `<h2 id="${platform}">${PLATFORM_NAMES[platform]}</h2>${
      mine.length
        ? `<ul class="channels" aria-labelledby="${platform}">${mine.map(channelCard).join('')}</ul>`
        : `<p>No ${PLATFORM_NAMES[platform]} channel yet: connect one in Castbridge (Connect Accounts) and it appears here.</p>`
    }`;
  };
  const status = notice.saved ? `<p role="status">Saved ${escape(notice.saved)}.</p>` : '';
  const alert = notice.error ? `<p role="alert">${escape(notice.error)}</p>` : '';
  return page(
    'Platform stand-ins: channels',
    `<h1>Platform stand-ins</h1>
<p>Twitch and YouTube as Castbridge sees them offline. Take a channel live or offline, set its title, its disclosure
flag and its viewers: Castbridge reads them as it would read the platforms. Each stream leaves a recording.</p>
${stripe ? '<p><a href="stripe/">Stripe stand-in</a>: card and bank payments, refunds, disputes and webhook events.</p>' : ''}
${status}${alert}${section('twitch')}${section('youtube')}`,
  );
}

/** The page a recording's link opens: the platform would play it from `t`; the stand-in says what it would play. */
export function recordingPage(platform: Platform, recording: Recording | undefined, t: string | undefined): string {
  const name = `${PLATFORM_NAMES[platform]} (local stand-in)`;
  if (!recording)
    return page(
      `${name}: recording not found`,
      `<h1>${name}</h1><p role="alert">This recording does not exist (or not on this stand-in).</p>`,
    );
  const end = recording.endedAt ?? Date.now();
  const seconds = Math.floor((end - recording.startedAt) / 1000);
  const offset = parseOffset(t);
  const at =
    offset === null
      ? ''
      : `, at ${hms(offset)}${offset > seconds ? ` (after its end${recording.endedAt ? '' : ' so far'})` : ''}`;
  return page(
    `${recording.title} — recording of ${recording.channel} on ${name}`,
    `<h1>${escape(recording.title)}</h1>
<p>Recording of ${escape(recording.channel)}${at}</p>
<dl><dt>Platform</dt><dd>${name}</dd><dt>Started</dt><dd>${when(new Date(recording.startedAt).toISOString())}</dd>
<dt>Duration</dt><dd>${hms(seconds)}${recording.endedAt ? '' : ' (still live)'}</dd>
<dt>${platform === 'twitch' ? 'VOD id' : 'Video id'}</dt><dd>${escape(recording.id)}</dd><dt>Stream id</dt><dd>${escape(recording.streamId)}</dd></dl>
<p class="hint">Offline there is no video: ${PLATFORM_NAMES[platform]} would play this recording here from the moment above.</p>`,
  );
}

/** The stand-in's root page, its JSON API, and the form the page posts. */
export function controlRoutes(deps: ControlDeps): Hono {
  const app = new Hono();
  const noStore = (c: Context) => c.header('Cache-Control', 'no-store');
  const notFound = (c: Context, platform: string, channel: string) =>
    c.json(
      {
        message: isPlatform(platform)
          ? `The ${PLATFORM_NAMES[platform]} stand-in knows no channel "${channel}": connect it first`
          : `No platform "${platform}": twitch or youtube`,
      },
      404,
    );

  // The page lives at the root with a trailing slash ("/standin/") so that its forms' relative actions stay under
  // the stand-in wherever it is mounted; Hono routes the mounted root without it, hence the middleware.
  const show = (c: Context, notice: { saved?: string; error?: string }, status: 200 | 400 | 404 = 200) => {
    noStore(c);
    return c.html(controlPage(deps.channels(deps.baseOf(c)), notice, deps.stripe), status);
  };
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' && c.req.path.endsWith('/') && c.req.path.split('/').filter(Boolean).length <= 1) {
      const saved = c.req.query('saved');
      return show(c, { saved: saved && saved.length <= 80 ? saved : undefined });
    }
    await next();
  });
  app.get('/', (c) => c.redirect(`${c.req.path}/`, 302));

  app.get('/api/channels', (c) => {
    noStore(c);
    return c.json({ channels: deps.channels(deps.baseOf(c)) });
  });
  app.get('/api/channels/:platform/:channel', (c) => {
    const { platform, channel } = c.req.param();
    noStore(c);
    const view = isPlatform(platform) ? deps.channel(platform, channel, deps.baseOf(c)) : undefined;
    return view ? c.json(view) : notFound(c, platform, channel);
  });
  app.post('/api/channels/:platform/:channel', async (c) => {
    const { platform, channel } = c.req.param();
    noStore(c);
    if (!isPlatform(platform) || !deps.channel(platform, channel, deps.baseOf(c)))
      return notFound(c, platform, channel);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ message: 'The body is not JSON: send { live?, title?, branded?, viewers?, schedule? }' }, 400);
    }
    const change = parseChange(platform, body);
    if (typeof change === 'string') return c.json({ message: change }, 400);
    deps.change(platform, channel, change);
    return c.json(deps.channel(platform, channel, deps.baseOf(c)));
  });

  // Chat in a Twitch channel, as its viewers and moderators would make it (to IRC and EventSub readers alike).
  app.post('/api/channels/twitch/:channel/chat', async (c) => {
    const channel = c.req.param('channel').toLowerCase();
    noStore(c);
    if (!deps.chat) return c.json({ message: 'Twitch chat is not stood in for here' }, 404);
    if (!LOGIN.test(channel))
      return c.json({ message: 'A channel is a Twitch login: 3 to 25 letters, digits or _' }, 400);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ message: 'The body is not JSON: send { action, ... }' }, 400);
    }
    const done = runChat(deps.chat, channel, body);
    if (typeof done === 'string') return c.json({ message: done }, 400);
    return c.json(done, 202);
  });

  // The page's schedule form (YouTube): the broadcast scheduled, then back to the page at the channel.
  app.post('/channels/:platform/:channel/schedule', async (c) => {
    const { platform, channel } = c.req.param();
    if (platform !== 'youtube' || !deps.channel(platform, channel, deps.baseOf(c)))
      return show(c, { error: `There is no such YouTube channel here: ${channel}` }, 404);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return show(c, { error: 'The form could not be read: try again' }, 400);
    }
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    // The page's field is a local date and time (datetime-local) the page says is UTC.
    const start = text('startsAt').trim();
    const startsAt = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(start) ? `${start}Z` : start;
    const change = parseChange(platform, { schedule: { title: text('title'), startsAt } });
    if (typeof change === 'string') {
      const problem = change.startsWith('schedule.startsAt')
        ? 'Starts at is a date and a time'
        : change.replace(/^schedule\.title: /, '');
      return show(c, { error: `${channel} on YouTube: ${problem}` }, 400);
    }
    deps.change(platform, channel, change);
    const root = c.req.path.slice(
      0,
      c.req.path.length - `/channels/${platform}/${c.req.param('channel')}/schedule`.length,
    );
    const saved = encodeURIComponent(`the broadcast scheduled on ${channel}`);
    return c.redirect(`${root}/?saved=${saved}#${platform}-${channel}`, 303);
  });

  // The page's form: saved, then back to the page (Post/Redirect/Get), at the channel.
  app.post('/channels/:platform/:channel', async (c) => {
    const { platform, channel } = c.req.param();
    if (!isPlatform(platform) || !deps.channel(platform, channel, deps.baseOf(c)))
      return show(c, { error: `There is no such channel here: ${platform} ${channel}` }, 404);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return show(c, { error: 'The form could not be read: try again' }, 400);
    }
    const change = formChange(platform, form);
    if (typeof change === 'string')
      return show(c, { error: `${channel} on ${PLATFORM_NAMES[platform]}: ${change}` }, 400);
    deps.change(platform, channel, change);
    const root = c.req.path.slice(0, c.req.path.length - `/channels/${platform}/${c.req.param('channel')}`.length);
    const saved = encodeURIComponent(`${channel} on ${PLATFORM_NAMES[platform]}`);
    return c.redirect(`${root}/?saved=${saved}#${platform}-${channel}`, 303);
  });
  return app;
}

/** The pages a recording's link opens, as the platforms serve them. */
export function recordingRoutes(recording: ControlDeps['recording']): Hono {
  const app = new Hono();
  const answer = (c: Context, platform: Platform, id: string | undefined) => {
    const found = id ? recording(platform, id) : undefined;
    return c.html(recordingPage(platform, found, c.req.query('t')), found ? 200 : 404);
  };
  app.get('/twitch/videos/:id', (c) => answer(c, 'twitch', c.req.param('id')));
  app.get('/youtube/watch', (c) => answer(c, 'youtube', c.req.query('v')));
  return app;
}

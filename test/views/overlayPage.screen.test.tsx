// The overlay page OBS loads as a browser source (docs/product.md §The overlay for OBS), replayed along overlayPage's
// recorded paths on the real page: overlay.html's body with src/overlay/main.ts started in it (the overlayPage machine
// with its own effects, painted by paint.ts; the page has no React). What the page talks to is what the test plays:
// the server's stream (an EventSource the test opens, feeds and fails), OBS (window.obsstudio and its source and
// streaming events) and the reports it POSTs (fetch, recorded); time is a fake clock.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type * as XState from 'xstate';
import type { AnyActorRef } from 'xstate';
import {
  disclosureSays,
  HEARTBEAT_SECONDS,
  SPONSORED,
  type HostState,
  type OverlayCreative,
  type OverlayState,
} from '@/contract/overlay';
import type { HostStatus, OverlayPageInput, overlayPageMachine } from '@/machines/overlay/overlayPage.machine';
import { LIVE_RECONNECT_MS } from '@/machines/timing';
import type { Gestures } from './harness';
import { walkScreens } from './screens';

// The page starts its actor itself (main.ts); each one is stopped after its test (its OBS listeners, its stream).
const started = vi.hoisted(() => [] as AnyActorRef[]);
vi.mock('xstate', async (importOriginal) => {
  const xstate = await importOriginal<typeof XState>();
  return {
    ...xstate,
    createActor: ((...args: Parameters<typeof xstate.createActor>) => {
      const actor = xstate.createActor(...args);
      started.push(actor);
      return actor;
    }) as typeof xstate.createActor,
  };
});

/** overlay.html's body, without its script (the test starts main.ts itself). */
const BODY = readFileSync(resolve(__dirname, '../../overlay.html'), 'utf8')
  .match(/<body>([\s\S]*)<\/body>/)![1]!
  .replace(/<script[\s\S]*?<\/script>/g, '');

const HEARTBEAT_MS = HEARTBEAT_SECONDS * 1000;
/** The wait before the stream is opened again after `failures` in a row. */
const reconnectDelay = (failures: number) => LIVE_RECONNECT_MS[Math.min(failures, LIVE_RECONNECT_MS.length) - 1]!;

/** An event no recorded path carries. */
const unhandled = (type: string) => () => {
  throw new Error(`${type} is handled nowhere in the flow: no recorded path carries it`);
};

/** The server's stream as the page opens it: the test sends its events. */
class TestEventSource {
  static opened: TestEventSource[] = [];
  readonly url: string;
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(url: string) {
    this.url = url;
    TestEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = '') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

interface Report {
  url: string;
  body: { token: string; host?: HostState; offerId?: string; seconds?: number };
  at: number;
}

/** Where the page runs, as the product says (contract/overlay.ts HOST_STATES): only `program` counts. */
const where = (host: HostStatus): HostState =>
  !host.obs
    ? 'browser'
    : !(host.visible && host.active)
      ? 'not_program'
      : host.streaming !== true
        ? 'not_streaming'
        : 'program';

afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
  TestEventSource.opened = [];
  delete window.obsstudio;
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

type Page = Awaited<ReturnType<typeof mountPage>>;

async function mountPage(input: unknown) {
  const { token, preview, host } = input as OverlayPageInput;
  vi.useFakeTimers();
  const start = Date.now();
  vi.stubGlobal('EventSource', TestEventSource);
  const reports: Report[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      reports.push({ url, body: JSON.parse(String(init.body)) as Report['body'], at: Date.now() });
      return { ok: true, status: 204 } as Response;
    }),
  );
  // OBS (without the permission to read its status: streaming unknown), or a browser tab.
  if (host.obs) {
    if (!host.visible || !host.active || host.streaming !== null)
      throw new Error(`The page starts in OBS shown and not knowing the stream, not as ${JSON.stringify(host)}`);
    window.obsstudio = { pluginVersion: '2.24.0' };
  }
  window.history.replaceState(null, '', `/overlay/${encodeURIComponent(token)}${preview ? '?preview=1' : ''}`);
  document.body.innerHTML = BODY;
  vi.resetModules();
  await import('@/src/overlay/main');

  /** What the page was told and how long it has been in what, for the checks and the waits. */
  const seen = {
    token,
    preview,
    start,
    host: { ...host } as HostStatus,
    state: null as OverlayState | null,
    index: 0,
    failures: 0,
    connects: 1,
    showingSince: null as number | null,
    countingSince: null as number | null,
    reconnectingSince: null as number | null,
    /** Seconds counted per offer since the last heartbeat, as the checks saw the page counting. */
    counted: 0,
  };
  const stream = () => TestEventSource.opened.at(-1)!;
  const shown = (): OverlayCreative | null =>
    seen.state?.enabled && seen.state.creatives.length > 0
      ? seen.state.creatives[seen.index % seen.state.creatives.length]!
      : null;
  const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);
  /** OBS tells the page of one change. */
  const obs = (name: string, detail?: Record<string, boolean>) =>
    window.dispatchEvent(new CustomEvent(name, { detail }));
  return {
    seen,
    reports,
    shown,
    presence: () => reports.filter((report) => report.url === '/api/overlay/presence'),
    beats: () => reports.filter((report) => report.url === '/api/overlay/heartbeat'),
    gestures: {
      'stream.open': () => stream().onopen?.(new Event('open')),
      'stream.state': ({ state }) => {
        // The creative on screen stays when it is still there; else the first.
        const offer = shown()?.offerId;
        const at = state.creatives.findIndex((creative) => creative.offerId === offer);
        Object.assign(seen, { state, index: at >= 0 ? at : 0, failures: 0 });
        stream().emit('state', JSON.stringify(state));
      },
      'stream.error': () => {
        seen.failures += 1;
        stream().onerror?.(new Event('error'));
      },
      'stream.revoked': () => {
        Object.assign(seen, { failures: seen.failures + 1, state: null, index: 0 });
        stream().emit('revoked');
      },
      'host.changed': ({ host: change }) => {
        for (const [key, value] of Object.entries(change)) {
          if (key === 'visible') obs('obsSourceVisibleChanged', { visible: value === true });
          else if (key === 'active') obs('obsSourceActiveChanged', { active: value === true });
          else if (key === 'streaming') obs(value ? 'obsStreamingStarted' : 'obsStreamingStopped');
          else throw new Error(`OBS does not tell a page that ${key} changed`);
        }
        seen.host = { ...seen.host, ...change };
      },
      // The wait before the stream is opened again: 1, 2, 5, 10, then every 30 s.
      // (The reconnecting check has let it pass already.)
      'xstate.after.reconnect': async () => {
        await wait(reconnectDelay(seen.failures) - (Date.now() - seen.reconnectingSince!));
      },
      // The creative's time on screen is up: the next one.
      'xstate.after.rotation': async () => {
        await wait(seen.state!.rotationSeconds * 1000 - (Date.now() - seen.showingSince!));
        seen.index += 1;
        seen.showingSince = Date.now();
      },
      // The stream and OBS's watch run for the page's whole life: neither ends.
      'xstate.done.actor.overlayStream': unhandled('xstate.done.actor.overlayStream'),
      'xstate.error.actor.overlayStream': unhandled('xstate.error.actor.overlayStream'),
      'xstate.done.actor.hostWatch': unhandled('xstate.done.actor.hostWatch'),
      'xstate.error.actor.hostWatch': unhandled('xstate.error.actor.hostWatch'),
      // One more second on Program.
      'xstate.after.second': async () => {
        await wait(1000 - ((Date.now() - seen.countingSince!) % 1000));
      },
      // The next report: the proof's every HEARTBEAT_SECONDS since the page started, the presence's since its last.
      'xstate.after.heartbeat': async ({ type }) => {
        const since = type.endsWith('.presence.reporting') ? presenceAt() : seen.start;
        await wait(HEARTBEAT_MS - ((Date.now() - since) % HEARTBEAT_MS));
      },
    } satisfies Gestures<typeof overlayPageMachine>,
  };

  function presenceAt(): number {
    return reports.filter((report) => report.url === '/api/overlay/presence').at(-1)!.at;
  }
}

// --- What each region of the page shows (or sends), checked in every state ---

const page = () => screen.getByRole('main', { name: 'Sponsor overlay' });

const connection = {
  /** The stream is open (the one the page opened last, for this token), nothing from it yet since it opened. */
  connecting: ({ seen }: Page) => {
    expect(TestEventSource.opened).toHaveLength(seen.connects);
    const stream = TestEventSource.opened.at(-1)!;
    expect(stream.url).toBe(`/api/overlay/stream?token=${seen.token}`);
    expect(stream.closed).toBe(false);
    expect(page()).toHaveAttribute('data-connection', 'offline');
    seen.reconnectingSince = null;
  },
  /** The stream is open and has brought the overlay's state. */
  live: ({ seen }: Page) => {
    expect(TestEventSource.opened).toHaveLength(seen.connects);
    expect(TestEventSource.opened.at(-1)!.closed).toBe(false);
    expect(page()).toHaveAttribute('data-connection', 'live');
    expect(page()).toHaveAttribute('data-enabled', String(seen.state!.enabled));
    seen.reconnectingSince = null;
  },
  /**
   * Every stream closed; the page opens the next when its wait is up (1, 2, 5, 10, then every 30 s), not before. The
   * check lets that wait pass: what tells waiting to reconnect from a page that gave up.
   */
  reconnecting: async ({ seen }: Page) => {
    expect(TestEventSource.opened).toHaveLength(seen.connects);
    expect(TestEventSource.opened.every((stream) => stream.closed)).toBe(true);
    expect(page()).toHaveAttribute('data-connection', 'offline');
    seen.reconnectingSince = Date.now();
    await vi.advanceTimersByTimeAsync(reconnectDelay(seen.failures) - 1);
    expect(TestEventSource.opened).toHaveLength(seen.connects);
    await vi.advanceTimersByTimeAsync(1);
    expect(TestEventSource.opened).toHaveLength(seen.connects + 1);
    seen.connects += 1;
  },
};

const display = {
  /** Nothing on stream. */
  hidden: ({ seen }: Page) => {
    expect(page()).toHaveAttribute('data-state', 'hidden');
    expect(within(page()).queryByRole('figure')).not.toBeInTheDocument();
    expect(within(page()).queryByRole('img')).not.toBeInTheDocument();
    seen.showingSince = null;
  },
  /** The creative on screen (the campaign's image, or its brand and title) with its disclosure, in its corner. */
  showing: ({ seen, shown }: Page) => {
    const creative = shown()!;
    expect(page()).toHaveAttribute('data-state', 'showing');
    const region = within(page()).getByRole('figure');
    expect(region).toHaveAttribute('data-position', seen.state!.position);
    expect(region).toHaveStyle({ width: `${seen.state!.size}vw` });
    if (creative.image)
      expect(within(region).getByRole('img', { name: `${creative.brand}: ${creative.title}` })).toHaveAttribute(
        'src',
        creative.image,
      );
    else {
      expect(within(region).queryByRole('img')).not.toBeInTheDocument();
      expect(region).toHaveTextContent(`${creative.brand}${creative.title}`);
    }
    // The campaign's label as written, after the overlay's own word in the creator's language when it does not say it.
    const word = SPONSORED[seen.state!.locale];
    expect(region.querySelector('figcaption')?.textContent).toBe(
      disclosureSays(creative.disclosure, word) ? creative.disclosure : `${word} · ${creative.disclosure}`,
    );
    seen.showingSince ??= Date.now();
  },
};

/**
 * The proof: seconds count only while a creative is on screen in OBS's Program output while it streams (never in the
 * preview); what was counted goes out every HEARTBEAT_SECONDS, one report per offer.
 */
const proof = {
  idle: (mounted: Page) => {
    const { seen, shown } = mounted;
    expect(seen.preview || shown() === null || where(seen.host) !== 'program').toBe(true);
    stopCounting(seen);
    heartbeats(mounted);
  },
  counting: (mounted: Page) => {
    const { seen, shown } = mounted;
    expect(seen.preview).toBe(false);
    expect(shown()).not.toBeNull();
    expect(where(seen.host)).toBe('program');
    seen.countingSince ??= Date.now();
    heartbeats(mounted);
  },
};

/** The seconds counted until now (whole seconds since counting started) join the tally; counting stops. */
function stopCounting(seen: Page['seen']) {
  if (seen.countingSince !== null) seen.counted += Math.floor((Date.now() - seen.countingSince) / 1000);
  seen.countingSince = null;
}

/**
 * The heartbeats sent so far: at each HEARTBEAT_SECONDS since the start, the seconds counted since the one before
 * (whole seconds on Program), for the offer on screen; none when nothing was counted.
 */
function heartbeats({ seen, shown, beats }: Page) {
  const lastDue = seen.start + Math.floor((Date.now() - seen.start) / HEARTBEAT_MS) * HEARTBEAT_MS;
  // A second ending on the heartbeat itself goes into the next report: the heartbeat's wait began before it.
  const ongoing =
    seen.countingSince !== null && lastDue > seen.countingSince
      ? Math.floor((lastDue - seen.countingSince - 1) / 1000)
      : 0;
  const counted = seen.counted + ongoing;
  const sent = beats();
  if (counted === 0) expect(sent).toEqual([]);
  else {
    expect(sent.map(({ body }) => body.seconds).reduce((sum, seconds) => sum! + seconds!, 0)).toBe(counted);
    for (const beat of sent) {
      expect(beat.body).toMatchObject({ token: seen.token, offerId: shown()!.offerId });
      expect((beat.at - seen.start) % HEARTBEAT_MS).toBe(0);
    }
  }
}

const presence = {
  /** The preview never says where it runs. */
  silent: ({ presence: reported, seen }: Page) => {
    expect(seen.preview).toBe(true);
    expect(reported()).toEqual([]);
  },
  /** Where the page runs, said at the start, at once on every change, and every HEARTBEAT_SECONDS. */
  reporting: ({ presence: reported, seen }: Page) => {
    const sent = reported();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.at(-1)!.body).toEqual({ token: seen.token, host: where(seen.host) });
    expect(sent[0]).toMatchObject({ at: seen.start });
    expect(Date.now() - sent.at(-1)!.at).toBeLessThan(HEARTBEAT_MS);
    // A report only when the host state changed, or HEARTBEAT_SECONDS after the one before.
    for (const [i, report] of sent.entries())
      if (i > 0 && report.body.host === sent[i - 1]!.body.host) expect(report.at - sent[i - 1]!.at).toBe(HEARTBEAT_MS);
  },
};

type Check = (mounted: Page) => void | Promise<void>;
/** A state of the page: one check per region (display, proof, presence, then connection, which may let time pass). */
const checks =
  (...regions: Check[]): Check =>
  async (mounted) => {
    for (const region of regions) await region(mounted);
  };

walkScreens('overlayPage', {
  mount: mountPage,
  states: {
    'connection.connected.connecting & display.hidden & proof.seeing.idle & reporting.waiting & presence.reporting':
      checks(display.hidden, proof.idle, presence.reporting, connection.connecting),
    'connection.connected.connecting & display.hidden & proof.seeing.idle & reporting.waiting & presence.silent':
      checks(display.hidden, proof.idle, presence.silent, connection.connecting),
    'connection.connected.connecting & display.showing & proof.seeing.counting & reporting.waiting & presence.reporting':
      checks(display.showing, proof.counting, presence.reporting, connection.connecting),
    'connection.connected.connecting & display.showing & proof.seeing.idle & reporting.waiting & presence.reporting':
      checks(display.showing, proof.idle, presence.reporting, connection.connecting),
    'connection.connected.connecting & display.showing & proof.seeing.idle & reporting.waiting & presence.silent':
      checks(display.showing, proof.idle, presence.silent, connection.connecting),
    'connection.connected.live & display.hidden & proof.seeing.idle & reporting.waiting & presence.reporting': checks(
      display.hidden,
      proof.idle,
      presence.reporting,
      connection.live,
    ),
    'connection.connected.live & display.hidden & proof.seeing.idle & reporting.waiting & presence.silent': checks(
      display.hidden,
      proof.idle,
      presence.silent,
      connection.live,
    ),
    'connection.connected.live & display.showing & proof.seeing.counting & reporting.waiting & presence.reporting':
      checks(display.showing, proof.counting, presence.reporting, connection.live),
    'connection.connected.live & display.showing & proof.seeing.idle & reporting.waiting & presence.reporting': checks(
      display.showing,
      proof.idle,
      presence.reporting,
      connection.live,
    ),
    'connection.connected.live & display.showing & proof.seeing.idle & reporting.waiting & presence.silent': checks(
      display.showing,
      proof.idle,
      presence.silent,
      connection.live,
    ),
    'connection.reconnecting & display.hidden & proof.seeing.idle & reporting.waiting & presence.reporting': checks(
      display.hidden,
      proof.idle,
      presence.reporting,
      connection.reconnecting,
    ),
    'connection.reconnecting & display.hidden & proof.seeing.idle & reporting.waiting & presence.silent': checks(
      display.hidden,
      proof.idle,
      presence.silent,
      connection.reconnecting,
    ),
    'connection.reconnecting & display.showing & proof.seeing.counting & reporting.waiting & presence.reporting':
      checks(display.showing, proof.counting, presence.reporting, connection.reconnecting),
    'connection.reconnecting & display.showing & proof.seeing.idle & reporting.waiting & presence.reporting': checks(
      display.showing,
      proof.idle,
      presence.reporting,
      connection.reconnecting,
    ),
    'connection.reconnecting & display.showing & proof.seeing.idle & reporting.waiting & presence.silent': checks(
      display.showing,
      proof.idle,
      presence.silent,
      connection.reconnecting,
    ),
  },
});

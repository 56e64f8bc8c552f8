// The overlay page OBS loads as a browser source (docs/product.md §The overlay for OBS), in four regions at once:
// - connection: the overlay's stream (GET /api/overlay/stream?token=…). Every connect brings the full state; a failed
//   or ended stream is closed and opened again after a growing wait (1, 2, 5, 10, then every 30 s), forever. A rotated
//   token's stream says `revoked`: the page forgets what it showed and keeps trying (it shows nothing meanwhile).
// - display: hidden while the overlay is off or has nothing to show; showing rotates the creatives, each for the
//   overlay's rotation interval.
// - proof: while a creative is on screen and the host is `program` (OBS shows the source on its Program output, and
//   reports streaming), every second counts for the offer shown, and every HEARTBEAT_SECONDS the counted seconds are
//   reported. Studio Mode's preview, a hidden source, OBS not streaming (or not saying) and a browser tab count nothing.
// - presence: where the page runs (contract/overlay.ts HOST_STATES) is reported every HEARTBEAT_SECONDS and at once
//   when it changes, so the OBS Extension screen can say why nothing counts. The dashboard's preview never reports.
import { assign, setup } from 'xstate';
import { HEARTBEAT_SECONDS, type HostState, type OverlayState } from '@/contract/overlay';
import { listener } from '../listener';
import { effect } from '../placeholders';
import { LIVE_RECONNECT_MS } from '../timing';

/** What the host says: OBS's source events and output status (obs-browser's window.obsstudio), or that it is no OBS. */
export interface HostStatus {
  /** The page runs in OBS (window.obsstudio is there); anywhere else it is a preview. */
  obs: boolean;
  /** obsSourceVisibleChanged: the source is shown (in Studio Mode's preview or on Program). */
  visible: boolean;
  /** obsSourceActiveChanged: the source is on Program output. */
  active: boolean;
  /** getStatus, obsStreamingStarted/Stopped; null while unknown (a browser tab, or OBS not letting the page read it). */
  streaming: boolean | null;
}

/** Where the page runs, as it reports it: only `program` counts. */
export const hostState = (host: HostStatus): HostState =>
  !host.obs
    ? 'browser'
    : !(host.visible && host.active)
      ? 'not_program'
      : host.streaming !== true
        ? 'not_streaming'
        : 'program';

export interface OverlayPageContext {
  token: string;
  preview: boolean;
  state: OverlayState | null;
  /** The creative on screen (an index into state.creatives). */
  index: number;
  failures: number;
  host: HostStatus;
  /** Seconds counted per offer since the last report. */
  tally: Record<string, number>;
}

export interface OverlayPageInput {
  token: string;
  /** The dashboard's preview: shows, never reports. */
  preview: boolean;
  host: HostStatus;
}

export type OverlayPageEvent =
  | { type: 'stream.open' }
  | { type: 'stream.state'; state: OverlayState }
  | { type: 'stream.revoked' }
  | { type: 'stream.error' }
  | { type: 'host.changed'; host: Partial<HostStatus> };

export interface Beat {
  offerId: string;
  seconds: number;
}

/** The wait before attempt n+1 after n failures in a row. */
export const overlayReconnectDelay = (failures: number): number =>
  LIVE_RECONNECT_MS[Math.min(Math.max(failures, 1), LIVE_RECONNECT_MS.length) - 1]!;

const shows = (context: OverlayPageContext): boolean =>
  Boolean(context.state?.enabled && context.state.creatives.length > 0);

/** The offer on screen, or null. */
export const currentOffer = (context: OverlayPageContext): string | null =>
  shows(context) ? (context.state!.creatives[context.index % context.state!.creatives.length]?.offerId ?? null) : null;

export const overlayPageMachine = setup({
  types: {
    context: {} as OverlayPageContext,
    events: {} as OverlayPageEvent,
    input: {} as OverlayPageInput,
  },
  actors: {
    /** The stream: sends back stream.open, stream.state, stream.revoked and stream.error; closed when stopped. */
    overlayStream: listener<{ token: string }>('overlayStream'),
    /** OBS's events and status, or the tab's visibility: sends back host.changed. */
    hostWatch: listener('hostWatch'),
  },
  actions: {
    /** POST /api/overlay/heartbeat for each offer counted. */
    sendBeats: effect<{ beats: Beat[] }>('sendBeats'),
    /** POST /api/overlay/presence with where the page runs. */
    sendPresence: effect<{ host: HostState }>('sendPresence'),
    takeState: assign(({ context, event }) => {
      if (event.type !== 'stream.state') return {};
      // Keep the creative on screen when it is still there; else start from the first.
      const shown = currentOffer(context);
      const at = event.state.creatives.findIndex((creative) => creative.offerId === shown);
      return { state: event.state, index: at >= 0 ? at : 0, failures: 0 };
    }),
    forget: assign({ state: null, index: 0 }),
    next: assign({
      index: ({ context }) =>
        context.state && context.state.creatives.length > 0 ? (context.index + 1) % context.state.creatives.length : 0,
    }),
    takeHost: assign({
      host: ({ context, event }) => (event.type === 'host.changed' ? { ...context.host, ...event.host } : context.host),
    }),
    count: assign({
      tally: ({ context }) => {
        const offerId = currentOffer(context);
        return offerId ? { ...context.tally, [offerId]: (context.tally[offerId] ?? 0) + 1 } : context.tally;
      },
    }),
    clearTally: assign({ tally: {} }),
  },
  guards: {
    shows: ({ context }) => shows(context),
    hides: ({ context }) => !shows(context),
    counts: ({ context }) => !context.preview && shows(context) && hostState(context.host) === 'program',
    stopsCounting: ({ context }) => context.preview || !shows(context) || hostState(context.host) !== 'program',
    isPreview: ({ context }) => context.preview,
    /** The change moves the page to another host state (a change within one is not worth a report). */
    hostStateChanges: ({ context, event }) =>
      event.type === 'host.changed' && hostState({ ...context.host, ...event.host }) !== hostState(context.host),
    hasTally: ({ context }) => Object.keys(context.tally).length > 0,
  },
  delays: {
    reconnect: ({ context }) => overlayReconnectDelay(context.failures),
    rotation: ({ context }) => (context.state?.rotationSeconds ?? 20) * 1000,
    second: 1000,
    heartbeat: HEARTBEAT_SECONDS * 1000,
  },
}).createMachine({
  id: 'overlayPage',
  context: ({ input }) => ({
    token: input.token,
    preview: input.preview,
    state: null,
    index: 0,
    failures: 0,
    host: input.host,
    tally: {},
  }),
  type: 'parallel',
  invoke: { id: 'hostWatch', src: 'hostWatch' },
  on: { 'host.changed': { actions: 'takeHost' } },
  states: {
    connection: {
      initial: 'connected',
      states: {
        connected: {
          invoke: { id: 'overlayStream', src: 'overlayStream', input: ({ context }) => ({ token: context.token }) },
          initial: 'connecting',
          on: {
            'stream.state': { target: '.live', actions: 'takeState' },
            'stream.error': 'reconnecting',
            // The token was rotated: show nothing and keep trying (only the new URL works now).
            'stream.revoked': { target: 'reconnecting', actions: 'forget' },
          },
          states: {
            connecting: {},
            live: {},
          },
        },
        reconnecting: {
          entry: assign({ failures: ({ context }) => context.failures + 1 }),
          after: { reconnect: 'connected' },
        },
      },
    },
    display: {
      initial: 'hidden',
      states: {
        hidden: {
          always: { guard: 'shows', target: 'showing' },
        },
        showing: {
          always: { guard: 'hides', target: 'hidden' },
          after: { rotation: { target: 'showing', reenter: true, actions: 'next' } },
        },
      },
    },
    proof: {
      type: 'parallel',
      states: {
        seeing: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'counts', target: 'counting' },
            },
            counting: {
              always: { guard: 'stopsCounting', target: 'idle' },
              after: { second: { target: 'counting', reenter: true, actions: 'count' } },
            },
          },
        },
        // Whatever was counted is reported every HEARTBEAT_SECONDS, counting or not (the last seconds before a pause).
        reporting: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                heartbeat: [
                  {
                    guard: 'hasTally',
                    target: 'waiting',
                    reenter: true,
                    actions: [
                      {
                        type: 'sendBeats',
                        params: ({ context }) => ({
                          beats: Object.entries(context.tally).map(([offerId, seconds]) => ({ offerId, seconds })),
                        }),
                      },
                      'clearTally',
                    ],
                  },
                  { target: 'waiting', reenter: true },
                ],
              },
            },
          },
        },
      },
    },
    presence: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'isPreview', target: 'silent' }, { target: 'reporting' }],
        },
        // The dashboard's preview is not where the overlay runs: it says nothing.
        silent: {},
        // Reported on entry; entered again every HEARTBEAT_SECONDS and as soon as the host state changes. This
        // transition takes the new host itself: where it applies, it preempts the root's host.changed.
        reporting: {
          entry: { type: 'sendPresence', params: ({ context }) => ({ host: hostState(context.host) }) },
          after: { heartbeat: { target: 'reporting', reenter: true } },
          on: {
            'host.changed': { guard: 'hostStateChanges', target: 'reporting', reenter: true, actions: 'takeHost' },
          },
        },
      },
    },
  },
});

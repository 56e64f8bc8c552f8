// The overlay page OBS loads as a browser source (docs/product.md §The overlay for OBS), in three regions at once:
// - connection: the overlay's stream (GET /api/overlay/stream?token=…). Every connect brings the full state; a failed
//   or ended stream is closed and opened again after a growing wait (1, 2, 5, 10, then every 30 s), forever. A rotated
//   token's stream says `revoked`: the page forgets what it showed and keeps trying (it shows nothing meanwhile).
// - display: hidden while the overlay is off or has nothing to show; showing rotates the creatives, each for the
//   overlay's rotation interval.
// - proof: while a creative is on screen and the host lets it be seen (in OBS: the source visible and active and, when
//   OBS tells, streaming; in a browser: the tab visible), every second counts for the offer shown, and every
//   HEARTBEAT_SECONDS the counted seconds are reported. The dashboard's preview never reports.
import { assign, setup } from 'xstate';
import { HEARTBEAT_SECONDS, type OverlayState } from '@/contract/overlay';
import { listener } from '../listener';
import { effect } from '../placeholders';
import { LIVE_RECONNECT_MS } from '../timing';

/** What the host says: OBS's source events and status, or the browser tab's visibility. */
export interface HostStatus {
  visible: boolean;
  active: boolean;
  /** null while unknown (a browser tab, or OBS without the permission to read its status). */
  streaming: boolean | null;
}

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
const seen = (host: HostStatus): boolean => host.visible && host.active && host.streaming !== false;

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
    counts: ({ context }) => !context.preview && shows(context) && seen(context.host),
    stopsCounting: ({ context }) => context.preview || !shows(context) || !seen(context.host),
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
  },
});

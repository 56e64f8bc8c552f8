// Whether the creator's overlay is being counted now, and why not (docs/product.md §Verified delivery): the OBS
// Extension screen's "Counting now" panel. While the screen is open (the actor runs), GET /api/overlay/status is read
// at once and then every STATUS_POLL_MS; a failed read keeps the last status on screen with why it failed, and the
// next read comes as usual. Closing the screen stops the actor, and with it the polling.
import { assign, setup } from 'xstate';
import type { OverlayStatus } from '@/contract/schemas/overlay';
import { errorText } from '../messages';
import { service } from '../placeholders';

/** How often the open screen asks again: the page reports every 15 s, the platform is polled about every minute. */
export const STATUS_POLL_MS = 5000;

export interface OverlayStatusContext {
  /** The last status read; kept through failed reads. */
  status: OverlayStatus | null;
  /** Why the last read failed; null once one succeeds. */
  error: string | null;
}

export const overlayStatusMachine = setup({
  types: { context: {} as OverlayStatusContext },
  actors: {
    /** GET /api/overlay/status → the status. */
    loadStatus: service<OverlayStatus>('loadStatus'),
  },
  delays: { poll: STATUS_POLL_MS },
}).createMachine({
  id: 'overlayStatus',
  context: { status: null, error: null },
  initial: 'polling',
  states: {
    polling: {
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            id: 'loadStatus',
            src: 'loadStatus',
            onDone: {
              target: 'waiting',
              actions: assign({ status: ({ event }) => event.output, error: null }),
            },
            onError: { target: 'waiting', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        waiting: { after: { poll: 'reading' } },
      },
    },
  },
});

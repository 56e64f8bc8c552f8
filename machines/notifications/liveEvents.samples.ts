// The liveEvents flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { liveEventsMachine } from './liveEvents.machine';
import { sampleNotification } from './samples';

export const samples = {
  inputs: [{ lastEventId: 2 }],
  events: {
    'xstate.done.actor.eventsTicket': [{ type: 'xstate.done.actor.eventsTicket', output: 'events-ticket' }],
    'live.message': [{ type: 'live.message', notification: sampleNotification(3) }],
    'live.signal': [{ type: 'live.signal', signal: { type: 'archive.updated', platform: 'twitch' } }],
  },
  // Failures in a row only change the wait (1, 2, 5, 10, 30 s), not what the connection can do next.
  abstract: (context) => ({
    lastEventId: context.lastEventId,
    ticket: context.ticket !== null,
    failing: context.failures > 0,
  }),
} satisfies Fixture<typeof liveEventsMachine>;

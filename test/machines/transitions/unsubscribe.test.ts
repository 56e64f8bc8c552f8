// The unsubscribe link's transitions, pinned by hand (docs/product.md §Newsletter and unsubscribe, /unsubscribe):
// with a token the page unsubscribes at once and shows the answer, or the server's refusal; without one it calls
// nothing. Either way the flow is then done. Each pin reads what the page reads (unsubscribe.select.ts) and the event
// names the flow receives from its call. Replayed on the page by test/views/unsubscribe.screen.test.tsx.
import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import { unsubscribeMachine } from '@/machines/public/unsubscribe.machine';
import {
  selectUnsubscribed,
  selectUnsubscribeMessage,
  selectUnsubscribeWorking,
} from '@/machines/public/unsubscribe.select';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const ANSWER = 'You are unsubscribed. You will not get our newsletter any more.';

function start(token: string | null) {
  const unsubscribe = controlled<{ message: string }, { token: string }>();
  const { received, inspect } = receivedEvents();
  const actor = createActor(unsubscribeMachine.provide({ actors: { unsubscribe: unsubscribe.logic } }), {
    input: { token },
    inspect,
  });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    unsubscribe,
    received,
    snapshot,
    page: () => ({
      working: selectUnsubscribeWorking(snapshot()),
      unsubscribed: selectUnsubscribed(snapshot()),
      message: selectUnsubscribeMessage(snapshot()),
    }),
  };
}

describe('unsubscribe transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(unsubscribeMachine);

  pin(
    { from: 'unsubscribe.checking', on: 'always', guard: 'hasToken', to: 'unsubscribe.working' },
    "the link's token is sent at once",
    () => {
      const flow = start('abc.def');
      expect(flow.snapshot().value).toBe('working');
      expect(flow.unsubscribe.inputs).toEqual([{ token: 'abc.def' }]);
      expect(flow.page()).toEqual({ working: true, unsubscribed: false, message: null });
    },
  );

  pin(
    { from: 'unsubscribe.checking', on: 'always', to: 'unsubscribe.failed' },
    'without a token nothing is called and the flow is done',
    () => {
      for (const token of [null, '']) {
        const flow = start(token);
        expect(flow.snapshot().value).toBe('failed');
        expect(flow.snapshot().status).toBe('done');
        expect(flow.unsubscribe.started).toBe(0);
        expect(flow.page()).toEqual({ working: false, unsubscribed: false, message: null });
      }
    },
  );

  pin(
    { from: 'unsubscribe.working', on: 'xstate.done.actor.unsubscribe', to: 'unsubscribe.done' },
    "the server's answer is shown and the flow is done",
    async () => {
      const flow = start('abc.def');
      await flow.unsubscribe.resolve({ message: ANSWER });
      expect(flow.received.at(-1)).toBe('xstate.done.actor.unsubscribe');
      expect(flow.snapshot().value).toBe('done');
      expect(flow.snapshot().status).toBe('done');
      expect(flow.page()).toEqual({ working: false, unsubscribed: true, message: ANSWER });
    },
  );

  pin(
    { from: 'unsubscribe.working', on: 'xstate.error.actor.unsubscribe', to: 'unsubscribe.failed' },
    "a refused link shows the server's message and the flow is done",
    async () => {
      const flow = start('abc.def');
      await flow.unsubscribe.reject(new Error('This unsubscribe link is not valid.'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.unsubscribe');
      expect(flow.snapshot().value).toBe('failed');
      expect(flow.snapshot().status).toBe('done');
      expect(flow.page()).toEqual({
        working: false,
        unsubscribed: false,
        message: 'This unsubscribe link is not valid.',
      });
      // Something thrown that is not an Error is shown as text.
      const odd = start('abc.def');
      await odd.unsubscribe.reject('Gone');
      expect(odd.page().message).toBe('Gone');
    },
  );

  pinsEveryTransition();
});

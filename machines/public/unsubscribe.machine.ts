// The newsletter's unsubscribe link (docs/product.md §Accounts, /unsubscribe?token=…): works without signing in; shows the answer.
import { assign, setup } from 'xstate';
import { service } from '../placeholders';

export const unsubscribeMachine = setup({
  types: {
    context: {} as { token: string; message: string | null },
    input: {} as { token: string | null },
  },
  actors: {
    unsubscribe: service<{ message: string }, { token: string }>('unsubscribe'),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
  },
}).createMachine({
  id: 'unsubscribe',
  context: ({ input }) => ({ token: input.token ?? '', message: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'working' }, { target: 'failed' }],
    },
    working: {
      tags: ['busy'],
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'done', actions: assign({ message: ({ event }) => event.output.message }) },
        onError: {
          target: 'failed',
          actions: assign({
            message: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
});

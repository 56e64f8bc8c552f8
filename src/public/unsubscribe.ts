// The unsubscribe page's implementation (docs/product.md §Accounts): POST /api/newsletter/unsubscribe with the link's token.
import { fromPromise } from 'xstate';
import { unsubscribeMachine } from '@/machines/public/unsubscribe.machine';
import { api } from '../accounts/session';

export type UnsubscribeLogic = typeof unsubscribeMachine;

export const unsubscribeLogic: UnsubscribeLogic = unsubscribeMachine.provide({
  actors: {
    unsubscribe: fromPromise<{ message: string }, { token: string }>(async ({ input }) =>
      (await api()).request('unsubscribe', { json: input }),
    ),
  },
});

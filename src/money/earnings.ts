// The Earnings screen's figures (docs/product.md §Money): GET /api/earnings and GET /api/payouts with the session's jwt, read again
// when the live hub brings news about money; its child, the withdraw flow, wired by ./withdraw.
import { useMemo } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { NotificationType } from '@/contract/marketplace';
import { earningsMachine, type EarningsData, type EarningsEvent } from '@/machines/money/earnings.machine';
import { subscribeLive } from '../notifications/liveHub';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { useWithdrawLogic, type WithdrawLogic } from './withdraw';

export type EarningsLogic = typeof earningsMachine;

type Jwt = () => string | null;

/** The notifications that change what Earnings shows: pending pay released or resolved moves to the balance. */
const MONEY_NEWS: readonly NotificationType[] = [
  'offer.completed',
  'payout.paid',
  'payout.failed',
  'earning.released',
  'earning.resolved',
];

export function earningsActors(jwt: Jwt) {
  return {
    loadEarnings: fromPromise<EarningsData, void>(async () => {
      const client = await api();
      const token = requireJwt(jwt());
      const [earnings, { payouts }] = await Promise.all([
        client.request('getEarnings', { jwt: token }),
        client.request('listPayouts', { jwt: token }),
      ]);
      return { earnings, payouts };
    }),
  };
}

export const earningsLiveFeed = fromCallback<EventObject, void>(({ sendBack }) =>
  subscribeLive((notification) => {
    if (MONEY_NEWS.includes(notification.type)) sendBack({ type: 'earnings.reload' } satisfies EarningsEvent);
  }),
);

/**
 * `logic` (tests) replaces the API actor; the live hub's feed is given either way, and so is the child withdraw flow
 * (`withdraw` replaces it whole, as in useWithdrawLogic).
 */
export function useEarningsLogic(logic?: EarningsLogic, withdraw?: WithdrawLogic): EarningsLogic {
  const app = useAppWiring();
  const withdrawLogic = useWithdrawLogic(withdraw);
  return useMemo(
    () =>
      (logic ?? earningsMachine.provide({ actors: earningsActors(app.jwt) })).provide({
        actors: { liveFeed: earningsLiveFeed, withdraw: withdrawLogic },
      }),
    [logic, app, withdrawLogic],
  );
}

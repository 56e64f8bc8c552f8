// The advertiser's funds card (docs/product.md §Money): GET /api/advertiser/balance with the session's jwt, read again when the live
// hub brings news about the advertiser's money; GET /api/advertiser/funding for how to add funds (docs/product.md §Advertiser onboarding).
import { useMemo } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { AdvertiserBalance, FundingDetails } from '@/contract';
import type { NotificationType } from '@/contract/marketplace';
import { advertiserFundsMachine, type AdvertiserFundsEvent } from '@/machines/money/advertiserFunds.machine';
import { subscribeLive } from '../notifications/liveHub';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { useFundsFlowsLogic, type FundsFlowsLogic } from './addFunds';

export type AdvertiserFundsLogic = typeof advertiserFundsMachine;

type Jwt = () => string | null;

/** The notifications that change an advertiser's funds. */
// A resolved review may return pay to the advertiser's balance.
const FUNDS_NEWS: readonly NotificationType[] = [
  'funds.deposited',
  'offer.completed',
  'campaign.completed',
  'earning.resolved',
  // The creator accepted the advertiser's counter-offer: the campaign's reservation moved.
  'offer.counter_accepted',
];

export function advertiserFundsActors(jwt: Jwt) {
  return {
    loadFunds: fromPromise<AdvertiserBalance, void>(async () =>
      (await api()).request('getAdvertiserBalance', { jwt: requireJwt(jwt()) }),
    ),
    loadTransfer: fromPromise<FundingDetails, void>(async () =>
      (await api()).request('getFundingDetails', { jwt: requireJwt(jwt()) }),
    ),
  };
}

export const fundsLiveFeed = fromCallback<EventObject, void>(({ sendBack }) =>
  subscribeLive((notification) => {
    // Any news about funds (card payments, refunds and disputes bring their own) reads them again.
    if (FUNDS_NEWS.includes(notification.type) || notification.type.startsWith('funds.'))
      sendBack({ type: 'funds.reload' } satisfies AdvertiserFundsEvent);
  }),
);

/**
 * `logic` (tests) replaces the API actors; the live hub's feed is given either way, and so are the card's child flows
 * (`flows` replaces each one given whole, as in useFundsFlowsLogic).
 */
export function useAdvertiserFundsLogic(logic?: AdvertiserFundsLogic, flows?: FundsFlowsLogic): AdvertiserFundsLogic {
  const app = useAppWiring();
  const children = useFundsFlowsLogic(flows);
  return useMemo(
    () =>
      (logic ?? advertiserFundsMachine.provide({ actors: advertiserFundsActors(app.jwt) })).provide({
        actors: { liveFeed: fundsLiveFeed, ...children },
      }),
    [logic, app, children],
  );
}

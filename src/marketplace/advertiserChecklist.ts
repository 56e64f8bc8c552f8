// The Campaigns screen's checklist (docs/product.md §Advertiser onboarding): GET /api/advertiser/checklist with the session's jwt,
// read again when the live hub brings news that moves a step (approval, rejection, a deposit).
import { useMemo } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { AdvertiserChecklist } from '@/contract';
import type { NotificationType } from '@/contract/marketplace';
import {
  advertiserChecklistMachine,
  type AdvertiserChecklistEvent,
} from '@/machines/marketplace/advertiserChecklist.machine';
import { subscribeLive } from '../notifications/liveHub';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type AdvertiserChecklistLogic = typeof advertiserChecklistMachine;

/** The notifications that move a step of the checklist. */
const CHECKLIST_NEWS: readonly NotificationType[] = ['advertiser.approved', 'advertiser.rejected', 'funds.deposited'];

export function advertiserChecklistActors(jwt: () => string | null) {
  return {
    loadChecklist: fromPromise<AdvertiserChecklist, void>(async () =>
      (await api()).request('getAdvertiserChecklist', { jwt: requireJwt(jwt()) }),
    ),
  };
}

export const checklistLiveFeed = fromCallback<EventObject, void>(({ sendBack }) =>
  subscribeLive((notification) => {
    if (CHECKLIST_NEWS.includes(notification.type))
      sendBack({ type: 'checklist.reload' } satisfies AdvertiserChecklistEvent);
  }),
);

export function useAdvertiserChecklistLogic(logic?: AdvertiserChecklistLogic): AdvertiserChecklistLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? advertiserChecklistMachine.provide({ actors: advertiserChecklistActors(app.jwt) })).provide({
        actors: { liveFeed: checklistLiveFeed },
      }),
    [logic, app],
  );
}

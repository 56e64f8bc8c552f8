// The OBS Extension screen's "Counting now" (docs/product.md §Verified delivery): GET /api/overlay/status with the
// session's jwt, for the overlayStatus machine (machines/overlay/), which decides when to ask.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { OverlayStatus } from '@/contract/schemas/overlay';
import { overlayStatusMachine } from '@/machines/overlay/overlayStatus.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type OverlayStatusLogic = typeof overlayStatusMachine;

/** `logic` (tests) replaces the API actor. */
export function useOverlayStatusLogic(logic?: OverlayStatusLogic): OverlayStatusLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      logic ??
      overlayStatusMachine.provide({
        actors: {
          loadStatus: fromPromise<OverlayStatus, void>(
            async () => (await (await api()).request('overlayStatus', { jwt: requireJwt(app.jwt()) })).status,
          ),
        },
      }),
    [logic, app],
  );
}

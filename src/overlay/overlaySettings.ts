// The OBS Extension screen's overlay (docs/product.md §The overlay for OBS): GET/PUT /api/overlay and POST /api/overlay/rotate with the session's
// jwt; Copy writes the browser source URL (this site's origin + the overlay's path) to the clipboard; Download Now
// saves the OBS scene collection.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { OverlaySettings, OverlayUpdate } from '@/contract';
import { overlaySettingsMachine } from '@/machines/overlay/overlaySettings.machine';
import { SCENE_COLLECTION_FILE, sceneCollection } from './obsSceneCollection';
import { saveBlob } from '../money/saveFile';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { copyText } from '@/src/common/clipboard';

export type OverlaySettingsLogic = typeof overlaySettingsMachine;

type Jwt = () => string | null;

/** The browser source URL: where this dashboard was loaded from, so it works the same behind any host name. */
export const overlayUrl = (path: string): string => new URL(path, window.location.origin).href;

export function overlaySettingsActors(jwt: Jwt) {
  return {
    loadOverlay: fromPromise<OverlaySettings, void>(
      async () => (await (await api()).request('getOverlay', { jwt: requireJwt(jwt()) })).overlay,
    ),
    saveOverlay: fromPromise<OverlaySettings, OverlayUpdate>(
      async ({ input }) =>
        (await (await api()).request('updateOverlay', { jwt: requireJwt(jwt()), json: input })).overlay,
    ),
    rotateToken: fromPromise<OverlaySettings, void>(
      async () => (await (await api()).request('rotateOverlayToken', { jwt: requireJwt(jwt()) })).overlay,
    ),
  };
}

function download(name: string, json: unknown): void {
  saveBlob(new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' }), name);
}

export const overlaySettingsActions = {
  copyUrl: (_args: unknown, { path }: { path: string }) => void copyText(overlayUrl(path)),
  downloadSceneCollection: (_args: unknown, { path }: { path: string }) =>
    download(SCENE_COLLECTION_FILE, sceneCollection(overlayUrl(path))),
};

/** `logic` (tests) replaces the API actors; the browser effects are given either way. */
export function useOverlaySettingsLogic(logic?: OverlaySettingsLogic): OverlaySettingsLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? overlaySettingsMachine.provide({ actors: overlaySettingsActors(app.jwt) })).provide({
        actions: overlaySettingsActions,
      }),
    [logic, app],
  );
}

// The Media kit screen's implementations (docs/product.md §Discovery and negotiation): GET and PUT /api/media-kit with the session's
// jwt; Copy writes the public page's address (this site's origin + /c/<handle>) to the clipboard.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { MediaKit, MediaKitUpdate } from '@/contract';
import { mediaKitPath } from '@/contract/mediaKit';
import { mediaKitMachine } from '@/machines/marketplace/mediaKit.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { copyText } from '@/src/common/clipboard';

export type MediaKitLogic = typeof mediaKitMachine;

type Jwt = () => string | null;

/** The public page's address where this dashboard was loaded from (the same page behind any host name). */
export const mediaKitUrl = (handle: string): string => new URL(mediaKitPath(handle), window.location.origin).href;

export function mediaKitActors(jwt: Jwt) {
  return {
    loadMediaKit: fromPromise<MediaKit, void>(
      async () => (await (await api()).request('getMediaKit', { jwt: requireJwt(jwt()) })).mediaKit,
    ),
    saveMediaKit: fromPromise<MediaKit, MediaKitUpdate>(
      async ({ input }) =>
        (await (await api()).request('updateMediaKit', { jwt: requireJwt(jwt()), json: input })).mediaKit,
    ),
  };
}

export const mediaKitActions = {
  copyUrl: (_args: unknown, { handle }: { handle: string }) => void copyText(mediaKitUrl(handle)),
};

/** `logic` (tests) replaces the API actors; the clipboard is given either way. */
export function useMediaKitLogic(logic?: MediaKitLogic): MediaKitLogic {
  const app = useAppWiring();
  return useMemo(
    () => (logic ?? mediaKitMachine.provide({ actors: mediaKitActors(app.jwt) })).provide({ actions: mediaKitActions }),
    [logic, app],
  );
}

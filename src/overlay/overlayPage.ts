// The overlay page's effects (/overlay/<token>, loaded by OBS as a browser source): the overlayPage machine
// (machines/overlay/) runs the stream, the rotation and the proof of display; this module gives it the EventSource of
// the overlay's state, OBS's events about the source and the stream, and the heartbeats. main.ts starts it and paints.
import { fromCallback, type EventObject } from 'xstate';
import type { OverlayState } from '@/contract/overlay';
import {
  overlayPageMachine,
  type Beat,
  type HostStatus,
  type OverlayPageEvent,
} from '@/machines/overlay/overlayPage.machine';
import { newIdempotencyKey } from '@/machines/ids';

/** What obs-browser exposes to a page it hosts (obsproject/obs-browser README). */
interface ObsStudio {
  pluginVersion?: string;
  getStatus?: (callback: (status: { streaming?: boolean } | null) => void) => void;
}

declare global {
  interface Window {
    obsstudio?: ObsStudio;
  }
}

export type OverlayPageLogic = ReturnType<typeof overlayPageLogic>;

/** Where the page runs, before OBS says more. */
export function initialHost(): HostStatus {
  // In OBS a page runs while its source exists; the events below say when it is hidden or inactive. Streaming is
  // unknown until OBS says (getStatus needs the "read user information" permission the scene collection asks for).
  if (window.obsstudio) return { visible: true, active: true, streaming: null };
  return { visible: document.visibilityState === 'visible', active: true, streaming: null };
}

const overlayStream = fromCallback<EventObject, { token: string }>(({ sendBack, input }) => {
  const source = new EventSource(`/api/overlay/stream?token=${encodeURIComponent(input.token)}`);
  const send = (event: OverlayPageEvent) => sendBack(event);
  source.onopen = () => send({ type: 'stream.open' });
  source.addEventListener('state', (event) => {
    try {
      send({ type: 'stream.state', state: JSON.parse((event as MessageEvent<string>).data) as OverlayState });
    } catch {
      // a broken event is skipped; the next one carries the whole state again
    }
  });
  source.addEventListener('revoked', () => {
    source.close();
    send({ type: 'stream.revoked' });
  });
  // EventSource would retry on its own, but not after an HTTP error; the machine decides when to retry.
  source.onerror = () => {
    source.close();
    send({ type: 'stream.error' });
  };
  return () => source.close();
});

const hostWatch = fromCallback<EventObject, void>(({ sendBack }) => {
  const changed = (host: Partial<HostStatus>) => sendBack({ type: 'host.changed', host } satisfies OverlayPageEvent);
  const obs = window.obsstudio;
  if (obs) {
    const detail = (event: Event) => (event as CustomEvent<Record<string, boolean>>).detail ?? {};
    const onVisible = (event: Event) => changed({ visible: detail(event).visible !== false });
    const onActive = (event: Event) => changed({ active: detail(event).active !== false });
    const onStarted = () => changed({ streaming: true });
    const onStopped = () => changed({ streaming: false });
    window.addEventListener('obsSourceVisibleChanged', onVisible);
    window.addEventListener('obsSourceActiveChanged', onActive);
    window.addEventListener('obsStreamingStarted', onStarted);
    window.addEventListener('obsStreamingStopped', onStopped);
    try {
      obs.getStatus?.((status) => {
        if (status && typeof status.streaming === 'boolean') changed({ streaming: status.streaming });
      });
    } catch {
      // without the permission, streaming stays unknown
    }
    return () => {
      window.removeEventListener('obsSourceVisibleChanged', onVisible);
      window.removeEventListener('obsSourceActiveChanged', onActive);
      window.removeEventListener('obsStreamingStarted', onStarted);
      window.removeEventListener('obsStreamingStopped', onStopped);
    };
  }
  const onVisibility = () => changed({ visible: document.visibilityState === 'visible' });
  document.addEventListener('visibilitychange', onVisibility);
  return () => document.removeEventListener('visibilitychange', onVisibility);
});

/** One POST per offer; a lost answer is retried once with the same id (the server counts it once). */
async function sendBeat(token: string, beat: Beat): Promise<void> {
  const body = JSON.stringify({
    token,
    offerId: beat.offerId,
    seconds: Math.min(60, beat.seconds),
    beatId: newIdempotencyKey(),
  });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await fetch('/api/overlay/heartbeat', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        keepalive: true,
      });
      return;
    } catch {
      // network down: one more try, then the seconds are lost (the server's budget keeps a minute for catching up)
    }
  }
}

/** The overlay page's machine with its effects, for the overlay of `token`. */
export function overlayPageLogic(token: string) {
  return overlayPageMachine.provide({
    actors: { overlayStream, hostWatch },
    actions: {
      sendBeats: (_args, { beats }) => {
        for (const beat of beats) void sendBeat(token, beat);
      },
    },
  });
}

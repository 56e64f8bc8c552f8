// The overlay page's effects (/overlay/<token>, loaded by OBS as a browser source): the overlayPage machine
// (machines/overlay/) runs the stream, the rotation, the proof of display and the page's presence; this module gives
// it the EventSource of the overlay's state, OBS's events about the source and the stream (obs-browser's README:
// obsSourceVisibleChanged, obsSourceActiveChanged, obsStreamingStarted/Stopped, getStatus), the heartbeats and the
// presence reports. main.ts starts it and paints.
import { fromCallback, type EventObject } from 'xstate';
import type { HostState, OverlayState } from '@/contract/overlay';
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
  /** Needs the source's page permission READ_OBS (level 1) or above; below it, OBS never calls back. */
  getStatus?: (
    callback: (
      status: {
        streaming?: boolean;
        recording?: boolean;
        recordingPaused?: boolean;
        replaybuffer?: boolean;
        virtualcam?: boolean;
      } | null,
    ) => void,
  ) => void;
}

declare global {
  interface Window {
    obsstudio?: ObsStudio;
  }
}

export type OverlayPageLogic = ReturnType<typeof overlayPageLogic>;

/** Where the page runs, before OBS says more. */
export function initialHost(): HostStatus {
  // OBS tells a page of its source's changes (obsSourceVisibleChanged, obsSourceActiveChanged), never of its state
  // when the page loads: the source is shown then (the scene collection shuts the page down while hidden), and outside
  // Studio Mode shown is on Program, so the page starts as visible and active until OBS says otherwise. Streaming is
  // unknown until getStatus answers, and unknown counts nothing.
  if (window.obsstudio) return { obs: true, visible: true, active: true, streaming: null };
  // A browser tab is a preview: it never counts, whatever it shows.
  return { obs: false, visible: false, active: false, streaming: null };
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
  // Outside OBS nothing changes what the page is: a preview.
  if (!obs) return () => {};
  const detail = (event: Event) => (event as CustomEvent<Record<string, unknown> | null>).detail ?? {};
  const onVisible = (event: Event) => changed({ visible: detail(event).visible === true });
  const onActive = (event: Event) => changed({ active: detail(event).active === true });
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
    // without the permission, streaming stays unknown (and nothing counts)
  }
  return () => {
    window.removeEventListener('obsSourceVisibleChanged', onVisible);
    window.removeEventListener('obsSourceActiveChanged', onActive);
    window.removeEventListener('obsStreamingStarted', onStarted);
    window.removeEventListener('obsStreamingStopped', onStopped);
  };
});

/** Where the page runs; a lost report is not retried (the next one comes within HEARTBEAT_SECONDS). */
function sendPresence(token: string, host: HostState): void {
  void fetch('/api/overlay/presence', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, host }),
    keepalive: true,
  }).catch(() => {});
}

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
      sendPresence: (_args, { host }) => sendPresence(token, host),
    },
  });
}

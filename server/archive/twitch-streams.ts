// Twitch stream sessions for the archive (docs/product.md §Chat archive): Twitch's chat says nothing of a broadcast starting or ending, so
// Helix `GET /helix/streams?user_id=` is asked once a minute with the channel's own OAuth token and the app's
// Client-Id: a live answer records or refreshes the stream (its id, title and started_at), an empty one ends it. A 429
// waits for `Ratelimit-Reset`; a refusal (the creator revoked Castbridge) is the channel's problem on the screen,
// while the chat itself goes on being archived anonymously. The caller's `fetch` is the governor's for the creator's user
// token (`user:<id>`, priority chat): a look the token's budget cannot serve soon (BudgetExhausted) is tried again at
// the budget's reset.
import { BudgetExhausted } from '../connections/governor.ts';
import type { ChatSource, ChatSourceHandlers } from './twitch-source.ts';

export const STREAM_POLL_MS = 60_000;

interface HelixStream {
  id?: string;
  type?: string;
  title?: string;
  started_at?: string;
}

export function twitchStreamWatcher(
  deps: {
    apiBase: () => string;
    clientId: string;
    broadcasterId: string;
    accessToken: () => Promise<string>;
    pollMs?: number;
    now?: () => number;
    fetch?: typeof fetch;
  },
  handlers: Pick<ChatSourceHandlers, 'streamLive' | 'streamOffline' | 'problem'>,
): ChatSource {
  const pollMs = deps.pollMs ?? STREAM_POLL_MS;
  const now = deps.now ?? Date.now;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let problem: string | null = null;
  const report = (message: string | null) => {
    if (message === problem) return;
    problem = message;
    handlers.problem?.(message);
  };

  /** One look at the channel; answers how long to wait before the next. */
  async function poll(): Promise<number> {
    let token: string;
    try {
      token = await deps.accessToken();
    } catch (error) {
      report(
        `Twitch does not tell Castbridge when you are live: ${(error as Error).message}. The chat is still archived.`,
      );
      return pollMs;
    }
    let response: Response;
    try {
      response = await (deps.fetch ?? fetch)(
        `${deps.apiBase()}/helix/streams?${new URLSearchParams({ user_id: deps.broadcasterId, type: 'live' })}`,
        {
          headers: { authorization: `Bearer ${token}`, 'client-id': deps.clientId, accept: 'application/json' },
          signal: AbortSignal.timeout(10_000),
        },
      );
    } catch (error) {
      // No budget before retryAt: nothing was asked; the next look then.
      if (error instanceof BudgetExhausted) return Math.max(1000, Math.min(error.retryAt - now(), 5 * pollMs));
      // Unreachable for now: nothing is known, nothing changes.
      return pollMs;
    }
    if (response.status === 429) {
      const reset = Number(response.headers.get('ratelimit-reset')) * 1000;
      return Number.isFinite(reset) && reset > now() ? Math.min(reset - now() + 500, 5 * pollMs) : pollMs;
    }
    const body = (await response.json().catch(() => ({}))) as { data?: HelixStream[]; message?: string };
    if (response.status === 401 || response.status === 403) {
      report(
        `Twitch refused to say when you are live (${body.message ?? response.status}): connect Twitch again. The chat is still archived.`,
      );
      return pollMs;
    }
    if (response.status !== 200) return pollMs;
    report(null);
    const live = (body.data ?? []).find((stream) => stream.type === 'live' && stream.id);
    if (live) {
      const startedAt = Date.parse(live.started_at ?? '');
      handlers.streamLive?.({
        streamId: live.id!,
        title: live.title ?? '',
        startedAt: Number.isFinite(startedAt) ? startedAt : now(),
      });
    } else {
      handlers.streamOffline?.();
    }
    return pollMs;
  }

  function next(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = poll().then(next, () => next(pollMs));
    }, delay);
    timer.unref();
  }

  return {
    async start() {
      running = poll().then(next, () => next(pollMs));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

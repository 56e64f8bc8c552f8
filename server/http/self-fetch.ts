// Calls from the server to a base on this very server — the local stand-ins of Twitch and Google mounted under
// /standin (`npm start` without provider settings) — are answered in process by the app itself: no socket, so they
// work before the server listens (the demo's first collection, ingesters started at boot) and whatever the port.
// Every other URL goes to the network as usual. The browser's URLs (the consent page) stay absolute (mail/links.ts).

export const SELF_ORIGIN = 'http://castbridge.internal';

export interface SelfFetch {
  /** A base on this server ("/standin/twitch") as a URL that `fetch` answers in process; others unchanged. */
  resolve(base: string): string;
  fetch: typeof fetch;
  /** The app that answers (set once it is built). */
  mount(app: { fetch(request: Request): Response | Promise<Response> }): void;
}

export function createSelfFetch(): SelfFetch {
  let app: { fetch(request: Request): Response | Promise<Response> } | null = null;
  return {
    resolve: (base) => (base.startsWith('/') ? `${SELF_ORIGIN}${base}` : base),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.startsWith(`${SELF_ORIGIN}/`)) return fetch(request);
      if (!app) throw new TypeError('fetch failed: the server is not built yet');
      return app.fetch(request);
    }) as typeof fetch,
    mount(target) {
      app = target;
    },
  };
}

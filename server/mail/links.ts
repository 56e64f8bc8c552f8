// Absolute links for e-mails: PUBLIC_URL when configured, otherwise the server's own URL, known once it listens.

export interface Links {
  /** `/reset-password?token=…` → `https://castbridge.example/reset-password?token=…`. */
  url(pathAndQuery: string): string;
  /** Called by server/main.ts with the listening address when PUBLIC_URL is not set. */
  setOrigin(origin: string): void;
}

export function createLinks(publicUrl: string | null): Links {
  let origin = publicUrl ?? 'http://127.0.0.1:3000';
  return {
    url: (pathAndQuery) => `${origin}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`,
    setOrigin(value) {
      if (!publicUrl) origin = value.replace(/\/+$/, '');
    },
  };
}

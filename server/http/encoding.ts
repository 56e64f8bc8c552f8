// Content negotiation of compressed answers (Accept-Encoding with q-values), shared by the static site and the
// cached JSON answers.
export type Encoding = 'br' | 'gzip';

/** The first of `offered` the client accepts (q > 0, `*` counts), or null for an identity answer. */
export function preferredEncoding(
  acceptEncoding: string,
  offered: readonly Encoding[] = ['br', 'gzip'],
): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  return offered.find((name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0) ?? null;
}

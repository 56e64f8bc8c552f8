// The Analytics screen is the dashboard's landing page (/dashboard): its figures are asked for as soon as the signed-in
// routes start — beside the session's GET /api/user and the screen's own code — instead of after both (issue 17; the
// dashboard's Largest Contentful Paint waits for them). The screen's first read takes the answer if it is for the
// same token and range and not older than a few seconds; otherwise it asks again.
import type { Analytics } from '@/contract';
import { DEFAULT_RANGE, type AnalyticsRange } from '@/contract/analytics';

const FRESH_MS = 10_000;
let early: { jwt: string; range: AnalyticsRange; at: number; answer: Promise<Analytics> } | null = null;

export function prefetchAnalytics(jwt: string | null): void {
  if (!jwt) return;
  const answer = import('@/src/api/client').then((client) => client.request('analytics', { jwt, query: { range: DEFAULT_RANGE } }));
  // A failure surfaces when (and if) the screen takes it.
  answer.catch(() => {});
  early = { jwt, range: DEFAULT_RANGE, at: Date.now(), answer };
}

/** The early answer for this token and range, once; null when there is none (or it is stale). */
export function takePrefetched(jwt: string, range: AnalyticsRange): Promise<Analytics> | null {
  const found = early;
  early = null;
  return found && found.jwt === jwt && found.range === range && Date.now() - found.at < FRESH_MS ? found.answer : null;
}

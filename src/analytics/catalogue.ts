// The Analytics screen's messages and its charts' (docs/architecture.md §Languages): English, the source, and Mexican
// Spanish. The cards' titles, sources and labels come from the server in the request's language
// (server/analytics/texts.ts).
import type { AnalyticsRange } from '@/contract/analytics';
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const analyticsMessages = defineCatalogue('analytics', en, { 'es-MX': () => import('./messages/es-MX.json') });
export type AnalyticsMessage = keyof typeof en;

/** Each range's words in the catalogue. */
export const RANGE_IDS = {
  '7d': 'range.7d',
  '30d': 'range.30d',
  '90d': 'range.90d',
  '12m': 'range.12m',
} as const satisfies Record<AnalyticsRange, AnalyticsMessage>;

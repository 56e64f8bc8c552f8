// A chart's own words (docs/architecture.md §Languages): its summary, its trend and its data table for screen
// readers. A catalogue apart from Analytics' (./catalogue.ts): the chart is also drawn by the shared campaign report
// `/reports/<token>`, a public page held to the public routes' budget, which carries no other word of Analytics.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/chart.en.json';

export const chartMessages = defineCatalogue('chart', en, {
  'es-MX': () => import('./messages/chart.es-MX.json'),
});

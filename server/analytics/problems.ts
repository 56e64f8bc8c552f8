// Analytics' refusals in every language (server/http/problems.ts; codes in contract/errors.ts): who may read them.
import { defineProblems } from '../http/problems.ts';

export const analyticsProblems = defineProblems('analytics', {
  creators_and_advertisers: {
    en: 'Analytics are for creators and advertisers',
    'es-MX': 'Las estadísticas son para creadores y anunciantes',
  },
});

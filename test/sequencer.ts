// The order test files start in. Vitest starts the files it has timed longest first and, on a machine where it has
// timed nothing (a fresh clone: CI), the largest files first. A few short files spend long waiting (a simulated
// day, a cluster's restarts, a crash and a recovery); on a fresh clone they started last and ran alone at the end of
// the run. They start first, longest first (measured 2026-11-30, `npm test` in a clean worktree); every other file
// keeps Vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONGEST = [
  'test/server/cluster.test.ts',
  'test/server/money-durability.test.ts',
  'test/server/verification-day.test.ts',
  'test/server/governor-day.test.ts',
  'test/server/archive-eventsub.test.ts',
  'test/server/marketplace.test.ts',
  'test/server/live-watch.test.ts',
  'test/server/live-push.test.ts',
  'test/server/analytics.test.ts',
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index < 0 ? LONGEST.length : index;
    };
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

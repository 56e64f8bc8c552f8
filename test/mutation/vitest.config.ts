// The tests `npm run mutate` runs against each mutant of machines/ (StrykerJS, test/mutation/stryker.config.json):
// the machines and views projects of vite.config.ts, without the checks that compare a committed copy of the machines
// with the machines themselves (docs/machines charts, the paths of record, the bundle's build). Those fail on any
// change at all; the score is meant to say whether the behavioural tests (hand-pinned transitions, view tests and
// the screen tests that replay the paths of record) notice a wrong transition, guard or action.
import { defineConfig, type ConfigEnv, type ViteUserConfig } from 'vitest/config';
import base from '../../vite.config';

/** Test files that hold a committed artefact to the machines (a snapshot of them), not their behaviour. */
const freshnessChecks = [
  'test/machines/charts.test.ts',
  'test/machines/paths.test.ts',
  'test/machines/bundle.test.ts',
  'test/machines/api-docs.test.ts',
  'test/machines/import-cycles.test.ts',
];

/** The test files `scripts/mutate.ts` chose for the flow under mutation (those that import its machine). */
const chosen = process.env.MUTATE_TESTS?.split(',').filter(Boolean);

interface Project {
  test?: { name?: string; include?: string[]; exclude?: string[] };
}

export default defineConfig((env) => {
  const root = (base as (env: ConfigEnv) => ViteUserConfig)(env);
  const projects = ((root.test?.projects ?? []) as Project[])
    .filter((project) => ['machines', 'views', 'views-isolated'].includes(project.test?.name ?? ''))
    .map((project) => {
      const folder = `test/${project.test!.name!.replace('-isolated', '')}/`;
      // A chosen file runs in the project that holds it (views-isolated lists its files by name).
      const holds = (file: string) =>
        (project.test?.include ?? []).some((entry) => entry.includes('*') || entry === file);
      const include = chosen ? chosen.filter((file) => file.startsWith(folder) && holds(file)) : project.test?.include;
      return {
        ...project,
        // Each file on a fresh module graph: the mutant under test is switched on between runs.
        test: {
          ...project.test,
          include,
          exclude: [...(project.test?.exclude ?? []), ...freshnessChecks],
          isolate: true,
        },
      };
    })
    .filter((project) => project.test.include?.length);
  return { ...root, test: { ...root.test, projects } } as ViteUserConfig;
});

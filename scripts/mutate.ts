// `npm run mutate [-- <flow id>…]`: StrykerJS mutation testing of machines/, one flow at a time (the whole folder in one
// run does not fit a 2-core machine). For each flow it mutates machines/<domain>/<id>.machine.ts and runs the tests that
// import that machine (hand-pinned transitions, view tests, its screen test), per test/mutation/stryker.config.json.
// Each flow's result is kept in reports/mutation/scores.json, so runs of a few flows add up; the table printed (and
// `--markdown` for docs/architecture.md) covers every flow measured so far. Not part of `npm test` or CI.
// `--tests=<file>,<file>` measures against those test files (and builds.test.ts) instead: for a flow whose whole set
// does not fit a run, its own tests give a lower bound, since a mutant one file kills the whole set kills too.
// `<id> --again --tests=<file>,…` tries the survivors of the flow's last run (its report in reports/mutation/) against
// those tests, one mutant at a time written into the machine file, which must be unchanged since that run: for tests
// added after a run, the survivors they kill count as killed without running the flow's whole set again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogue } from '../machines/index';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const reportDir = join(root, 'reports/mutation');
const scoresFile = join(reportDir, 'scores.json');

/** The flows issue 45 holds to 100 %: money and auth. */
export const MONEY_AND_AUTH = [
  'withdraw',
  'payoutMethods',
  'taxForm',
  'addFunds',
  'fundsRefund',
  'deliveryConfirm',
  'deliveryDispute',
  'reviewQueue',
  'login',
  'registration',
  'session',
  'changePassword',
  'deleteAccount',
];

interface FlowScore {
  machine: string;
  tests: string[];
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  errors: number;
  /** Survivors and uncovered mutants: where, what was changed, into what. */
  left: string[];
  measuredAt: string;
  /** Measured with `--tests`: a lower bound of the score against every test of the flow. */
  lowerBound?: boolean;
  /** `--again`: the survivors of the run tried against these tests later, and how many they killed. */
  again?: { tests: string[]; killed: number; at: string }[];
}

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file))
    .map((file) => join(dir, file));
}

function machineFile(id: string): string {
  const found = files('machines', new RegExp(`(^|/)${id}\\.machine\\.ts$`));
  if (found.length !== 1) throw new Error(`No single machine file for ${id}: ${found.join(', ')}`);
  return found[0]!;
}

/**
 * The behavioural tests of a flow: test files of the machines and views projects that import its machine module, and
 * test/machines/builds.test.ts, which fails a test where a mutant stops a machine from building (a test file that
 * fails to load counts as no test for Stryker's vitest runner).
 */
function testsOf(id: string): string[] {
  const imports = new RegExp(`/${id}\\.machine['"]`);
  const freshness = /^test\/machines\/(charts|paths|bundle|api-docs|import-cycles)\.test\.ts$/;
  const own = [...files('test/machines', /\.test\.ts$/), ...files('test/views', /\.test\.tsx$/)]
    .filter((file) => !freshness.test(file))
    .filter((file) => imports.test(readFileSync(join(root, file), 'utf8')));
  return [...new Set([...own, 'test/machines/builds.test.ts'])].sort();
}

interface Position {
  line: number;
  column: number;
}

interface StrykerReport {
  files: Record<
    string,
    {
      source: string;
      mutants: {
        status: string;
        mutatorName: string;
        replacement?: string;
        location: { start: Position; end: Position };
      }[];
    }
  >;
}

function measure(id: string, only: string[] | null): FlowScore {
  const machine = machineFile(id);
  const tests = only ? [...new Set([...only, 'test/machines/builds.test.ts'])].sort() : testsOf(id);
  const score: FlowScore = {
    machine,
    tests,
    killed: 0,
    survived: 0,
    noCoverage: 0,
    timeout: 0,
    errors: 0,
    left: [],
    measuredAt: new Date().toISOString(),
    ...(only ? { lowerBound: true } : {}),
  };
  if (tests.length <= 1) {
    console.warn(`${id}: no test imports ${machine}; every mutant counts as not covered`);
  }
  const report = join(reportDir, `${id}.json`);
  // The shared config with this flow's report file (Stryker's command line has no option for it).
  const config = JSON.parse(readFileSync(join(root, 'test/mutation/stryker.config.json'), 'utf8')) as object;
  const configFile = join(reportDir, `${id}.stryker.json`);
  writeFileSync(configFile, JSON.stringify({ ...config, jsonReporter: { fileName: relative(root, report) } }));
  const run = spawnSync('npx', ['stryker', 'run', relative(root, configFile), '--mutate', machine], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MUTATE_TESTS: tests.join(',') || 'none' },
  });
  if (run.status !== 0 || !existsSync(report)) throw new Error(`Stryker failed on ${id} (exit ${run.status})`);
  return count(score, JSON.parse(readFileSync(report, 'utf8')) as StrykerReport);
}

/** The score's counts and the mutants left, from a Stryker report. */
function count(score: FlowScore, json: StrykerReport): FlowScore {
  Object.assign(score, { killed: 0, survived: 0, noCoverage: 0, timeout: 0, errors: 0, left: [] });
  for (const mutant of Object.values(json.files).flatMap((file) => file.mutants)) {
    const where = `${score.machine}:${mutant.location.start.line}:${mutant.location.start.column} ${mutant.mutatorName}`;
    const into = mutant.replacement ? ` → ${mutant.replacement.replace(/\s+/g, ' ').slice(0, 80)}` : '';
    if (mutant.status === 'Killed') score.killed += 1;
    else if (mutant.status === 'Timeout') score.timeout += 1;
    else if (mutant.status === 'Survived') {
      score.survived += 1;
      score.left.push(`survived ${where}${into}`);
    } else if (mutant.status === 'NoCoverage') {
      score.noCoverage += 1;
      score.left.push(`not covered ${where}${into}`);
    } else if (mutant.status === 'RuntimeError' || mutant.status === 'CompileError') score.errors += 1;
  }
  return score;
}

/** A report position (line and column from 1) as an offset into the source. */
function offsetOf(source: string, { line, column }: Position): number {
  let offset = 0;
  for (let l = 1; l < line; l += 1) offset = source.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

/**
 * `--again`: each survivor (or uncovered mutant) of the flow's last run written into the machine file in turn, the
 * given tests run against it; a failing run kills it. The file is put back at the end, and when a run is stopped.
 */
function again(id: string, tests: string[], previous: FlowScore | undefined): FlowScore {
  const machine = machineFile(id);
  const reportFile = join(reportDir, `${id}.json`);
  if (!existsSync(reportFile) || !previous)
    throw new Error(`${id} has no run to try again: run npm run mutate -- ${id}`);
  const json = JSON.parse(readFileSync(reportFile, 'utf8')) as StrykerReport;
  const file = json.files[machine];
  const path = join(root, machine);
  const original = readFileSync(path, 'utf8');
  if (!file || file.source !== original) throw new Error(`${machine} changed since its run: measure ${id} again`);
  const left = file.mutants.filter((mutant) => mutant.status === 'Survived' || mutant.status === 'NoCoverage');
  const runTests = () => {
    const run = spawnSync('npx', ['vitest', 'run', '--config', 'test/mutation/vitest.config.ts', '--bail', '1'], {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, MUTATE_TESTS: tests.join(',') },
    });
    if (run.signal) throw new Error(`stopped (${run.signal})`);
    return run.status === 0;
  };
  // As Stryker's dry run: the tests must pass on the machine as it is, or every mutant would count as killed.
  if (!runTests()) throw new Error(`${tests.join(', ')} fail without a mutant`);
  let killed = 0;
  try {
    for (const [index, mutant] of left.entries()) {
      const start = offsetOf(original, mutant.location.start);
      const end = offsetOf(original, mutant.location.end);
      writeFileSync(path, original.slice(0, start) + (mutant.replacement ?? '') + original.slice(end));
      const verdict = runTests() ? mutant.status : 'Killed';
      if (verdict === 'Killed') {
        killed += 1;
        mutant.status = 'Killed';
      }
      const was = original.slice(start, end).replace(/\s+/g, ' ').slice(0, 50);
      console.log(
        `${index + 1}/${left.length} ${verdict.padEnd(10)} ${mutant.location.start.line}:${mutant.location.start.column} ${was} → ${(mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 50)}`,
      );
    }
  } finally {
    writeFileSync(path, original);
  }
  writeFileSync(reportFile, JSON.stringify(json));
  const score = count({ ...previous }, json);
  score.again = [...(previous.again ?? []), { tests, killed, at: new Date().toISOString() }];
  return score;
}

/** Killed (timeouts included) over the mutants that ran or went uncovered, as Stryker's own score counts them. */
function percent(score: Pick<FlowScore, 'killed' | 'survived' | 'noCoverage' | 'timeout'>): number {
  const valid = score.killed + score.timeout + score.survived + score.noCoverage;
  return valid ? (100 * (score.killed + score.timeout)) / valid : 100;
}

function table(scores: Record<string, FlowScore>): string {
  const ids = Object.keys(catalogue).filter((id) => scores[id]);
  const rows = ids.map((id) => {
    const s = scores[id]!;
    const goal = MONEY_AND_AUTH.includes(id) ? '100 %' : '90 %';
    return `| ${id} | ${s.killed + s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.lowerBound ? '≥ ' : ''}${percent(s).toFixed(1)} % | ${goal} |`;
  });
  const sum = (pick: (s: FlowScore) => number) => ids.reduce((n, id) => n + pick(scores[id]!), 0);
  const total = {
    killed: sum((s) => s.killed),
    timeout: sum((s) => s.timeout),
    survived: sum((s) => s.survived),
    noCoverage: sum((s) => s.noCoverage),
  };
  const all = Object.keys(catalogue).length;
  return [
    '| Flow | Killed | Survived | Not covered | Score | Goal |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    `| **${ids.length} of ${all} flows** | ${total.killed + total.timeout} | ${total.survived} | ${total.noCoverage} | **${percent(total).toFixed(1)} %** | 90 % |`,
  ].join('\n');
}

function main() {
  const args = process.argv.slice(2);
  const markdown = args.includes('--markdown');
  const wanted = args.filter((arg) => !arg.startsWith('--'));
  const testsArg = args.find((arg) => arg.startsWith('--tests='));
  const only = testsArg ? testsArg.slice('--tests='.length).split(',').filter(Boolean) : null;
  const missing = (only ?? []).filter((file) => !existsSync(join(root, file)));
  if (missing.length) throw new Error(`No such test files: ${missing.join(', ')}`);
  const unknown = wanted.filter((id) => !(id in catalogue));
  if (unknown.length) throw new Error(`Not catalogue ids: ${unknown.join(', ')}`);
  mkdirSync(reportDir, { recursive: true });
  const scores = existsSync(scoresFile)
    ? (JSON.parse(readFileSync(scoresFile, 'utf8')) as Record<string, FlowScore>)
    : {};
  const ids = markdown && !wanted.length ? [] : wanted.length ? wanted : Object.keys(catalogue);
  for (const id of ids) {
    if (args.includes('--again')) {
      if (!only || !wanted.length)
        throw new Error('--again needs flow ids and --tests=<file>,…: the tests to try their survivors against');
      scores[id] = again(id, [...new Set([...only, 'test/machines/builds.test.ts'])].sort(), scores[id]);
    } else scores[id] = measure(id, only);
    writeFileSync(scoresFile, `${JSON.stringify(scores, null, 2)}\n`);
    const s = scores[id];
    console.log(
      `\n${id}: ${s.lowerBound ? 'at least ' : ''}${percent(s).toFixed(1)} % (${s.killed + s.timeout} killed, ${s.survived} survived, ${s.noCoverage} not covered)`,
    );
    for (const line of s.left) console.log(`  ${line}`);
  }
  console.log(`\n${table(scores)}`);
}

main();

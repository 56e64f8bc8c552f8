// `npm run lint` fails on an import cycle (.dependency-cruiser.cjs), type-only imports included. The check is run
// exactly as the lint script runs it: on two files that import each other with `import type` (written under
// test/.output/, which git ignores) it must exit non-zero naming the no-circular rule. That the tree as it is passes
// is the lint's own run, in the same `npm test` (scripts/test.mjs).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** The depcruise command of package.json's lint script, as arguments: the folders it checks, then its options. */
function lintCheck(): { folders: string[]; options: string[] } {
  const lint =
    (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
      .lint ?? '';
  const command = lint
    .split('&&')
    .map((part) => part.trim())
    .find((part) => part.startsWith('depcruise '));
  if (!command) throw new Error(`package.json's lint script does not run depcruise: ${lint}`);
  const args = command.split(/\s+/).slice(1);
  const firstOption = args.findIndex((arg) => arg.startsWith('-'));
  return { folders: args.slice(0, firstOption), options: args.slice(firstOption) };
}

interface Run {
  code: number;
  output: string;
}

function depcruise(args: string[], cwd = root): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, output: `${stdout}${stderr}` });
    });
  });
}

describe('the import-cycle check of npm run lint', () => {
  const probe = join(root, 'test/.output/cycle-probe', String(process.pid));
  const check = lintCheck();
  let onProbe: Promise<Run> | undefined;

  beforeAll(() => {
    mkdirSync(probe, { recursive: true });
    writeFileSync(join(probe, 'a.ts'), "import type { B } from './b.ts';\n\nexport interface A {\n  b?: B;\n}\n");
    writeFileSync(join(probe, 'b.ts'), "import type { A } from './a.ts';\n\nexport interface B {\n  a?: A;\n}\n");
    onProbe = depcruise([relative(root, probe), ...check.options]);
  });

  afterAll(async () => {
    // Never leave the probe behind, even when an assertion failed before the runs ended.
    await onProbe?.catch(() => undefined);
    rmSync(probe, { recursive: true, force: true });
  });

  it('covers src/, machines/ and server/', () => {
    expect(check.folders).toEqual(expect.arrayContaining(['src', 'machines', 'server']));
    expect(check.options).toEqual(expect.arrayContaining(['--config', '.dependency-cruiser.cjs']));
  });

  it('fails on two modules that import each other, even with `import type` only', async () => {
    const run = await onProbe!;
    expect(run.code, run.output).not.toBe(0);
    expect(run.output).toContain('no-circular');
    expect(run.output).toMatch(/a\.ts[\s\S]*b\.ts/);
  }, 60_000);
});

// The product never loads the stand-ins, and the stand-ins import nothing of the product (docs/architecture.md
// "Stand-ins and the demo"): the same check, with the lint's own config, on a tree of its own under test/.output/ where
// server/ imports a stand-in and a stand-in imports server/. Never in the real server/ and standins/: the typecheck and
// the lint run beside these tests (scripts/test.mjs) and would meet the probes there.
describe('the stand-ins boundary of npm run lint', () => {
  const check = lintCheck();
  const tree = join(root, 'test/.output/boundary-probe', String(process.pid));
  const files = {
    'server/config.ts': 'export const loadConfig = () => ({});\n',
    'server/zz-lint-probe.ts':
      "import { STANDIN_CLIENT } from '../standins/oauth.ts';\n\nexport const x = STANDIN_CLIENT;\n",
    'standins/oauth.ts': "export const STANDIN_CLIENT = 'probe';\n",
    'standins/zz-lint-probe.ts': "import { loadConfig } from '../server/config.ts';\n\nexport const y = loadConfig;\n",
    'tsconfig.json': '{}\n',
  };
  let run: Promise<Run> | undefined;

  beforeAll(() => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, file)), { recursive: true });
      writeFileSync(join(tree, file), text);
    }
    copyFileSync(join(root, '.dependency-cruiser.cjs'), join(tree, '.dependency-cruiser.cjs'));
    run = depcruise(['server', 'standins', ...check.options], tree);
  });

  afterAll(async () => {
    await run?.catch(() => undefined);
    rmSync(tree, { recursive: true, force: true });
  });

  it('covers standins/ and demo/', () => {
    expect(check.folders).toEqual(expect.arrayContaining(['standins', 'demo']));
  });

  it('fails when server/ imports a stand-in, and when a stand-in imports server/', async () => {
    const result = await run!;
    expect(result.code, result.output).not.toBe(0);
    expect(result.output).toContain('server-loads-no-stand-in');
    expect(result.output).toContain('stand-ins-import-nothing-of-ours');
  }, 60_000);
});

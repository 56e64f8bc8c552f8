// Load test of a real server process on SQLite: GET /api/user at 50 connections, and login latency.
// Run with `tsx server/bench.ts`, or call benchServer() (npm run bench wires it in).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

export interface BenchResult {
  /** GET /api/user requests per second (mean over the run). */
  userRps: number;
  /** GET /api/user latency percentiles, in milliseconds. */
  userP50: number;
  userP99: number;
  /** POST /api/auth/jwt-login median latency in milliseconds (argon2id verification included). */
  loginP50: number;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Bench-Password-For-Castbridge-1';

async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  // `node --import tsx` rather than the tsx CLI: one process, the server itself, is the one being measured and stopped.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: '',
      SEED_DEMO: '0',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Castbridge is ready at (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
  });
  return { url, child };
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function benchServer(
  options: { userSeconds?: number; loginSeconds?: number; log?: (line: string) => void } = {},
): Promise<BenchResult> {
  const { userSeconds = 10, loginSeconds = 5, log = (line: string) => process.stdout.write(`${line}\n`) } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-'));
  const { url, child } = await startServer(dataDir);
  try {
    const email = `bench-${Date.now()}@example.com`;
    const { token } = await post(`${url}/api/auth/register`, { email, password: PASSWORD, type_account: 'Influencer' });
    const authorization = `Bearer ${token as string}`;

    // Warm-up so JIT and the statement cache are in place before measuring.
    await autocannon({ url: `${url}/api/user`, connections: 10, duration: 1, headers: { authorization } });
    const user = await autocannon({
      url: `${url}/api/user`,
      connections: 50,
      duration: userSeconds,
      headers: { authorization },
    });
    if (user.non2xx > 0 || user.errors > 0)
      throw new Error(`GET /api/user: ${user.non2xx} non-2xx answers, ${user.errors} errors`);

    // Successful logins record no failure, so the throttle does not interfere; 2 connections keep it "low concurrency".
    const login = await autocannon({
      url: `${url}/api/auth/jwt-login`,
      method: 'POST',
      connections: 2,
      duration: loginSeconds,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, firebaseResponse: null }),
    });
    if (login.non2xx > 0 || login.errors > 0)
      throw new Error(`POST /api/auth/jwt-login: ${login.non2xx} non-2xx answers, ${login.errors} errors`);

    const result: BenchResult = {
      userRps: Math.round(user.requests.average),
      userP50: round(user.latency.p50),
      userP99: round(user.latency.p99),
      loginP50: round(login.latency.p50),
    };
    log(
      `GET /api/user (50 connections, ${userSeconds} s): ${result.userRps} req/s, p50 ${result.userP50} ms, p99 ${result.userP99} ms`,
    );
    log(
      `POST /api/auth/jwt-login (2 connections, ${loginSeconds} s): p50 ${result.loginP50} ms, ${Math.round(login.requests.average)} req/s`,
    );
    return result;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  benchServer().then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}

// nginx in front of several instances (issue 47 item 5): renders deploy/nginx/castbridge.conf.template for a list of
// instances, a listen address and a prefix directory, and runs it unprivileged (`nginx -p <prefix> -c <conf> -g
// 'daemon off;'`, everything it writes inside the prefix). Used by `npm run start:cluster`, the cluster tests
// (test/server/nginx.ts) and `npm run bench -- rolling`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPLATE = fileURLToPath(new URL('../deploy/nginx/castbridge.conf.template', import.meta.url));

/** The app's default upload limit (server/config.ts DEFAULT_MAX_UPLOAD_BYTES) and its multipart allowance (server/uploads/routes.ts). */
const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const MULTIPART_OVERHEAD = 64 * 1024;

/** nginx's path: $NGINX, else Debian's /usr/sbin/nginx, else the first on PATH; null when there is none. */
export function findNginx() {
  const candidates = [
    process.env.NGINX,
    '/usr/sbin/nginx',
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => dir && path.join(dir, 'nginx')),
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The body size nginx lets through: the app's largest accepted body, an upload of `maxUploadBytes` in multipart. */
export function clientMaxBodySize(maxUploadBytes = Number(process.env.MAX_UPLOAD_BYTES) || DEFAULT_MAX_UPLOAD_BYTES) {
  return String(maxUploadBytes + MULTIPART_OVERHEAD);
}

/**
 * The configuration for `upstreams` (URLs or host:port), listening on `listen` (a port, or host:port), with its pid
 * file, logs and temporary files under `prefix`.
 */
export function renderNginxConfig({
  upstreams,
  listen,
  prefix,
  maxUploadBytes,
  workerProcesses = 'auto',
  maxFails = 1,
  // Longer than the instances' drain (SHUTDOWN_DRAIN_MS, 5 s): see X-Balancer-Checks in the template.
  failTimeout = '10s',
}) {
  if (upstreams.length === 0) throw new Error('nginx needs at least one upstream instance');
  const servers = upstreams
    .map((upstream) => upstream.replace(/^https?:\/\//, '').replace(/\/+$/, ''))
    .map((address) => `        server ${address} max_fails=${maxFails} fail_timeout=${failTimeout};`)
    .join('\n');
  const fields = {
    prefix: path.resolve(prefix),
    listen: String(listen),
    servers,
    client_max_body_size: clientMaxBodySize(maxUploadBytes),
    worker_processes: String(workerProcesses),
  };
  const text = fs.readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (whole, name) => {
    if (!(name in fields)) throw new Error(`${TEMPLATE}: unknown field ${whole}`);
    return fields[name];
  });
  return text;
}

function connects(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A port nothing listens on now. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Writes the configuration for `upstreams` on host:port into a prefix directory (a new temporary one unless `prefix`
 * is given) and answers the command that runs it in the foreground.
 */
export function prepareNginx({ upstreams, port, host = '127.0.0.1', prefix, maxUploadBytes, workerProcesses = 1 }) {
  const binary = findNginx();
  if (!binary) throw new Error('nginx is not installed (Debian: apt-get install nginx; or set NGINX to its path)');
  const dir = prefix ?? fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-nginx-'));
  for (const sub of ['logs', 'temp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  // Run by root, nginx's workers run as nobody: they must be able to reach the temporary files under the prefix.
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    renderNginxConfig({ upstreams, listen: `${host}:${port}`, prefix: dir, maxUploadBytes, workerProcesses }),
  );
  return { command: binary, args: ['-p', dir, '-c', conf, '-g', 'daemon off;'], prefix: dir };
}

/** Waits until host:port accepts connections, or `failed()` answers a reason (the process exited), or the time is up. */
export async function waitForListen(host, port, { timeoutMs = 15_000, failed = () => null } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed();
    if (reason) throw new Error(reason);
    if (await connects(host, port)) return;
    if (Date.now() > deadline) throw new Error(`nothing listened on ${host}:${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts nginx in front of `upstreams` on host:port (a free port when none is given) from a prefix directory (a new
 * temporary one, removed on stop, unless `prefix` is given). Resolves once nginx accepts connections; rejects with
 * what nginx said when it exits first (a configuration error, a port in use).
 */
export async function startNginx({
  upstreams,
  port,
  host = '127.0.0.1',
  prefix,
  maxUploadBytes,
  workerProcesses = 1,
  timeoutMs = 15_000,
  onOutput,
} = {}) {
  const listenPort = port ?? (await freePort(host));
  const prepared = prepareNginx({ upstreams, port: listenPort, host, prefix, maxUploadBytes, workerProcesses });
  const dir = prepared.prefix;
  const child = spawn(prepared.command, prepared.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk) => {
      said += chunk.toString();
      onOutput?.(chunk.toString());
    });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  let gone = null;
  void exited.then((code) => (gone = code));
  const errorLog = () => {
    const log = path.join(dir, 'logs', 'error.log');
    return fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
  };
  try {
    await waitForListen(host, listenPort, {
      timeoutMs,
      failed: () =>
        gone === null
          ? null
          : `nginx exited with ${gone} before it listened on ${host}:${listenPort}:\n${said}${errorLog()}`,
    });
  } catch (error) {
    child.kill('SIGKILL');
    if (!prefix) fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const accessLog = path.join(dir, 'logs', 'access.log');
  return {
    url: `http://${host}:${listenPort}`,
    port: listenPort,
    prefix: dir,
    child,
    /** The access log's entries so far (one JSON object a line). */
    accessLog() {
      if (!fs.existsSync(accessLog)) return [];
      return fs
        .readFileSync(accessLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    },
    /** What nginx wrote to its error log so far. */
    errorLog,
    /** Stops nginx (fast shutdown: open streams are cut) and removes a temporary prefix. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(timer);
      }
      if (!prefix) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

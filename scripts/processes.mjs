// Child-process helpers shared by `npm start` and `npm run dev`: run to completion, run alongside, stop all on exit.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const children = new Set();

/** Calls `onLine` with each line `stream` writes, the last one too when it ends without a newline. */
export function eachLine(stream, onLine) {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffer += chunk;
    let index;
    while ((index = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, index);
      buffer = buffer.slice(index + 1);
      onLine(line);
    }
  });
  stream.on('end', () => {
    if (buffer) onLine(buffer);
  });
}

/** Runs a command to completion; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`));
    });
    child.on('error', reject);
  });
}

/**
 * Starts a long-running process. Resolves with the child once `ready` matches a line of its stdout
 * (or at once without `ready`); its output is forwarded with an optional prefix. A process that exits before it is
 * ready rejects with the last lines it printed (kept even when `quiet`), so the reason is in the message.
 */
export function start(command, args, { ready, prefix = '', env, timeoutMs = 120_000, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let settled = false;
    const last = [];
    const timer = ready
      ? setTimeout(() => {
          if (!settled) {
            settled = true;
            reject(new Error(`${command} was not ready after ${timeoutMs} ms`));
          }
        }, timeoutMs)
      : null;
    const forward = (stream, target) =>
      eachLine(stream, (line) => {
        if (!quiet) target.write(`${prefix}${line}\n`);
        if (!settled && line.trim() && last.push(line) > 10) last.shift();
        const match = ready && !settled ? line.match(ready) : null;
        if (match) {
          settled = true;
          clearTimeout(timer);
          resolve({ child, match });
        }
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        const said = last.length > 0 ? `; its last lines:\n${last.map((line) => `${prefix}${line}`).join('\n')}` : '';
        reject(new Error(`${command} exited with ${code ?? signal} before it was ready${said}`));
      } else {
        // A service that stops on its own takes the whole product down with it.
        stopAll().then(() => process.exit(code ?? 1));
      }
    });
    if (!ready) {
      settled = true;
      resolve({ child, match: null });
    }
  });
}

/** Stops every child started here (SIGTERM, then SIGKILL after 5 s). */
export async function stopAll() {
  const waits = [...children].map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  children.clear();
  await Promise.all(waits);
}

export function stopOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stopAll().then(() => process.exit(0));
    });
  }
}

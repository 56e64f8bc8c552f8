// Types of scripts/nginx.mjs for the TypeScript that imports it (test/server/nginx.ts, bench/rolling.ts).
import type { ChildProcess } from 'node:child_process';

export const TEMPLATE: string;
export function findNginx(): string | null;
export function clientMaxBodySize(maxUploadBytes?: number): string;
export function renderNginxConfig(options: {
  upstreams: string[];
  listen: string | number;
  prefix: string;
  maxUploadBytes?: number;
  workerProcesses?: number | 'auto';
  maxFails?: number;
  failTimeout?: string;
}): string;
export function freePort(host?: string): Promise<number>;

/** One access-log line (deploy/nginx/castbridge.conf.template's `castbridge` format). */
export interface NginxAccess {
  time: string;
  request_id: string;
  client: string;
  method: string;
  uri: string;
  status: number;
  bytes: number;
  duration: number;
  /** Each instance tried, comma-separated: "a, b" was sent again to b after a failed. */
  upstream: string;
  upstream_status: string;
  user_agent: string;
}

export interface RunningNginx {
  url: string;
  port: number;
  prefix: string;
  child: ChildProcess;
  accessLog(): NginxAccess[];
  errorLog(): string;
  stop(): Promise<void>;
}

export function startNginx(options: {
  upstreams: string[];
  port?: number;
  host?: string;
  prefix?: string;
  maxUploadBytes?: number;
  workerProcesses?: number | 'auto';
  timeoutMs?: number;
  onOutput?: (text: string) => void;
}): Promise<RunningNginx>;

export function prepareNginx(options: {
  upstreams: string[];
  port: number;
  host?: string;
  prefix?: string;
  maxUploadBytes?: number;
  workerProcesses?: number | 'auto';
}): { command: string; args: string[]; prefix: string };
export function waitForListen(
  host: string,
  port: number,
  options?: { timeoutMs?: number; failed?: () => string | null },
): Promise<void>;

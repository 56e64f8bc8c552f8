// nginx in front of instances for the server tests (issue 47 item 5): deploy/nginx/castbridge.conf.template rendered
// for the given upstreams and run unprivileged from a temporary prefix (scripts/nginx.mjs). The tests that use it
// need Debian's nginx (`.ci/run` installs it): without it they fail saying so, they do not skip.
import { findNginx, startNginx, type RunningNginx } from '../../scripts/nginx.mjs';
import { freePort } from '../ports.ts';

export type { NginxAccess, RunningNginx } from '../../scripts/nginx.mjs';
export { freePort };

/** nginx on a free port in front of `upstreams` (URLs); `stop()` ends it and removes its prefix. */
export async function nginxFor(upstreams: string[]): Promise<RunningNginx> {
  if (!findNginx())
    throw new Error(
      "nginx is not installed: the cluster tests run through it. Install Debian's package (`apt-get install nginx`, as .ci/run does) or set NGINX to its path.",
    );
  return startNginx({ upstreams, workerProcesses: 1 });
}

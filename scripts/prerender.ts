// Prerenders the public routes into the client build (docs/spec.md §2 public routes): each becomes static HTML that the
// client hydrates, with its route chunk and CSS preloaded. The app shell, with a boot message, is kept as 200.html,
// the server's fallback for every other client route (signed-in screens, not-found).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { closure, readManifest, routeModules } from './bundle';

export const BOOT_MESSAGE = '<p class="cb-boot" role="status">Loading Castbridge…</p>';

export const prerenderedRoutes = ['/', '/contact-us', '/login', '/register', '/forgot-password'] as const;

export async function prerender(distDir: string): Promise<string[]> {
  // Inside node_modules so the server bundle resolves React and the rest from the project.
  mkdirSync(join('node_modules', '.cache'), { recursive: true });
  const ssrDir = mkdtempSync(join(resolve('node_modules', '.cache'), 'castbridge-ssr-'));
  try {
    const build = spawnSync(
      join('node_modules', '.bin', 'vite'),
      ['build', '--ssr', 'src/entry-server.tsx', '--outDir', ssrDir, '--emptyOutDir', '--logLevel', 'warn'],
      { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (build.status !== 0) throw new Error('the server-side build for prerendering failed');
    const { render } = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as {
      render: (url: string) => Promise<string>;
    };

    const shellPath = join(distDir, 'index.html');
    // A second run on the same build starts again from the shell kept in 200.html.
    const shell = existsSync(join(distDir, '200.html'))
      ? readFileSync(join(distDir, '200.html'), 'utf8').replace(
          `<div id="root">${BOOT_MESSAGE}</div>`,
          '<div id="root"></div>',
        )
      : readFileSync(shellPath, 'utf8');
    if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
    // Client routes (signed-in screens, not-found) first paint a boot message; the app replaces it.
    const bootShell = shell.replace('<div id="root"></div>', `<div id="root">${BOOT_MESSAGE}</div>`);
    writeFileSync(join(distDir, '200.html'), bootShell);
    const manifest = readManifest(distDir);
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const entryFiles = new Set([...closure(manifest, [entry])].map((key) => manifest[key]!.file));

    const preloadsFor = (route: string) => {
      const keys = [...closure(manifest, routeModules[route] ?? [])];
      const scripts = keys
        .map((key) => manifest[key]!.file)
        .filter((file) => !entryFiles.has(file) && !shell.includes(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      const styles = [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))]
        .filter((file) => !shell.includes(file))
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
      return [...scripts, ...styles].join('');
    };

    // Signed-in routes are not given their own shell with their chunks preloaded: measured with Lighthouse
    // (mobile), the preloads compete with the entry for the slow link and delay the first paint.
    const written: string[] = [];
    for (const route of prerenderedRoutes) {
      let html = await render(route);
      // React emits the page's <title> first; it belongs in the head.
      const title = /^<title>([\s\S]*?)<\/title>/.exec(html);
      if (title) html = html.slice(title[0].length);
      let page = shell
        .replace('<div id="root"></div>', `<div id="root" data-prerendered="${route}">${html}</div>`)
        .replace('</head>', `${preloadsFor(route)}</head>`);
      if (title) page = page.replace(/<title>[\s\S]*?<\/title>/, `<title>${title[1]}</title>`);
      const target = route === '/' ? shellPath : join(distDir, route.slice(1), 'index.html');
      mkdirSync(resolve(target, '..'), { recursive: true });
      writeFileSync(target, page);
      written.push(target);
    }
    return written;
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const distDir = resolve(process.argv[2] ?? 'dist');
  prerender(distDir).then(
    (files) => console.log(`prerendered ${files.length} public routes into ${distDir}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// `npm run serve` and `npm run migrate`: run the compiled server (dist-server/<entry>.js, made by `npm run build`) with
// plain node, source maps on for stack traces. Refuses with a clear message when it has not been built; it never
// falls back to the TypeScript sources (tsx is for development: npm run dev, npm start).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [entry, ...args] = process.argv.slice(2);
const dir = path.resolve(root, process.env.SERVER_BUILD_DIR || 'dist-server');
const file = path.join(dir, `${entry}.js`);
if (!entry || !/^[a-z]+$/.test(entry) || !fs.existsSync(file)) {
  process.stderr.write(
    `${path.relative(root, file) || file} is missing: the compiled server has not been built. ` +
      'Run `npm run build` first (it compiles the client and the server), or `npm run dev` / `npm start` to run from the sources.\n',
  );
  process.exit(1);
}
process.setSourceMapsEnabled(true);
// The entry sees itself as the script run (the CLIs check process.argv[1]), as under `node dist-server/<entry>.js`.
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);

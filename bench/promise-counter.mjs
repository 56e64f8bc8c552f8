// Loaded into a server process by the observability bench (NODE_OPTIONS=--import): counts every promise the process
// makes, requests' and background work's alike (the request context's hooks run on all of them), and writes the
// count so far to PROMISE_COUNT_FILE when the process gets SIGUSR2. Never loaded by the product.
import fs from 'node:fs';
import { promiseHooks } from 'node:v8';

let promises = 0;
promiseHooks.onInit(() => {
  promises += 1;
});
const file = process.env.PROMISE_COUNT_FILE;
if (!file) throw new Error('bench/promise-counter.mjs needs PROMISE_COUNT_FILE');
process.on('SIGUSR2', () => fs.writeFileSync(file, `${promises}\n`));

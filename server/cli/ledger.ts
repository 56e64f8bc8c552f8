// `npm run ledger -- check`: verifies every invariant of the ledger (docs/product.md §Money) — each transfer a double entry summing
// to zero, each cached balance equal to its entries' sum and its version to their number, no account that must stay
// positive below zero, each creator's pending balance equal to their earnings still in review, each advertiser's
// refunding and disputed balances equal to their open refunds and card disputes, the processing fees equal to the
// succeeded card deposits' fees, each card deposit's refunded amount equal to its succeeded refunds — and exits 1 on
// any breach. Reads the same DATA_DIR / DATABASE_URL as the server.
import { loadConfig } from '../config.ts';
import { migrate, openDatabase } from '../db/connect.ts';
import { checkLedger } from '../money/ledger.ts';

const USAGE = 'Usage: npm run ledger -- check';

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0] !== 'check') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig(process.env);
  const handle = openDatabase(config);
  try {
    await migrate(handle, config.databaseSchema);
    const report = await checkLedger(handle.db);
    const counts = `${report.accounts} accounts, ${report.transfers} transfers, ${report.entries} entries`;
    if (report.breaches.length === 0) {
      process.stdout.write(`Ledger clean (${handle.description}): ${counts}.\n`);
      return 0;
    }
    process.stdout.write(
      `Ledger BROKEN (${handle.description}): ${counts}, ${report.breaches.length} breaches:\n${report.breaches.map((line) => `  ${line}\n`).join('')}`,
    );
    return 1;
  } finally {
    await handle.db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

// `npm run admin -- <command>`: operator accounts are created here, never by sign-up (docs/product.md §Marketplace).
//   create-operator <email>   creates an operator and prints a one-time password (shown once, change it in Settings)
//   1099 --year YYYY --out FILE   writes the year's 1099-NEC data (US creators paid ≥ $600) as CSV with the full TINs,
//                                 for filing (mode 0600; the API's export masks them); prints how many rows, never a TIN
// Uses the same configuration as the server (DATA_DIR, DATABASE_URL, …) and migrates the database first.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createApp } from '../app.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { loadConfig } from '../config.ts';
import { email as emailSchema } from '../../contract/schemas/common.ts';
import { isUniqueViolation } from '../accounts/users.ts';
import { form1099Csv } from '../money/tax-forms.ts';

const USAGE = 'Usage: npm run admin -- create-operator <email>\n       npm run admin -- 1099 --year YYYY --out FILE';

const quiet = {
  info() {},
  warn() {},
  error: (message: string, fields?: object) => process.stderr.write(`${message} ${JSON.stringify(fields ?? {})}\n`),
};

/** `1099 --year YYYY --out FILE`: the filing file, full TINs, written only to FILE (created 0600, never overwritten). */
async function export1099(args: string[]): Promise<number> {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const year = Number(option('--year'));
  const out = option('--out');
  if (!Number.isInteger(year) || year < 2000 || year > 2100 || !out || args.length !== 4) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const castbridge = await createApp(loadConfig(process.env), { logger: quiet });
  try {
    const rows = await castbridge.services.taxForms.form1099(year, { fullTin: true });
    try {
      fs.writeFileSync(out, form1099Csv(year, rows), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        process.stderr.write(`${out} already exists; choose a new file (it holds full TINs).\n`);
        return 1;
      }
      throw error;
    }
    const total = rows.reduce((sum, row) => sum + row.paidCents, 0);
    process.stdout.write(
      `1099-NEC ${year}: ${rows.length} recipient${rows.length === 1 ? '' : 's'}, $${(total / 100).toFixed(2)} in all, written to ${out} (full TINs: keep it safe).\n`,
    );
    return 0;
  } finally {
    await castbridge.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '1099') return export1099(rest);
  if (command !== 'create-operator' || rest.length !== 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const parsed = emailSchema.safeParse(rest[0]);
  if (!parsed.success) {
    process.stderr.write(`Not an e-mail address: ${rest[0]}\n${USAGE}\n`);
    return 2;
  }
  const email = parsed.data;
  const castbridge = await createApp(loadConfig(process.env), { logger: quiet });
  try {
    const password = `${crypto.randomBytes(12).toString('base64url')}-Op1`;
    try {
      await castbridge.services.users.create({
        email,
        passwordHash: await hashPassword(password),
        typeAccount: 'Influencer',
        role: 'operator',
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        process.stderr.write(`An account with the e-mail ${email} already exists; operators are new accounts.\n`);
        return 1;
      }
      throw error;
    }
    process.stdout.write(
      `Operator ${email} created.\nOne-time password: ${password}\nSign in at /login, open /admin, and change the password in Settings.\n`,
    );
    return 0;
  } finally {
    await castbridge.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

// `npm run admin -- <command>`: operator accounts are created here, never by sign-up (docs/product.md §Marketplace).
//   create-operator <email>   creates an operator and prints a one-time password (shown once, change it in Settings)
// Uses the same configuration as the server (DATA_DIR, DATABASE_URL, …) and migrates the database first.
import crypto from 'node:crypto';
import { createApp } from '../app.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { loadConfig } from '../config.ts';
import { email as emailSchema } from '../../contract/schemas/common.ts';
import { isUniqueViolation } from '../accounts/users.ts';

const USAGE = 'Usage: npm run admin -- create-operator <email>';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
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
  const quiet = {
    info() {},
    warn() {},
    error: (message: string, fields?: object) => process.stderr.write(`${message} ${JSON.stringify(fields ?? {})}\n`),
  };
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

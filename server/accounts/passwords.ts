// Password hashing (argon2id, OWASP parameters) and the password policy the client validates against.
import fs from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import type { Problem } from '../http/problems.ts';
import { accountProblems } from './problems.ts';

/** OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1. The library's default algorithm is argon2id. */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * A real hash with the same parameters, of a random string nobody knows. Verifying against it when the
 * account does not exist (or has no password) makes a failed login cost the same either way.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$v9pKAHqfoctDsDZs2AvaOg$WfuM8uPj7eN/zPbLEZsyN24fEMfgRDvpLWm9wWwPnMg';

/** The shape of Firebase Auth's password policy, which the client already understands. */
export const PASSWORD_POLICY = {
  minLength: 8,
  maxLength: 128,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
} as const;

/**
 * The first 2,153 entries of the "10 million password list" top 10,000 (Mark Burnett's data set, as
 * published in SecLists), one a line. Compared case-insensitively.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  fs
    .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

export function commonPasswordCount(): number {
  return COMMON_PASSWORDS.size;
}

/** Says what is wrong with a new password, or null when it is acceptable. */
export function passwordProblem(password: string): Problem | null {
  const length = [...password].length;
  if (length < PASSWORD_POLICY.minLength)
    return accountProblems.password_too_short.with({ min: PASSWORD_POLICY.minLength });
  if (length > PASSWORD_POLICY.maxLength)
    return accountProblems.password_too_long.with({ max: PASSWORD_POLICY.maxLength });
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return accountProblems.password_too_common;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), ARGON2_OPTIONS);
}

/** Always runs one argon2 verification, against the dummy hash when there is no stored one. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  try {
    const ok = await verify(storedHash ?? DUMMY_HASH, password.normalize('NFC'));
    return ok && storedHash !== null;
  } catch {
    return false;
  }
}

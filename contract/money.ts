// Money (issue 14): constants and checks shared by the client and the server, without zod.

export const PAYOUT_METHOD_KINDS = ['bank', 'paypal'] as const;
export type PayoutMethodKind = (typeof PAYOUT_METHOD_KINDS)[number];

/** An account number's length in digits (US bank accounts). */
export const ACCOUNT_NUMBER_DIGITS = { min: 4, max: 17 } as const;

/** Digits only: people type routing and account numbers with spaces and dashes. */
export const onlyDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** An ABA routing number: nine digits whose weighted sum 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export const isAccountNumber = (value: string): boolean => new RegExp(`^\\d{${ACCOUNT_NUMBER_DIGITS.min},${ACCOUNT_NUMBER_DIGITS.max}}$`).test(value);

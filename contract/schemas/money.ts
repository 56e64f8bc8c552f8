// Money (issue 14): payout methods. Fixed paths come from the issue; the shapes are ours, documented in README.
import { z } from 'zod';
import { email, NO_NUL } from './common.ts';

export const PAYOUT_METHOD_KINDS = ['bank', 'paypal'] as const;
export type PayoutMethodKind = (typeof PAYOUT_METHOD_KINDS)[number];

/** An ABA routing number: nine digits whose weighted sum 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** Digits only: people type routing and account numbers with spaces and dashes. */
const digits = z.string({ error: 'is required' }).transform((value) => value.replace(/[\s-]/g, ''));

export const bankMethodInput = z.object({
  kind: z.literal('bank'),
  holderName: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    .refine(...NO_NUL),
  routingNumber: digits.pipe(z.string().refine(isAbaRoutingNumber, 'is not a valid ABA routing number (nine digits with a valid checksum)')),
  accountNumber: digits.pipe(z.string().regex(/^\d{4,17}$/, 'must be 4 to 17 digits')),
  makeDefault: z.boolean().optional(),
});

export const paypalMethodInput = z.object({
  kind: z.literal('paypal'),
  email,
  makeDefault: z.boolean().optional(),
});

/** POST /api/payout-methods: connects a method, replacing the caller's method of the same kind. */
export const payoutMethodInput = z.discriminatedUnion('kind', [bankMethodInput, paypalMethodInput], { error: 'kind: must be "bank" or "paypal"' });

/** A method as its owner sees it: the bank account masked (`•••• 1234`), PayPal with its e-mail. */
export const payoutMethod = z.object({
  id: z.string(),
  kind: z.enum(PAYOUT_METHOD_KINDS),
  /** `•••• 1234` for a bank account, the e-mail for PayPal. */
  display: z.string(),
  /** The account holder (bank accounts); null for PayPal. */
  holderName: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethod>;

export const payoutMethodsResponse = z.object({ methods: z.array(payoutMethod) });

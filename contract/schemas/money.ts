// Money (issue 14): payout methods. Fixed paths come from the issue; the shapes are ours, documented in README.
import { z } from 'zod';
import { ACCOUNT_NUMBER_DIGITS, isAbaRoutingNumber, isAccountNumber, onlyDigits, PAYOUT_METHOD_KINDS } from '../money.ts';
import { email, NO_NUL } from './common.ts';

const digits = z.string({ error: 'is required' }).transform(onlyDigits);

export const bankMethodInput = z.object({
  kind: z.literal('bank'),
  holderName: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    .refine(...NO_NUL),
  routingNumber: digits.pipe(z.string().refine(isAbaRoutingNumber, 'is not a valid ABA routing number (nine digits with a valid checksum)')),
  accountNumber: digits.pipe(z.string().refine(isAccountNumber, `must be ${ACCOUNT_NUMBER_DIGITS.min} to ${ACCOUNT_NUMBER_DIGITS.max} digits`)),
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

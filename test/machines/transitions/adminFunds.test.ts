// The operator's Funds tab, pinned by hand (docs/product.md §Money "Advertiser funding"): a deposit's amount and
// reference checked at their bounds before anything is sent, and sent trimmed; the advertiser found by company or
// e-mail in any case, or by the transfer reference pasted from a bank line, which the dialog then takes; a deposit
// sent again unchanged keeps its Idempotency-Key, a changed one gets a new key; a recorded deposit changes only its
// advertiser's balance. Replayed on the console by test/views/adminFunds.screen.test.tsx.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  adminFundsMachine,
  advertisersFound,
  depositProblems,
  type DepositRequest,
  type FundedAdvertiser,
} from '@/machines/operator/adminFunds.machine';
import { sampleFundedAdvertiser } from '@/machines/operator/samples';
import { controlled } from '../controlled';

// The problems by value, as the Funds tab words them (a comparison with the machine's own constants would pass a
// mutant that emptied them).
const DEPOSIT_REQUIRED = { id: 'required' };
const DEPOSIT_AMOUNT_INVALID = { id: 'amountInvalid' };

const NOVA = sampleFundedAdvertiser;
const PIXEL: FundedAdvertiser = {
  ...NOVA,
  userId: 'usr_pixel',
  email: 'felix@pixelforge.example',
  companyName: 'PixelForge Gear',
  fundingReference: 'CB-9HJK-3NPQ',
  balanceCents: 5_000,
};
const ACME: FundedAdvertiser = {
  ...NOVA,
  userId: 'usr_acme',
  email: 'ops@mail.example',
  companyName: 'Acme Streams',
  fundingReference: 'CB-4MNP-7QRS',
};

describe("a deposit's checks", () => {
  const amount = (value: string) => depositProblems({ amount: value, reference: 'Wire 1' }).amount;
  it('the amount: required when blank or only spaces; refused at zero, below it, or when not dollars; a cent is enough', () => {
    expect(amount('')).toEqual(DEPOSIT_REQUIRED);
    expect(amount('   ')).toEqual(DEPOSIT_REQUIRED);
    expect(amount('0')).toEqual(DEPOSIT_AMOUNT_INVALID);
    expect(amount('0.00')).toEqual(DEPOSIT_AMOUNT_INVALID);
    expect(amount('-5')).toEqual(DEPOSIT_AMOUNT_INVALID);
    expect(amount('ten')).toEqual(DEPOSIT_AMOUNT_INVALID);
    expect(amount('0.01')).toBeUndefined();
    expect(amount(' $1,250.50 ')).toBeUndefined();
  });
  it('the reference: required when blank or only spaces', () => {
    expect(depositProblems({ amount: '10', reference: '' })).toEqual({ reference: DEPOSIT_REQUIRED });
    expect(depositProblems({ amount: '10', reference: '   ' })).toEqual({ reference: DEPOSIT_REQUIRED });
    expect(depositProblems({ amount: '10', reference: ' Wire 1 ' })).toEqual({});
  });
});

describe('finding an advertiser', () => {
  const all = [NOVA, PIXEL, ACME];
  const found = (text: string) => advertisersFound(all, text).map((a) => a.userId);
  it('all of them for nothing typed, spaces included', () => {
    expect(found('')).toEqual(['usr_nova', 'usr_pixel', 'usr_acme']);
    expect(found('   ')).toEqual(['usr_nova', 'usr_pixel', 'usr_acme']);
  });
  it('by company or by e-mail, in any case, the typed text trimmed', () => {
    expect(found('NOVA')).toEqual(['usr_nova']);
    expect(found('  pixelforge gear ')).toEqual(['usr_pixel']);
    // Only the e-mail says it: Acme's company does not.
    expect(found('MAIL.EXAMPLE')).toEqual(['usr_acme']);
    expect(found('nobody')).toEqual([]);
  });
  it('by the transfer reference inside a pasted bank line, in any case and spacing: that advertiser alone', () => {
    expect(found('Incoming wire 2026-11-30 ref cb 9hjk 3npq USD 500')).toEqual(['usr_pixel']);
  });
});

function start(advertisers: FundedAdvertiser[] = [NOVA, PIXEL]) {
  const load = controlled<FundedAdvertiser[]>();
  const record = controlled<{ balanceCents: number }, DepositRequest>();
  const actor = createActor(
    adminFundsMachine.provide({ actors: { loadFunded: load.logic, recordDeposit: record.logic } }),
  ).start();
  return { actor, load, record, advertisers, context: () => actor.getSnapshot().context };
}

describe('recording a deposit', () => {
  it('the dialog takes the reference it was found by, for that advertiser only', async () => {
    const page = start();
    await page.load.resolve(page.advertisers);
    page.actor.send({ type: 'funds.find', text: 'ref CB 9HJK 3NPQ' });
    page.actor.send({ type: 'deposit.open', userId: 'usr_pixel' });
    expect(page.context().draft).toEqual({ amount: '', reference: 'CB-9HJK-3NPQ' });
    page.actor.send({ type: 'deposit.cancel' });
    page.actor.send({ type: 'deposit.open', userId: 'usr_nova' });
    expect(page.context().draft).toEqual({ amount: '', reference: '' });
  });

  it("a field's check shown stays until that field is corrected; the others' stay too", async () => {
    const page = start();
    await page.load.resolve(page.advertisers);
    page.actor.send({ type: 'deposit.open', userId: 'usr_nova' });
    page.actor.send({ type: 'deposit.submit' });
    expect(page.context().fieldErrors).toEqual({ amount: DEPOSIT_REQUIRED, reference: DEPOSIT_REQUIRED });
    page.actor.send({ type: 'deposit.change', field: 'amount', value: '12' });
    expect(page.context().fieldErrors.amount).toBeUndefined();
    expect(page.context().fieldErrors.reference).toEqual(DEPOSIT_REQUIRED);
    expect(page.record.started).toBe(0);
  });

  it('sent trimmed; sent again unchanged it keeps its key, changed it gets a new one; only its advertiser changes', async () => {
    const page = start();
    await page.load.resolve(page.advertisers);
    page.actor.send({ type: 'deposit.open', userId: 'usr_pixel' });
    page.actor.send({ type: 'deposit.change', field: 'amount', value: ' 250.00 ' });
    page.actor.send({ type: 'deposit.change', field: 'reference', value: '  Wire 77 ' });
    page.actor.send({ type: 'deposit.submit' });
    const first = page.record.inputs[0]!;
    expect(first).toMatchObject({ advertiserId: 'usr_pixel', amountCents: 25_000, reference: 'Wire 77' });
    await page.record.reject(new Error('The bank line is already recorded'));
    page.actor.send({ type: 'deposit.submit' });
    expect(page.record.inputs[1]!.idempotencyKey).toBe(first.idempotencyKey);
    await page.record.reject(new Error('Try again'));
    page.actor.send({ type: 'deposit.change', field: 'amount', value: '251' });
    page.actor.send({ type: 'deposit.submit' });
    expect(page.record.inputs[2]!.idempotencyKey).not.toBe(first.idempotencyKey);
    await page.record.reject(new Error('Try again'));
    page.actor.send({ type: 'deposit.change', field: 'reference', value: 'Wire 78' });
    page.actor.send({ type: 'deposit.submit' });
    expect(page.record.inputs[3]!.idempotencyKey).not.toBe(page.record.inputs[2]!.idempotencyKey);
    await page.record.resolve({ balanceCents: 30_100 });
    expect(page.context().advertisers.map((a) => [a.userId, a.balanceCents])).toEqual([
      ['usr_nova', NOVA.balanceCents],
      ['usr_pixel', 30_100],
    ]);
    expect(page.context().notice).toEqual({ amountCents: 25_100, companyName: 'PixelForge Gear' });
  });
});

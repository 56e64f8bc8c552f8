// The Funds card's and the operator's once-only money requests carry their flow's Idempotency-Key (docs/api.md
// "Idempotency-Key"): opening a Stripe Checkout, asking for a refund, marking a wired refund sent or failed; the
// payment come back from is read by its id.
import { createActor, toPromise } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleAdminRefund, sampleCardDeposit } from '@/machines/money/fundsSamples';

const request = vi.hoisted(() => vi.fn());
vi.mock('@/src/api/client', () => ({ request }));
afterEach(() => request.mockReset());

describe('wiring', () => {
  it('createDeposit, requestRefund and the operator’s decisions send their flow’s Idempotency-Key; getDeposit names the payment', async () => {
    const { addFundsActors, depositReturnActors, fundsRefundActors } = await import('@/src/money/addFunds');
    const { adminRefundsActors } = await import('@/src/operator/adminRefunds');
    const jwt = () => 'session.jwt';
    request.mockResolvedValueOnce({ deposit: sampleCardDeposit, checkoutUrl: 'u' });
    await toPromise(
      createActor(addFundsActors(jwt).createDeposit, {
        input: { amountCents: 50_000, method: 'card', idempotencyKey: 'k1' },
      }).start(),
    );
    request.mockResolvedValueOnce({ deposit: sampleCardDeposit });
    await toPromise(createActor(depositReturnActors(jwt).loadDeposit, { input: { depositId: 'dep_1' } }).start());
    request.mockResolvedValueOnce({ refunds: [], balanceCents: 0 });
    await toPromise(
      createActor(fundsRefundActors(jwt).requestRefund, { input: { amountCents: 100, idempotencyKey: 'k2' } }).start(),
    );
    request.mockResolvedValueOnce({ refund: sampleAdminRefund });
    await toPromise(
      createActor(adminRefundsActors(jwt).decideRefund, {
        input: { refundId: 'rf_2', verdict: 'sent', text: 'W 1', idempotencyKey: 'k3' },
      }).start(),
    );
    expect(request.mock.calls).toEqual([
      [
        'createDeposit',
        {
          jwt: 'session.jwt',
          headers: { 'Idempotency-Key': 'k1' },
          json: { amountCents: 50_000, method: 'card' },
        },
      ],
      ['getDeposit', { jwt: 'session.jwt', params: { id: 'dep_1' } }],
      ['requestRefund', { jwt: 'session.jwt', headers: { 'Idempotency-Key': 'k2' }, json: { amountCents: 100 } }],
      [
        'markRefundSent',
        {
          jwt: 'session.jwt',
          params: { id: 'rf_2' },
          headers: { 'Idempotency-Key': 'k3' },
          json: { reference: 'W 1' },
        },
      ],
    ]);
  });
});

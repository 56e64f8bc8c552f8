// The marketplace's once-only money requests carry an Idempotency-Key naming what they do (docs/api.md
// "Idempotency-Key"): launching and cancelling a campaign (its reservation and release), confirming a delivery (the
// creator's pay) and answering a counter-offer's round (the reservation follows an accept). A resend after a lost
// answer is the same request with the same key, so the server answers it once. Pause and resume move no money: no key.
import { createActor, toPromise } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleCampaign, sampleOffer } from '@/machines/marketplace/samples';

const request = vi.hoisted(() => vi.fn());
vi.mock('@/src/api/client', () => ({ request }));
afterEach(() => request.mockReset());

describe('keys of once-only money requests', () => {
  it('campaign launch and cancel name the campaign and the action; pause and resume send none', async () => {
    request.mockResolvedValue({ campaign: sampleCampaign });
    const { campaignControlsActors } = await import('@/src/marketplace/campaignControls');
    const actors = campaignControlsActors(() => 'advertiser.jwt');
    for (const action of ['launch', 'pause', 'resume', 'cancel'] as const)
      await toPromise(createActor(actors.runCampaignAction, { input: { id: 'cmp_1', action } }).start());
    expect(request.mock.calls.map(([name, options]) => [name, (options as { headers?: object }).headers])).toEqual([
      ['launchCampaign', { 'Idempotency-Key': 'campaign-launch:cmp_1' }],
      ['pauseCampaign', undefined],
      ['resumeCampaign', undefined],
      ['cancelCampaign', { 'Idempotency-Key': 'campaign-cancel:cmp_1' }],
    ]);
  });

  it("a delivery's confirmation and a counter-offer's answers name the offer (and the round)", async () => {
    request.mockResolvedValue({ offer: sampleOffer });
    const { deliveryConfirmActors } = await import('@/src/marketplace/deliveryConfirm');
    const { proposalActors } = await import('@/src/marketplace/proposals');
    await toPromise(
      createActor(deliveryConfirmActors(() => 'advertiser.jwt').confirmDelivery, {
        input: { offerId: 'off_1' },
      }).start(),
    );
    const proposals = proposalActors(() => 'advertiser.jwt');
    await toPromise(createActor(proposals.acceptProposal, { input: { offerId: 'off_1', round: 2 } }).start());
    await toPromise(createActor(proposals.declineProposal, { input: { offerId: 'off_1', round: 3 } }).start());
    expect(request.mock.calls).toEqual([
      [
        'confirmDelivery',
        { jwt: 'advertiser.jwt', params: { id: 'off_1' }, headers: { 'Idempotency-Key': 'offer-confirm:off_1' } },
      ],
      [
        'acceptProposal',
        {
          jwt: 'advertiser.jwt',
          params: { id: 'off_1', round: '2' },
          headers: { 'Idempotency-Key': 'proposal-acceptProposal:off_1:2' },
        },
      ],
      [
        'declineProposal',
        {
          jwt: 'advertiser.jwt',
          params: { id: 'off_1', round: '3' },
          headers: { 'Idempotency-Key': 'proposal-declineProposal:off_1:3' },
        },
      ],
    ]);
  });
});

// Promo codes on the campaign page (docs/product.md §Deliverables, "Promo codes") through the promoCodes machine with
// controlled actors: each accepted offer's code typed (checked here), saved, or generated for those without one; the
// redemption key shown once with Copy and the curl how-to; a CSV uploaded through its labelled file input, with what
// was added, already there or refused; a refusal says why; axe finds nothing; then the wiring (the CSV as text/csv).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRefusal } from '@/machines/events';
import {
  promoCodesMachine,
  type PromoCodesAnswer,
  type RedemptionsCsvResult,
} from '@/machines/deliverables/promoCodes.machine';
import {
  sampleCsvResult,
  sampleGeneratedCodes,
  samplePromoCodes,
  sampleRedemptionKey,
} from '@/machines/deliverables/promoCodes.samples';
import { PromoCodes } from '@/src/deliverables/PromoCodes';
import { controlled, renderScreen } from './harness';

const request = vi.hoisted(() => vi.fn());
vi.mock('@/src/api/client', () => ({ request }));
afterEach(() => request.mockReset());

async function violations(root: Element) {
  const result = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

type SaveInput =
  { campaignId: string; codes: { offerId: string; code: string }[] } | { campaignId: string; generate: true };

async function setup(answer: PromoCodesAnswer = samplePromoCodes) {
  const load = controlled<PromoCodesAnswer, { campaignId: string }>();
  const save = controlled<PromoCodesAnswer, SaveInput>();
  const key = controlled<string, { campaignId: string }>();
  const upload = controlled<RedemptionsCsvResult, { campaignId: string; file: Blob }>();
  const view = renderScreen(
    <PromoCodes
      campaignId="cmp_nova"
      logic={promoCodesMachine.provide({
        actors: { loadCodes: load.logic, saveCodes: save.logic, createKey: key.logic, uploadCsv: upload.logic },
      })}
    />,
    { jwt: 'advertiser.jwt' },
  );
  expect(screen.getByText('Loading promo codes')).toBeInTheDocument();
  await load.resolve(answer);
  const card = within(screen.getByRole('region', { name: 'Promo codes' }));
  return { load, save, key, upload, view, card, user: userEvent.setup() };
}

describe('Promo codes on the campaign page', () => {
  it('lists the codes; a typed code is checked, then saved; axe finds nothing', async () => {
    const { save, card, user, view } = await setup();
    expect(card.getByLabelText('Code for Rin Plays')).toHaveValue('NOVA-RIN');
    expect(card.getByLabelText('Code for Milo Live')).toHaveValue('');
    expect(card.getByText('7 redemptions')).toBeInTheDocument();
    expect(await violations(view.container)).toEqual([]);
    await user.type(card.getByLabelText('Code for Milo Live'), 'no spaces!');
    await user.click(card.getByRole('button', { name: 'Save codes' }));
    expect(card.getByLabelText('Code for Milo Live')).toHaveAccessibleDescription(
      'must be 3 to 40 letters, digits, - or _',
    );
    expect(save.started).toBe(0);
    await user.clear(card.getByLabelText('Code for Milo Live'));
    await user.type(card.getByLabelText('Code for Milo Live'), 'MILO-NOVA');
    await user.click(card.getByRole('button', { name: 'Save codes' }));
    expect(save.inputs).toEqual([{ campaignId: 'cmp_nova', codes: [{ offerId: 'off_milo', code: 'MILO-NOVA' }] }]);
    await save.resolve({
      ...samplePromoCodes,
      codes: [samplePromoCodes.codes[0]!, { ...samplePromoCodes.codes[1]!, code: 'MILO-NOVA' }],
    });
    expect(card.getByText('Codes saved')).toBeInTheDocument();
    expect(card.getByLabelText('Code for Milo Live')).toHaveValue('MILO-NOVA');
  });

  it("a code already taken: the server's reason, the typed code kept", async () => {
    const { save, card, user } = await setup();
    await user.type(card.getByLabelText('Code for Milo Live'), 'NOVA-RIN');
    await user.click(card.getByRole('button', { name: 'Save codes' }));
    await save.reject(apiRefusal('The code NOVA-RIN is already taken', 409));
    expect(card.getByRole('alert')).toHaveTextContent('The code NOVA-RIN is already taken');
    expect(card.getByLabelText('Code for Milo Live')).toHaveValue('NOVA-RIN');
  });

  it('Generate codes gives a code to every offer without one', async () => {
    const { save, card, user } = await setup();
    await user.click(card.getByRole('button', { name: 'Generate codes' }));
    expect(save.inputs).toEqual([{ campaignId: 'cmp_nova', generate: true }]);
    await save.resolve(sampleGeneratedCodes);
    expect(card.getByLabelText('Code for Milo Live')).toHaveValue('NOVA-7KQ2XM');
    expect(card.getByRole('button', { name: 'Generate codes' })).toBeDisabled();
  });

  it('Create key shows the key once, with Copy and how to post a redemption; axe finds nothing', async () => {
    const { key, card, user, view } = await setup();
    await user.click(card.getByRole('button', { name: 'Create key' }));
    expect(key.inputs).toEqual([{ campaignId: 'cmp_nova' }]);
    await key.resolve(sampleRedemptionKey);
    expect(card.getByTestId('redemption-key')).toHaveTextContent(sampleRedemptionKey);
    expect(card.getByRole('button', { name: 'Copy redemption key' })).toBeInTheDocument();
    const example = card.getByLabelText('Example request');
    expect(example).toHaveTextContent('POST');
    expect(example).toHaveTextContent('/api/redemptions');
    expect(example).toHaveTextContent(`Authorization: Bearer ${sampleRedemptionKey}`);
    expect(example).toHaveTextContent('"orderId"');
    expect(example).toHaveTextContent('"code": "NOVA-RIN"');
    expect(example).toHaveTextContent('"amountCents"');
    expect(await violations(view.container)).toEqual([]);
    await user.click(card.getByRole('button', { name: 'Done' }));
    expect(card.queryByTestId('redemption-key')).toBeNull();
    // A key exists now: a new one replaces it.
    expect(card.getByRole('button', { name: 'Create a new key' })).toBeInTheDocument();
  });

  it('a CSV upload: added, already recorded and refused lines; the counts read again', async () => {
    const { load, upload, card, user } = await setup();
    const file = new File(['order_id,code\nA-1,NOVA-RIN\n'], 'redemptions.csv', { type: 'text/csv' });
    await user.upload(card.getByLabelText('Choose a CSV file of redemptions'), file);
    expect(upload.inputs).toEqual([{ campaignId: 'cmp_nova', file }]);
    await upload.resolve(sampleCsvResult);
    expect(load.started).toBe(2);
    await load.resolve({ ...samplePromoCodes, codes: [{ ...samplePromoCodes.codes[0]!, redemptions: 19 }] });
    const result = card.getByRole('alert');
    expect(result).toHaveTextContent('12 added, 2 already recorded, 2 refused.');
    const refused = within(result).getByRole('list', { name: 'Refused lines' });
    expect(refused).toHaveTextContent('Line 5: code: no such code in this campaign');
    expect(refused).toHaveTextContent('Line 9: order_id: is required');
    expect(card.getByText('19 redemptions')).toBeInTheDocument();
  });

  it('a refused upload says why', async () => {
    const { upload, card, user } = await setup();
    await user.upload(
      card.getByLabelText('Choose a CSV file of redemptions'),
      new File(['x'], 'x.csv', { type: 'text/csv' }),
    );
    await upload.reject(apiRefusal('Not CSV or no such columns', 400));
    expect(card.getByRole('alert')).toHaveTextContent('Not CSV or no such columns');
  });

  it('a campaign without accepted offers says so', async () => {
    const { card } = await setup({ codes: [], redemptionKey: false });
    expect(card.getByText(/No creator has accepted yet/)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Save codes' })).toBeNull();
  });
});

describe('the wiring', () => {
  it('reads with the jwt, sends the CSV as text/csv', async () => {
    request.mockResolvedValueOnce(samplePromoCodes);
    const user = userEvent.setup();
    renderScreen(<PromoCodes campaignId="cmp_nova" />, { jwt: 'advertiser.jwt' });
    const field = await screen.findByLabelText('Choose a CSV file of redemptions');
    expect(request).toHaveBeenCalledWith('listPromoCodes', { jwt: 'advertiser.jwt', params: { id: 'cmp_nova' } });
    request.mockResolvedValueOnce(sampleCsvResult).mockResolvedValueOnce(samplePromoCodes);
    const file = new File(['order_id,code\n'], 'r.csv', { type: 'text/csv' });
    await user.upload(field, file);
    await screen.findByText(/12 added/);
    expect(request).toHaveBeenCalledWith('uploadRedemptions', {
      jwt: 'advertiser.jwt',
      params: { id: 'cmp_nova' },
      body: file,
      headers: { 'content-type': 'text/csv' },
    });
  });
});

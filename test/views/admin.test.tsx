// The operator console (docs/product.md §Marketplace): the approval queue (approve, reject with a required reason, a refused review),
// the users search, and the read-only tabs, each through its machine with controlled actors; then the wiring (the
// session's jwt, ?status=pending, ?q=, and the server's 403 read as the console's refusal).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorLogic } from 'xstate';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import { adminRecordsMachine, type RecordsKind } from '@/machines/operator/adminRecords.machine';
import { messages } from '@/src/messages';
import { OPERATORS_ONLY } from '@/src/operator/asOperator';
import { OperatorConsoleScreen } from '@/src/operator/OperatorConsole';
import { sampleAdminPayout, sampleFundedAdvertiser, samplePendingAdvertiser } from '@/machines/operator/samples';
import type { AdminPayout } from '@/contract';
import { adminFundsMachine, type DepositRequest, type FundedAdvertiser } from '@/machines/operator/adminFunds.machine';
import { adminPayoutsMachine, type PayoutDecision } from '@/machines/operator/adminPayouts.machine';
import { transferInstructionsMachine } from '@/machines/operator/transferInstructions.machine';
import type { TransferInstructions } from '@/contract';
import { sampleCampaign } from '@/machines/marketplace/samples';
import { controlled, renderScreen } from './harness';

const request = vi.hoisted(() => vi.fn());
vi.mock('@/src/api/client', () => ({ request }));
afterEach(() => request.mockReset());

const other: PendingAdvertiser = {
  ...samplePendingAdvertiser,
  userId: 'usr_other',
  companyName: 'Orbit Mice',
  email: 'olga@orbit.example',
};

function setup() {
  const load = controlled<PendingAdvertiser[], { filter: ApprovalFilter }>();
  const approve = controlled<PendingAdvertiser, { userId: string }>();
  const reject = controlled<PendingAdvertiser, { userId: string; reason: string }>();
  const records = controlled<unknown[], { kind: RecordsKind; query: string }>();
  const logic = {
    approval: adminApprovalMachine.provide({
      actors: { loadPending: load.logic, approveAdvertiser: approve.logic, rejectAdvertiser: reject.logic },
    }),
    records: adminRecordsMachine.provide({ actors: { loadRecords: records.logic } }),
  };
  renderScreen(<OperatorConsoleScreen logic={logic} />, { path: '/admin', jwt: 'session.jwt' });
  return { load, approve, reject, records, user: userEvent.setup() };
}

describe('Operator Console', () => {
  it('lists the advertisers waiting for approval; Approve takes one off the list', async () => {
    const { load, approve } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Operator Console' })).toBeInTheDocument();
    await load.resolve([samplePendingAdvertiser, other]);
    const list = screen.getByRole('list', { name: 'Advertisers waiting for approval' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(list).getAllByRole('button', { name: 'Approve' })[0]!);
    expect(approve.inputs).toEqual([{ userId: samplePendingAdvertiser.userId }]);
    await approve.resolve({ ...samplePendingAdvertiser, status: 'approved' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('heading', { name: 'Orbit Mice' })).toBeInTheDocument();
    // The decision is confirmed in a status message, announced by a live region present from the start.
    const status = screen.getByText(/^Approved PixelForge Gear/).closest('[role="status"]')!;
    expect(status).toHaveTextContent('Approved PixelForge Gear: they can launch campaigns now.');
    expect(status.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('a decision is confirmed and found again under Decided, the latest first with its verdict', async () => {
    const { load, approve, user } = setup();
    expect(load.inputs).toEqual([{ filter: 'pending' }]);
    await load.resolve([samplePendingAdvertiser]);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('radio', { name: 'Decided' })).toBeDisabled();
    await approve.resolve({ ...samplePendingAdvertiser, status: 'approved', reviewedAt: '2026-11-21T09:00:00.000Z' });
    expect(screen.getByText('No advertisers waiting for approval.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show decided' }));
    expect(screen.getByRole('radio', { name: 'Decided' })).toBeChecked();
    expect(load.inputs.at(-1)).toEqual({ filter: 'decided' });
    await load.resolve([
      { ...samplePendingAdvertiser, status: 'approved', reviewedAt: '2026-11-21T09:00:00.000Z' },
      { ...other, status: 'rejected', rejectionReason: 'No website', reviewedAt: '2026-11-20T09:00:00.000Z' },
    ]);
    const decided = screen.getByRole('list', { name: 'Decided advertisers' });
    const items = within(decided).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('PixelForge Gear');
    expect(items[0]).toHaveTextContent('Approved on Nov 21, 2026');
    expect(items[1]).toHaveTextContent('Rejected on Nov 20, 2026: No website');
    expect(within(decided).queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Waiting for approval' }));
    expect(load.inputs.at(-1)).toEqual({ filter: 'pending' });
    await load.resolve([]);
    expect(screen.getByText('No advertisers waiting for approval.')).toBeInTheDocument();
  });

  it('Reject asks for a required reason in a titled dialog, sends it, and shows a refusal', async () => {
    const { load, reject, user } = setup();
    await load.resolve([samplePendingAdvertiser]);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject PixelForge Gear' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText(messages.required)).toBeInTheDocument();
    expect(reject.started).toBe(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'The website does not load');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(reject.inputs).toEqual([{ userId: samplePendingAdvertiser.userId, reason: 'The website does not load' }]);
    await reject.reject(new Error('This advertiser is already approved'));
    expect(within(dialog).getByText('This advertiser is already approved')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await reject.resolve({
      ...samplePendingAdvertiser,
      status: 'rejected',
      rejectionReason: 'The website does not load',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('No advertisers waiting for approval.')).toBeInTheDocument();
    expect(screen.getByText(/^Rejected PixelForge Gear/).closest('[role="status"]')).toHaveTextContent(
      'Rejected PixelForge Gear: they read your reason and can send their profile again.',
    );
  });

  it('a rejection reason: spaces alone are none, 501 characters too many, 500 sent, and sent without the spaces around it', async () => {
    const { load, reject, user } = setup();
    await load.resolve([samplePendingAdvertiser]);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject PixelForge Gear' }));
    const field = dialog.getByLabelText('Reason');
    const send = () => user.click(dialog.getByRole('button', { name: 'Reject' }));
    const enter = async (text: string) => {
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    };
    await enter('   ');
    await send();
    expect(field).toHaveAccessibleDescription(messages.required);
    await enter('R'.repeat(501));
    await send();
    expect(field).toHaveAccessibleDescription('At most 500 characters.');
    expect(reject.started).toBe(0);
    await enter('R'.repeat(500));
    await send();
    expect(reject.inputs).toEqual([{ userId: samplePendingAdvertiser.userId, reason: 'R'.repeat(500) }]);
    await reject.reject(new Error('The service is unavailable'));
    await enter('  The website does not load  ');
    await send();
    expect(reject.inputs[1]).toEqual({ userId: samplePendingAdvertiser.userId, reason: 'The website does not load' });
  });

  it('the Users tab searches by e-mail or name; a failure offers Try again', async () => {
    const { load, records, user } = setup();
    await load.resolve([]);
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await waitFor(() => expect(records.inputs.at(-1)).toEqual({ kind: 'users', query: '' }));
    await records.resolve([
      { id: 'u1', email: 'ana@example.com', name: 'Ana Lee', role: 'creator', createdAt: '2026-11-01T00:00:00.000Z' },
    ]);
    expect(screen.getByRole('cell', { name: 'ana@example.com' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search users'), 'olga');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(records.inputs.at(-1)).toEqual({ kind: 'users', query: 'olga' });
    await records.reject(new Error('Service unavailable'));
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(records.inputs.at(-1)).toEqual({ kind: 'users', query: 'olga' });
  });

  it('a refused approval (409) shows the server’s message and keeps the advertiser listed', async () => {
    const { load, approve, user } = setup();
    await load.resolve([samplePendingAdvertiser]);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await approve.reject(new Error('This advertiser is already rejected'));
    expect(screen.getByText('This advertiser is already rejected')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'PixelForge Gear' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('the Campaigns and Support Tickets tabs list their records, with empty states', async () => {
    const { load, records, user } = setup();
    await load.resolve([]);
    expect(screen.getByText('No advertisers waiting for approval.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Campaigns' }));
    await waitFor(() => expect(records.inputs.at(-1)).toEqual({ kind: 'campaigns', query: '' }));
    await records.resolve([{ ...sampleCampaign, advertiser: 'Nova Energy' }]);
    const campaigns = screen.getByRole('table', { name: 'Campaigns' });
    expect(within(campaigns).getByRole('cell', { name: sampleCampaign.title })).toBeInTheDocument();
    expect(within(campaigns).getByRole('cell', { name: 'Nova Energy' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Support Tickets' }));
    await waitFor(() => expect(records.inputs.at(-1)).toEqual({ kind: 'tickets', query: '' }));
    await records.resolve([]);
    expect(screen.getByText('No support tickets.')).toBeInTheDocument();
  });
});

describe('Operator Console wiring', () => {
  it('loads the pending advertisers and approves with the session’s jwt; users search sends q', async () => {
    request.mockImplementation(async (name: string) => {
      if (name === 'adminAdvertisers') return { advertisers: [samplePendingAdvertiser] };
      if (name === 'approveAdvertiser') return { advertiser: { ...samplePendingAdvertiser, status: 'approved' } };
      if (name === 'adminUsers') return { users: [] };
      throw new Error(`unexpected ${name}`);
    });
    renderScreen(<OperatorConsoleScreen />, { path: '/admin', jwt: 'session.jwt' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No advertisers waiting for approval.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('adminAdvertisers', { jwt: 'session.jwt', query: { status: 'pending' } });
    expect(request).toHaveBeenCalledWith('approveAdvertiser', {
      jwt: 'session.jwt',
      params: { id: samplePendingAdvertiser.userId },
    });
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(await screen.findByText('No users match.')).toBeInTheDocument();
    expect(request).toHaveBeenLastCalledWith('adminUsers', { jwt: 'session.jwt', query: {} });
    await user.type(screen.getByLabelText('Search users'), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(request).toHaveBeenLastCalledWith('adminUsers', { jwt: 'session.jwt', query: { q: 'ana@' } }),
    );
  });

  it('a signed-in non-operator (the server answers 403) reads that the page is for operators', async () => {
    request.mockRejectedValue(Object.assign(new Error('Forbidden'), { status: 403 }));
    renderScreen(<OperatorConsoleScreen />, { path: '/admin', jwt: 'creator.jwt' });
    expect(await screen.findByText(OPERATORS_ONLY)).toBeInTheDocument();
    expect(OPERATORS_ONLY).toBe('This page is for Castbridge operators.');
  });
});

describe('Operator Console: money (docs/product.md §Money)', () => {
  function setupMoney() {
    const funded = controlled<FundedAdvertiser[]>();
    const deposit = controlled<{ balanceCents: number }, DepositRequest>();
    const payouts = controlled<AdminPayout[]>();
    const decide = controlled<AdminPayout, PayoutDecision>();
    const loadInstructions = controlled<TransferInstructions>();
    const saveInstructions = controlled<TransferInstructions, { instructions: string }>();
    const logic = {
      approval: adminApprovalMachine.provide({
        actors: { loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic },
      }),
      funds: adminFundsMachine.provide({ actors: { loadFunded: funded.logic, recordDeposit: deposit.logic } }),
      payouts: adminPayoutsMachine.provide({ actors: { loadPayouts: payouts.logic, decidePayout: decide.logic } }),
      instructions: transferInstructionsMachine.provide({
        actors: { loadInstructions: loadInstructions.logic, saveInstructions: saveInstructions.logic },
      }),
    };
    renderScreen(<OperatorConsoleScreen logic={logic} />, { path: '/admin', jwt: 'session.jwt' });
    return { funded, deposit, payouts, decide, loadInstructions, saveInstructions, user: userEvent.setup() };
  }

  it('Funds: records a deposit for an approved advertiser, checking the amount and the reference first', async () => {
    const { funded, deposit, user } = setupMoney();
    await user.click(screen.getByRole('tab', { name: 'Funds' }));
    await vi.waitFor(() => expect(funded.started).toBe(1));
    await funded.resolve([sampleFundedAdvertiser]);
    const table = await screen.findByRole('table', { name: 'Approved advertisers and their funds' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Nova Energynora@nova.exampleCB-7KQ4-M2XD$12,500$750Record deposit',
    );

    await user.click(within(table).getByRole('button', { name: 'Record deposit for Nova Energy' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a deposit for Nova Energy' });
    await user.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    expect(within(dialog).getAllByText(messages.required)).toHaveLength(2);
    await user.type(within(dialog).getByLabelText('Amount received'), '5.000,00');
    await user.type(within(dialog).getByLabelText('Reference'), 'Wire NOVA-0002');
    await user.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    expect(
      within(dialog).getByText('Enter the amount received in dollars and cents, e.g. 5000 or 5,000.00.'),
    ).toBeInTheDocument();
    expect(deposit.started).toBe(0);
    await user.clear(within(dialog).getByLabelText('Amount received'));
    await user.type(within(dialog).getByLabelText('Amount received'), '5,000.50');
    await user.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    const sent = { advertiserId: 'usr_nova', amountCents: 500_050, reference: 'Wire NOVA-0002' };
    expect(deposit.inputs).toEqual([{ ...sent, idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    await deposit.reject(new Error('No such advertiser'));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('No such advertiser');
    // Sent again unchanged (a refusal, or an answer lost on the way): the same Idempotency-Key, so it is recorded once.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Record deposit' }));
    expect(deposit.inputs[1]).toEqual(deposit.inputs[0]);
    await deposit.resolve({ balanceCents: 1_750_050 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.getByText('Deposit of $5,000.50 recorded for Nova Energy.').closest('[role="status"]'),
    ).not.toBeNull();
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('$17,500.50');

    // Another deposit, even of the same amount and reference, is a new request with a new key.
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Record deposit for Nova Energy' }));
    const next = screen.getByRole('dialog', { name: 'Record a deposit for Nova Energy' });
    await user.type(within(next).getByLabelText('Amount received'), '5,000.50');
    await user.type(within(next).getByLabelText('Reference'), 'Wire NOVA-0002');
    await user.click(within(next).getByRole('button', { name: 'Record deposit' }));
    expect(deposit.inputs[2]).toEqual({ ...sent, idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(deposit.inputs[2]!.idempotencyKey).not.toBe(deposit.inputs[0]!.idempotencyKey);
  });

  it('Funds: a transfer reference typed or pasted finds its advertiser, and the deposit is recorded under it', async () => {
    const { funded, deposit, user } = setupMoney();
    await user.click(screen.getByRole('tab', { name: 'Funds' }));
    await vi.waitFor(() => expect(funded.started).toBe(1));
    const pixel: FundedAdvertiser = {
      ...sampleFundedAdvertiser,
      userId: 'usr_pixel',
      companyName: 'PixelForge Gear',
      email: 'felix@pixelforge.example',
      fundingReference: 'CB-H3PW-9RTA',
    };
    await funded.resolve([sampleFundedAdvertiser, pixel]);
    const table = await screen.findByRole('table', { name: 'Approved advertisers and their funds' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const find = screen.getByLabelText('Find by transfer reference');
    // As a bank statement shows it: other words around it, lower case, spaces for dashes.
    await user.type(find, 'SEPA credit cb h3pw 9rta');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('PixelForge Gear');
    expect(screen.getByText('CB-H3PW-9RTA is the reference of PixelForge Gear.')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Record deposit for PixelForge Gear' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a deposit for PixelForge Gear' });
    expect(within(dialog).getByLabelText('Reference')).toHaveValue('CB-H3PW-9RTA');
    await user.type(within(dialog).getByLabelText('Amount received'), '2,000');
    await user.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    expect(deposit.inputs).toEqual([
      expect.objectContaining({ advertiserId: 'usr_pixel', amountCents: 200_000, reference: 'CB-H3PW-9RTA' }),
    ]);
    await deposit.resolve({ balanceCents: 1_450_000 });

    // A reference nobody has says so; a company name finds too; empty shows everyone.
    await user.clear(find);
    await user.type(find, 'CB-2222-2222');
    expect(screen.getByText('No approved advertiser has the reference CB-2222-2222.')).toBeInTheDocument();
    expect(within(table).getByText('No approved advertiser matches.')).toBeInTheDocument();
    await user.clear(find);
    await user.type(find, 'nova');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Nova Energy');
    await user.clear(find);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('Funds: the transfer instructions advertisers read are edited and saved; too long is refused here; empty withdraws them', async () => {
    const { loadInstructions, saveInstructions, user } = setupMoney();
    await user.click(screen.getByRole('tab', { name: 'Funds' }));
    await vi.waitFor(() => expect(loadInstructions.started).toBe(1));
    const card = () => within(screen.getByRole('region', { name: 'Transfer instructions' }));
    expect(card().getByText('Loading transfer instructions')).toBeInTheDocument();
    await loadInstructions.reject(new Error('Failed to fetch'));
    expect(card().getByRole('alert')).toHaveTextContent('The transfer instructions could not be loaded');
    await user.click(card().getByRole('button', { name: 'Try again' }));
    await loadInstructions.resolve({ instructions: null, updatedAt: null });
    const field = card().getByLabelText('Bank details advertisers send funds to');
    expect(field).toHaveValue('');

    await user.click(field);
    await user.paste('x'.repeat(2_001));
    await user.click(card().getByRole('button', { name: 'Save instructions' }));
    expect(card().getByText('Keep them under 2,000 characters.')).toBeInTheDocument();
    expect(saveInstructions.started).toBe(0);

    await user.clear(field);
    await user.type(field, '  Example Bank · IBAN GB33 BUKB 2020 1555 5555 55 ');
    await user.click(card().getByRole('button', { name: 'Save instructions' }));
    expect(saveInstructions.inputs).toEqual([{ instructions: 'Example Bank · IBAN GB33 BUKB 2020 1555 5555 55' }]);
    await saveInstructions.reject(new Error('instructions: must be at most 2000 characters'));
    expect(card().getByText('instructions: must be at most 2000 characters')).toBeInTheDocument();
    await user.click(card().getByRole('button', { name: 'Save instructions' }));
    await saveInstructions.resolve({
      instructions: 'Example Bank · IBAN GB33 BUKB 2020 1555 5555 55',
      updatedAt: '2026-11-26T08:00:00.000Z',
    });
    expect(card().getByText('Saved: advertisers now see these instructions on Funds.')).toBeInTheDocument();
    expect(card().getByText(/last changed Nov 26, 2026/)).toBeInTheDocument();

    await user.clear(field);
    await user.click(card().getByRole('button', { name: 'Save instructions' }));
    expect(saveInstructions.inputs.at(-1)).toEqual({ instructions: '' });
    await saveInstructions.resolve({ instructions: null, updatedAt: '2026-11-26T08:05:00.000Z' });
    expect(card().getByText('Saved: advertisers are told to ask support for the bank details.')).toBeInTheDocument();
  });

  it('Payouts: marks a waiting payout paid with a reference, or failed with a reason; a refusal keeps the dialog', async () => {
    const { payouts, decide, user } = setupMoney();
    await user.click(screen.getByRole('tab', { name: 'Payouts' }));
    await vi.waitFor(() => expect(payouts.started).toBe(1));
    const second = { ...sampleAdminPayout, id: 'po_2', reference: '#CB-261124-0002', amountCents: 9_000 };
    await payouts.resolve([sampleAdminPayout, second]);
    const waiting = await screen.findByRole('list', { name: 'Payouts waiting' });
    const first = within(waiting).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('$60 to Ana Lee · #CB-261124-0001');
    expect(first).toHaveTextContent('Pay to: Ana Lee · routing 011000015 · account 000123456789');

    await user.click(within(first).getByRole('button', { name: 'Mark paid' }));
    let dialog = screen.getByRole('dialog', { name: 'Mark #CB-261124-0001 paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(within(dialog).getByText(messages.required)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Payment reference'), 'ACH 7781');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    const key = expect.stringMatching(/^[0-9a-f]{32}$/);
    expect(decide.inputs).toEqual([{ payoutId: 'po_1', verdict: 'paid', text: 'ACH 7781', idempotencyKey: key }]);
    await decide.reject(new Error('This payout is already failed'));
    expect(within(screen.getByRole('dialog')).getByText('This payout is already failed')).toBeInTheDocument();
    // The same decision sent again keeps its Idempotency-Key: decided once however many times it is sent.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark paid' }));
    expect(decide.inputs[1]).toEqual(decide.inputs[0]);
    await decide.resolve({
      ...sampleAdminPayout,
      status: 'paid',
      paidAt: '2026-11-25T10:00:00.000Z',
      destination: null,
    });
    expect(within(screen.getByRole('list', { name: 'Payouts waiting' })).getAllByRole('listitem')).toHaveLength(1);
    const decided = screen.getByRole('table', { name: 'Decided payouts' });
    expect(within(decided).getAllByRole('row')[1]).toHaveTextContent('#CB-261124-0001Ana Lee$60Paid');

    await user.click(
      within(screen.getByRole('list', { name: 'Payouts waiting' })).getByRole('button', { name: 'Mark failed' }),
    );
    dialog = screen.getByRole('dialog', { name: 'Mark #CB-261124-0002 failed' });
    await user.type(within(dialog).getByLabelText('Reason'), 'The account is closed');
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(decide.inputs.at(-1)).toEqual({
      payoutId: 'po_2',
      verdict: 'failed',
      text: 'The account is closed',
      idempotencyKey: key,
    });
    expect(decide.inputs.at(-1)!.idempotencyKey).not.toBe(decide.inputs[0]!.idempotencyKey);
    await decide.resolve({ ...second, status: 'failed', failureReason: 'The account is closed', destination: null });
    expect(screen.getByText('No payouts waiting.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Decided payouts' })).getAllByRole('row')).toHaveLength(3);
  });

  it('Payouts: a reference is checked (blank, at most 100 characters); a changed reference after a refusal is a new decision with a new Idempotency-Key', async () => {
    const { payouts, decide, user } = setupMoney();
    await user.click(screen.getByRole('tab', { name: 'Payouts' }));
    await vi.waitFor(() => expect(payouts.started).toBe(1));
    await payouts.resolve([sampleAdminPayout]);
    const waiting = await screen.findByRole('list', { name: 'Payouts waiting' });
    await user.click(within(waiting).getByRole('button', { name: 'Mark paid' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Mark #CB-261124-0001 paid' }));
    const field = dialog.getByLabelText('Payment reference');
    const send = () => user.click(dialog.getByRole('button', { name: 'Mark paid' }));
    // Spaces alone are no reference; 101 characters are one too many, 100 are sent.
    await user.type(field, '   ');
    await send();
    expect(dialog.getByText(messages.required)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'R'.repeat(101));
    await send();
    expect(dialog.getByText('At most 100 characters.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'R'.repeat(100));
    await send();
    expect(decide.inputs.at(-1)!.text).toBe('R'.repeat(100));
    await decide.reject(new Error('The service is unavailable'));
    // Another reference after the refusal: another decision, with a key of its own; spaces around it are not sent, and
    // the same reference sent again keeps that key.
    await user.clear(field);
    await user.type(field, ' ACH 7781 ');
    await send();
    expect(decide.inputs.at(-1)).toMatchObject({ payoutId: 'po_1', verdict: 'paid', text: 'ACH 7781' });
    expect(decide.inputs.at(-1)!.idempotencyKey).not.toBe(decide.inputs[0]!.idempotencyKey);
    await decide.reject(new Error('The service is unavailable'));
    await user.clear(field);
    await user.type(field, 'ACH 7781');
    await send();
    expect(decide.inputs).toHaveLength(3);
    expect(decide.inputs[2]).toEqual(decide.inputs[1]);
  });

  it('Payouts: Refresh shows what it read, a payout decided meanwhile gone from the waiting list, a new one in it', async () => {
    const { payouts, user } = setupMoney();
    await user.click(screen.getByRole('tab', { name: 'Payouts' }));
    await vi.waitFor(() => expect(payouts.started).toBe(1));
    await payouts.resolve([sampleAdminPayout]);
    const waitingItems = () =>
      within(screen.getByRole('list', { name: 'Payouts waiting' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    await vi.waitFor(() => expect(waitingItems()).toEqual([expect.stringContaining('#CB-261124-0001')]));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(payouts.started).toBe(2));
    const second = { ...sampleAdminPayout, id: 'po_2', reference: '#CB-261124-0002', amountCents: 9_000 };
    await payouts.resolve([
      { ...sampleAdminPayout, status: 'paid', paidAt: '2026-11-25T10:00:00.000Z', destination: null },
      second,
    ]);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    expect(waitingItems()).toEqual([expect.stringContaining('$90 to Ana Lee · #CB-261124-0002')]);
    expect(within(screen.getByRole('table', { name: 'Decided payouts' })).getAllByRole('row')[1]).toHaveTextContent(
      '#CB-261124-0001Ana Lee$60Paid',
    );
  });

  it('wires the transfer instructions to GET and PUT /api/admin/transfer-instructions with the session jwt', async () => {
    request.mockImplementation(async () => ({ instructions: 'Example Bank', updatedAt: '2026-11-26T08:00:00.000Z' }));
    const { transferInstructionsActors } = await import('@/src/operator/transferInstructions');
    const { createActor, toPromise } = await import('xstate');
    const actors = transferInstructionsActors(() => 'operator.jwt');
    await toPromise(createActor(actors.loadInstructions).start());
    await toPromise(createActor(actors.saveInstructions, { input: { instructions: 'Example Bank' } }).start());
    expect(request.mock.calls).toEqual([
      ['getTransferInstructions', { jwt: 'operator.jwt' }],
      ['updateTransferInstructions', { jwt: 'operator.jwt', json: { instructions: 'Example Bank' } }],
    ]);
  });

  it('wires the money tabs to the API: approved advertisers, deposits, payouts and decisions with the session jwt', async () => {
    request.mockImplementation(async (name: string) => {
      if (name === 'adminAdvertisers') return { advertisers: [sampleFundedAdvertiser] };
      if (name === 'recordDeposit')
        return { deposit: { id: '1', amountCents: 100, reference: 'W', createdAt: '' }, balanceCents: 1_250_100 };
      if (name === 'adminPayouts') return { payouts: [sampleAdminPayout] };
      return { payout: { ...sampleAdminPayout, status: 'paid' } };
    });
    const { adminFundsActors } = await import('@/src/operator/adminFunds');
    const { adminPayoutsActors } = await import('@/src/operator/adminPayouts');
    const jwt = () => 'operator.jwt';
    const { createActor, toPromise } = await import('xstate');
    const run = (logic: AnyActorLogic, input?: unknown) => toPromise(createActor(logic, { input }).start());
    await run(adminFundsActors(jwt).loadFunded);
    await run(adminFundsActors(jwt).recordDeposit, {
      advertiserId: 'usr_nova',
      amountCents: 100,
      reference: 'W',
      idempotencyKey: 'key-0123456789',
    });
    await run(adminPayoutsActors(jwt).loadPayouts);
    await run(adminPayoutsActors(jwt).decidePayout, {
      payoutId: 'po_1',
      verdict: 'paid',
      text: 'ACH 1',
      idempotencyKey: 'key-paid-0001',
    });
    await run(adminPayoutsActors(jwt).decidePayout, {
      payoutId: 'po_1',
      verdict: 'failed',
      text: 'Closed',
      idempotencyKey: 'key-failed-0001',
    });
    expect(request.mock.calls).toEqual([
      ['adminAdvertisers', { jwt: 'operator.jwt', query: { status: 'approved' } }],
      [
        'recordDeposit',
        {
          jwt: 'operator.jwt',
          json: { advertiserId: 'usr_nova', amountCents: 100, reference: 'W' },
          headers: { 'Idempotency-Key': 'key-0123456789' },
        },
      ],
      ['adminPayouts', { jwt: 'operator.jwt', query: {} }],
      [
        'markPayoutPaid',
        {
          jwt: 'operator.jwt',
          params: { id: 'po_1' },
          headers: { 'Idempotency-Key': 'key-paid-0001' },
          json: { reference: 'ACH 1' },
        },
      ],
      [
        'markPayoutFailed',
        {
          jwt: 'operator.jwt',
          params: { id: 'po_1' },
          headers: { 'Idempotency-Key': 'key-failed-0001' },
          json: { reason: 'Closed' },
        },
      ],
    ]);
  });
});

// The operator console's Funds tab (docs/product.md §Money "Advertiser funding"), replayed along adminFunds' recorded
// paths on the real console: the tab opened as an operator opens it, an advertiser found by the transfer reference
// pasted from the bank statement, a deposit recorded for them. The transfer instructions' card above stays loading.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import type { TransferInstructions } from '@/contract';
import { findTransferReference, parseDollars } from '@/contract/money';
import { errorText, REQUIRED_MESSAGE } from '@/machines/messages';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import {
  adminFundsMachine,
  advertisersFound,
  depositProblems as depositProblemsOf,
  type DepositDraft,
  type DepositRequest,
  type FundedAdvertiser,
} from '@/machines/operator/adminFunds.machine';
import { transferInstructionsMachine } from '@/machines/operator/transferInstructions.machine';
import { formatMoney } from '@/src/common/format';
import { OperatorConsoleScreen } from '@/src/operator/OperatorConsole';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

/** A deposit's field problems as the Funds tab words them in English (the flow holds them as ids). */
function depositProblems(draft: DepositDraft): Partial<Record<keyof DepositDraft, string>> {
  const words = (problem: { id: 'required' | 'amountInvalid' } | undefined) =>
    problem === undefined
      ? undefined
      : problem.id === 'required'
        ? REQUIRED_MESSAGE
        : 'Enter the amount received in dollars and cents, e.g. 5000 or 5,000.00.';
  const problems = depositProblemsOf(draft);
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, words(problem)])) as Partial<
    Record<keyof DepositDraft, string>
  >;
}

// The money tabs' chunk is loaded once before the paths, as the browser has it after the first open.
beforeAll(() => import('@/src/operator/OperatorMoney'));

const LABELS: Record<keyof DepositDraft, string> = { amount: 'Amount received', reference: 'Reference' };

walkScreens('adminFunds', {
  async mount() {
    const load = controlled<FundedAdvertiser[]>();
    const deposit = controlled<{ balanceCents: number }, DepositRequest>();
    renderScreen(
      <OperatorConsoleScreen
        logic={{
          approval: adminApprovalMachine.provide({
            actors: { loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic },
          }),
          funds: adminFundsMachine.provide({ actors: { loadFunded: load.logic, recordDeposit: deposit.logic } }),
          instructions: transferInstructionsMachine.provide({
            actors: {
              loadInstructions: controlled<TransferInstructions>().logic,
              saveInstructions: controlled<TransferInstructions, { instructions: string }>().logic,
            },
          }),
        }}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Funds' }));
    await waitFor(() => expect(load.started).toBe(1));
    /** What the screen has been told so far: the answers, the search, the dialog's draft and its problems. */
    const seen = {
      loads: 0,
      loadFailure: null as string | null,
      advertisers: [] as FundedAdvertiser[],
      find: '',
      target: null as FundedAdvertiser | null,
      draft: { amount: '', reference: '' } as DepositDraft,
      fieldErrors: {} as Partial<Record<keyof DepositDraft, string>>,
      refusal: null as string | null,
      deposits: 0,
      notice: null as string | null,
    };
    const dialog = () => screen.getByRole('dialog', { name: `Record a deposit for ${seen.target!.companyName}` });
    const table = () => screen.getByRole('table', { name: 'Approved advertisers and their funds' });
    return {
      load,
      deposit,
      seen,
      dialog,
      table,
      gestures: {
        'xstate.done.actor.loadFunded': async ({ output }) => {
          seen.loads += 1;
          seen.loadFailure = null;
          seen.advertisers = output;
          await load.resolve(output);
        },
        'xstate.error.actor.loadFunded': async ({ error }) => {
          seen.loads += 1;
          seen.loadFailure = errorText(error);
          await load.reject(error);
        },
        'funds.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'funds.find': ({ text }) => {
          seen.find = text;
          fireEvent.change(screen.getByLabelText('Find by transfer reference'), { target: { value: text } });
        },
        'deposit.open': ({ userId }) => {
          const advertiser = seen.advertisers.find((entry) => entry.userId === userId)!;
          const reference = findTransferReference(seen.find);
          Object.assign(seen, {
            target: advertiser,
            draft: { amount: '', reference: reference === advertiser.fundingReference ? reference : '' },
            fieldErrors: {},
            refusal: null,
            notice: null,
          });
          fireEvent.click(
            within(table()).getByRole('button', { name: `Record deposit for ${advertiser.companyName}` }),
          );
        },
        'deposit.change': ({ field, value }) => {
          seen.draft = { ...seen.draft, [field]: value };
          seen.fieldErrors = {
            ...seen.fieldErrors,
            [field]: seen.fieldErrors[field] ? depositProblems(seen.draft)[field] : undefined,
          };
          fireEvent.change(within(dialog()).getByLabelText(LABELS[field]), { target: { value } });
        },
        'deposit.submit': () => {
          seen.fieldErrors = depositProblems(seen.draft);
          if (Object.keys(seen.fieldErrors).length === 0) seen.refusal = null;
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Record deposit' }));
        },
        'deposit.cancel': () => {
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
          seen.target = null;
        },
        'xstate.done.actor.recordDeposit': async ({ output }) => {
          seen.deposits += 1;
          const target = seen.target!;
          seen.notice = `Deposit of ${formatMoney(parseDollars(seen.draft.amount)!)} recorded for ${target.companyName}.`;
          seen.advertisers = seen.advertisers.map((entry) =>
            entry.userId === target.userId ? { ...entry, balanceCents: output.balanceCents } : entry,
          );
          seen.target = null;
          await deposit.resolve(output);
        },
        'xstate.error.actor.recordDeposit': async ({ error }) => {
          seen.deposits += 1;
          seen.refusal = errorText(error);
          await deposit.reject(error);
        },
      },
    };
  },
  states: {
    // The approved advertisers are being read: their spinner under the instructions' card, no table yet.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading advertisers')).toBeInTheDocument();
      expect(load.started).toBe(seen.loads + 1);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The first read failed: why, and Try again.
    failed: ({ load, seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(`The advertisers could not be loaded${seen.loadFailure}`);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(load.started).toBe(seen.loads);
      expect(screen.queryByText('Loading advertisers')).not.toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    },
    // The advertisers the search finds with their balances, the search as typed, a recorded deposit confirmed.
    'ready.idle': async ({ load, deposit, seen, table }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(load.started).toBe(seen.loads);
      expect(deposit.started).toBe(seen.deposits);
      expect(screen.getByLabelText('Find by transfer reference')).toHaveValue(seen.find);
      const shown = advertisersFound(seen.advertisers, seen.find);
      const rows = within(table()).getAllByRole('row').slice(1);
      expect(rows.map((row) => row.textContent)).toEqual(
        shown.map(
          (a) =>
            `${a.companyName}${a.email}${a.fundingReference}${formatMoney(a.balanceCents)}${formatMoney(a.reservedCents)}Record deposit`,
        ),
      );
      const reference = findTransferReference(seen.find);
      if (reference)
        expect(screen.getByText(`${reference} is the reference of ${shown[0]!.companyName}.`)).toBeVisible();
      else expect(screen.queryByText(/is the reference of/)).not.toBeInTheDocument();
      if (seen.notice) expect(screen.getByText(seen.notice).closest('[role="status"]')).not.toBeNull();
      else expect(screen.queryByText(/^Deposit of /)).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The deposit dialog: its fields as typed, their problems after a Record deposit, the server's refusal.
    'ready.editing': ({ deposit, seen, dialog }) => {
      expect(dialog()).toHaveTextContent(
        "The amount is added to the advertiser's balance at once and the advertiser is notified.",
      );
      for (const field of ['amount', 'reference'] as const) {
        const input = within(dialog()).getByLabelText(LABELS[field]);
        expect(input).toHaveValue(seen.draft[field]);
        const problem = seen.fieldErrors[field];
        if (problem) expect(input).toHaveAccessibleDescription(expect.stringContaining(problem));
        else expect(input).not.toHaveAttribute('aria-invalid', 'true');
      }
      if (seen.refusal) expect(within(dialog()).getByRole('alert')).toHaveTextContent(seen.refusal);
      else expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
      expect(within(dialog()).getByRole('button', { name: 'Record deposit' })).toBeEnabled();
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeEnabled();
      expect(deposit.started).toBe(seen.deposits);
    },
    // The deposit is on its way with its key: the dialog's buttons wait.
    'ready.saving': ({ deposit, seen, dialog }) => {
      expect(deposit.started).toBe(seen.deposits + 1);
      expect(deposit.inputs.at(-1)).toEqual({
        advertiserId: seen.target!.userId,
        amountCents: parseDollars(seen.draft.amount),
        reference: seen.draft.reference.trim(),
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      const submit = within(dialog()).getByRole('button', { name: 'Record deposit' });
      expect(submit).toBeDisabled();
      expect(submit).toHaveAttribute('aria-busy', 'true');
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
  },
});

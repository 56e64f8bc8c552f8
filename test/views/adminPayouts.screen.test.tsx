// The operator console's Payouts tab (docs/product.md §Money, the manual payout rail), replayed along adminPayouts'
// recorded paths on the real console: the tab opened as an operator opens it, a waiting payout marked paid or failed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import type { AdminPayout } from '@/contract';
import { errorText, REQUIRED_MESSAGE } from '@/machines/messages';
import { refusedDecision, type DecisionProblem } from '@/machines/operator/decisionProblem';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import {
  adminPayoutsMachine,
  decisionProblem,
  type PayoutDecision,
  type Verdict,
} from '@/machines/operator/adminPayouts.machine';
import { OperatorConsoleScreen } from '@/src/operator/OperatorConsole';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

/** A decision text's problem as the console words it in English (the flow holds it as an id and its values). */
const problemText = (problem: DecisionProblem | null): string | null =>
  problem === null
    ? null
    : problem.id === 'required'
      ? REQUIRED_MESSAGE
      : problem.id === 'tooLong'
        ? `At most ${problem.max} characters.`
        : problem.text;

// The money tabs' chunk is loaded once before the paths, as the browser has it after the first open.
beforeAll(() => import('@/src/operator/OperatorMoney'));

const isOpen = (payout: AdminPayout) => payout.status === 'requested' || payout.status === 'processing';
const heading = (payout: AdminPayout) => `$${payout.amountCents / 100} to ${payout.creatorName} · ${payout.reference}`;

walkScreens('adminPayouts', {
  async mount() {
    const load = controlled<AdminPayout[]>();
    const decide = controlled<AdminPayout, PayoutDecision>();
    renderScreen(
      <OperatorConsoleScreen
        logic={{
          approval: adminApprovalMachine.provide({
            actors: { loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic },
          }),
          payouts: adminPayoutsMachine.provide({ actors: { loadPayouts: load.logic, decidePayout: decide.logic } }),
        }}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Payouts' }));
    await waitFor(() => expect(load.started).toBe(1));
    /** What the screen has been told so far: the answers, the payouts, the dialog's text and its problem. */
    const seen = {
      loads: 0,
      loadFailure: null as string | null,
      payouts: [] as AdminPayout[],
      target: null as AdminPayout | null,
      verdict: null as Verdict | null,
      text: '',
      textError: null as string | null,
      decisions: 0,
    };
    const dialog = () =>
      screen.getByRole('dialog', {
        name: `Mark ${seen.target!.reference} ${seen.verdict === 'paid' ? 'paid' : 'failed'}`,
      });
    const field = () => within(dialog()).getByLabelText(seen.verdict === 'paid' ? 'Payment reference' : 'Reason');
    const submit = () =>
      within(dialog()).getByRole('button', { name: seen.verdict === 'paid' ? 'Mark paid' : 'Mark failed' });
    return {
      load,
      decide,
      seen,
      dialog,
      field,
      submit,
      gestures: {
        'xstate.done.actor.loadPayouts': async ({ output }) => {
          seen.loads += 1;
          seen.loadFailure = null;
          seen.payouts = output;
          await load.resolve(output);
        },
        'xstate.error.actor.loadPayouts': async ({ error }) => {
          seen.loads += 1;
          seen.loadFailure = errorText(error);
          await load.reject(error);
        },
        'payouts.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'payouts.reload': () => fireEvent.click(screen.getByRole('button', { name: 'Refresh' })),
        'decision.open': ({ payoutId, verdict }) => {
          const payout = seen.payouts.find((entry) => entry.id === payoutId)!;
          Object.assign(seen, { target: payout, verdict, text: '', textError: null, loadFailure: null });
          const row = within(screen.getByRole('list', { name: 'Payouts waiting' })).getByRole('listitem', {
            name: heading(payout),
          });
          fireEvent.click(within(row).getByRole('button', { name: verdict === 'paid' ? 'Mark paid' : 'Mark failed' }));
        },
        'decision.change': ({ value }) => {
          seen.text = value;
          seen.textError = null;
          fireEvent.change(field(), { target: { value } });
        },
        'decision.submit': () => {
          seen.textError = problemText(decisionProblem(seen.verdict!, seen.text));
          fireEvent.click(submit());
        },
        'decision.cancel': () => {
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
          seen.target = null;
        },
        'xstate.done.actor.decidePayout': async ({ output }) => {
          seen.decisions += 1;
          seen.payouts = seen.payouts.map((payout) => (payout.id === output.id ? output : payout));
          seen.target = null;
          await decide.resolve(output);
        },
        'xstate.error.actor.decidePayout': async ({ error }) => {
          seen.decisions += 1;
          seen.textError = problemText(refusedDecision(error));
          await decide.reject(error);
        },
      },
    };
  },
  states: {
    // The payouts are being read: the spinner, nothing of the tab yet.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading payouts')).toBeInTheDocument();
      expect(load.started).toBe(seen.loads + 1);
      expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The first read failed: why, and Try again.
    failed: ({ load, seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(`The payouts could not be loaded${seen.loadFailure}`);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(load.started).toBe(seen.loads);
      expect(screen.queryByText('Loading payouts')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    },
    // The waiting payouts and the decided ones as last read or decided, Refresh ready, no dialog.
    'ready.idle': async ({ load, decide, seen }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
      expect(load.started).toBe(seen.loads);
      expect(decide.started).toBe(seen.decisions);
      const open = seen.payouts.filter(isOpen);
      expect(screen.getByRole('heading', { name: `Waiting (${open.length})` })).toBeInTheDocument();
      if (open.length === 0) expect(screen.getByText('No payouts waiting.')).toBeInTheDocument();
      else {
        const rows = within(screen.getByRole('list', { name: 'Payouts waiting' })).getAllByRole('listitem');
        expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(open.map(heading));
      }
      const decided = within(screen.getByRole('table', { name: 'Decided payouts' }))
        .getAllByRole('row')
        .slice(1);
      const shown = seen.payouts.filter((payout) => !isOpen(payout));
      if (shown.length === 0) expect(decided[0]).toHaveTextContent('No payouts decided yet.');
      else
        expect(decided.map((row) => row.textContent)).toEqual(shown.map((p) => expect.stringContaining(p.reference)));
      if (seen.loadFailure) expect(screen.getByRole('alert')).toHaveTextContent(seen.loadFailure);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The payouts are read again: Refresh waits, the list stays.
    'ready.reloading': ({ load, seen }) => {
      const refresh = screen.getByRole('button', { name: 'Refresh' });
      expect(refresh).toBeDisabled();
      expect(refresh).toHaveAttribute('aria-busy', 'true');
      expect(load.started).toBe(seen.loads + 1);
      expect(screen.getByRole('list', { name: 'Payouts waiting' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
    // The dialog asks for the reference (paid) or the reason (failed), with its problem or the server's refusal.
    'ready.deciding': ({ decide, seen, dialog, field, submit }) => {
      expect(dialog()).toHaveTextContent(
        seen.verdict === 'paid'
          ? 'The creator is told the payout was paid.'
          : 'The amount returns to the creator’s Earning Balance and the creator reads this reason.',
      );
      expect(field()).toHaveValue(seen.text);
      if (seen.textError) expect(field()).toHaveAccessibleDescription(expect.stringContaining(seen.textError));
      else expect(field()).not.toHaveAttribute('aria-invalid', 'true');
      expect(submit()).toBeEnabled();
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeEnabled();
      expect(decide.started).toBe(seen.decisions);
    },
    // The decision is on its way with its key: the dialog's buttons wait.
    'ready.sending': ({ decide, seen, dialog, submit }) => {
      expect(decide.started).toBe(seen.decisions + 1);
      expect(decide.inputs.at(-1)).toEqual({
        payoutId: seen.target!.id,
        verdict: seen.verdict,
        text: seen.text.trim(),
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect(submit()).toBeDisabled();
      expect(submit()).toHaveAttribute('aria-busy', 'true');
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
  },
});

// The operator console's Refunds and disputes tab (docs/product.md §Self-serve money), replayed along adminRefunds'
// recorded paths on the real console: the tab opened as an operator opens it, a wired refund marked sent or failed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import type { AdminRefund, CardDispute } from '@/contract/schemas/money';
import { errorText, REQUIRED_MESSAGE } from '@/machines/messages';
import { refusedDecision, type DecisionProblem } from '@/machines/operator/decisionProblem';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import {
  adminRefundsMachine,
  refundDecisionProblem,
  type RefundDecision,
  type RefundsAndDisputes,
  type RefundVerdict,
} from '@/machines/operator/adminRefunds.machine';
import { formatMoney } from '@/src/common/format';
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

// The tab's chunk is loaded once before the paths, as the browser has it after the first open.
beforeAll(() => import('@/src/operator/OperatorRefunds'));

const isWaiting = (refund: AdminRefund) =>
  refund.rail === 'manual' && (refund.status === 'requested' || refund.status === 'processing');
const heading = (refund: AdminRefund) => `${formatMoney(refund.amountCents)} to ${refund.advertiserEmail}`;

walkScreens('adminRefunds', {
  async mount() {
    const load = controlled<RefundsAndDisputes>();
    const decide = controlled<AdminRefund, RefundDecision>();
    renderScreen(
      <OperatorConsoleScreen
        logic={{
          approval: adminApprovalMachine.provide({
            actors: { loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic },
          }),
          refunds: adminRefundsMachine.provide({ actors: { loadRefunds: load.logic, decideRefund: decide.logic } }),
        }}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Refunds and disputes' }));
    await waitFor(() => expect(load.started).toBe(1));
    /** What the screen has been told so far: the answers, the refunds and disputes, the dialog's text and problem. */
    const seen = {
      loads: 0,
      loadFailure: null as string | null,
      refunds: [] as AdminRefund[],
      disputes: [] as CardDispute[],
      target: null as AdminRefund | null,
      verdict: null as RefundVerdict | null,
      text: '',
      textError: null as string | null,
      decisions: 0,
    };
    const dialog = () =>
      screen.getByRole('dialog', {
        name: `Mark the refund of ${formatMoney(seen.target!.amountCents)} ${seen.verdict === 'sent' ? 'sent' : 'failed'}`,
      });
    const field = () => within(dialog()).getByLabelText(seen.verdict === 'sent' ? 'Wire reference' : 'Reason');
    const submit = () =>
      within(dialog()).getByRole('button', { name: seen.verdict === 'sent' ? 'Mark sent' : 'Mark failed' });
    return {
      load,
      decide,
      seen,
      dialog,
      field,
      submit,
      gestures: {
        'xstate.done.actor.loadRefunds': async ({ output }) => {
          seen.loads += 1;
          seen.loadFailure = null;
          seen.refunds = output.refunds;
          seen.disputes = output.disputes;
          await load.resolve(output);
        },
        'xstate.error.actor.loadRefunds': async ({ error }) => {
          seen.loads += 1;
          seen.loadFailure = errorText(error);
          await load.reject(error);
        },
        'refunds.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'refunds.reload': () => fireEvent.click(screen.getByRole('button', { name: 'Refresh' })),
        'decision.open': ({ refundId, verdict }) => {
          const refund = seen.refunds.find((entry) => entry.id === refundId)!;
          Object.assign(seen, { target: refund, verdict, text: '', textError: null, loadFailure: null });
          const row = within(screen.getByRole('list', { name: 'Refunds waiting' })).getByRole('listitem', {
            name: heading(refund),
          });
          fireEvent.click(within(row).getByRole('button', { name: verdict === 'sent' ? 'Mark sent' : 'Mark failed' }));
        },
        'decision.change': ({ value }) => {
          seen.text = value;
          seen.textError = null;
          fireEvent.change(field(), { target: { value } });
        },
        'decision.submit': () => {
          seen.textError = problemText(refundDecisionProblem(seen.verdict!, seen.text));
          fireEvent.click(submit());
        },
        'decision.cancel': () => {
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
          seen.target = null;
        },
        'xstate.done.actor.decideRefund': async ({ output }) => {
          seen.decisions += 1;
          seen.refunds = seen.refunds.map((refund) => (refund.id === output.id ? output : refund));
          seen.target = null;
          await decide.resolve(output);
        },
        'xstate.error.actor.decideRefund': async ({ error }) => {
          seen.decisions += 1;
          seen.textError = problemText(refusedDecision(error));
          await decide.reject(error);
        },
      },
    };
  },
  states: {
    // The refunds and disputes are being read: the spinner, nothing of the tab yet.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading refunds and disputes')).toBeInTheDocument();
      expect(load.started).toBe(seen.loads + 1);
      expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The first read failed: why, and Try again.
    failed: ({ load, seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(`The refunds and disputes could not be loaded${seen.loadFailure}`);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(load.started).toBe(seen.loads);
      expect(screen.queryByText('Loading refunds and disputes')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    },
    // The card disputes, the refunds to wire and the others as last read or decided, Refresh ready, no dialog.
    'ready.idle': async ({ load, decide, seen }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
      expect(load.started).toBe(seen.loads);
      expect(decide.started).toBe(seen.decisions);
      const disputes = within(screen.getByRole('table', { name: 'Card disputes' }))
        .getAllByRole('row')
        .slice(1);
      expect(disputes.map((row) => row.textContent)).toEqual(
        seen.disputes.map((dispute) => expect.stringContaining(dispute.advertiserEmail)),
      );
      const waiting = seen.refunds.filter(isWaiting);
      expect(screen.getByRole('heading', { name: `Refunds to wire (${waiting.length})` })).toBeInTheDocument();
      if (waiting.length === 0) expect(screen.getByText('No refunds waiting.')).toBeInTheDocument();
      else {
        const rows = within(screen.getByRole('list', { name: 'Refunds waiting' })).getAllByRole('listitem');
        expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(waiting.map(heading));
      }
      const others = within(screen.getByRole('table', { name: 'Other refunds' }))
        .getAllByRole('row')
        .slice(1);
      const decided = seen.refunds.filter((refund) => !isWaiting(refund));
      if (decided.length === 0) expect(others[0]).toHaveTextContent('No other refunds.');
      else
        expect(others.map((row) => row.textContent)).toEqual(
          decided.map((refund) =>
            expect.stringContaining(
              `${formatMoney(refund.amountCents)}Wire (manual)${refund.status === 'failed' ? 'Failed' : 'Sent'}`,
            ),
          ),
        );
      if (seen.loadFailure) expect(screen.getByRole('alert')).toHaveTextContent(seen.loadFailure);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The list is read again: Refresh waits, the refunds stay.
    'ready.reloading': ({ load, seen }) => {
      const refresh = screen.getByRole('button', { name: 'Refresh' });
      expect(refresh).toBeDisabled();
      expect(refresh).toHaveAttribute('aria-busy', 'true');
      expect(load.started).toBe(seen.loads + 1);
      expect(screen.getByRole('list', { name: 'Refunds waiting' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
    // The dialog asks for the wire's reference (sent) or the reason (failed), with its problem or the server's refusal.
    'ready.deciding': ({ decide, seen, dialog, field, submit }) => {
      expect(dialog()).toHaveTextContent(
        seen.verdict === 'sent'
          ? 'The advertiser is told the money was wired back.'
          : 'The amount returns to the advertiser’s balance and the advertiser reads this reason.',
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
        refundId: seen.target!.id,
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

// The operator console's Reviews tab (docs/product.md §Verified delivery), replayed along reviewQueue's recorded paths
// on the real console: the tab is opened as an operator opens it, its list read and its Resolve dialog filled in.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import { formatCents } from '@/contract/cents';
import { errorText, REQUIRED_MESSAGE } from '@/machines/messages';
import { reviewReasonCheck } from '@/machines/money/deliveryDispute.machine';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import {
  payProblem,
  reviewQueueMachine,
  type AdminReview,
  type Resolution,
} from '@/machines/operator/reviewQueue.machine';
import { OperatorConsoleScreen } from '@/src/operator/OperatorConsole';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

// The tab's chunk is loaded once before the paths, as the browser has it after the first open.
beforeAll(() => import('@/src/operator/ReviewQueue'));

const title = (review: AdminReview) => `${review.brand}: “${review.title}”`;

/** The amount's problem as the English tab words it (the flow holds it as an id with its values), or null. */
function payWords(pay: string, earnedCents: number): string | null {
  const problem = payProblem(pay, earnedCents);
  if (!problem) return null;
  return problem.id === 'invalid'
    ? 'Enter an amount in dollars and cents, e.g. 120 or 120.50.'
    : `At most ${formatCents(problem.maxCents)}, the whole earning.`;
}

/** The reason's problem as the English tab words it, or null. */
function reasonWords(reason: string): string | null {
  const problem = reviewReasonCheck(reason);
  if (!problem) return null;
  if (problem.id === 'required') return REQUIRED_MESSAGE;
  return problem.id === 'tooShort' ? `At least ${problem.min} characters.` : `At most ${problem.max} characters.`;
}

walkScreens('reviewQueue', {
  async mount() {
    const load = controlled<AdminReview[]>();
    const resolve = controlled<AdminReview, Resolution>();
    renderScreen(
      <OperatorConsoleScreen
        logic={{
          approval: adminApprovalMachine.provide({
            actors: { loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic },
          }),
          reviews: reviewQueueMachine.provide({ actors: { loadReviews: load.logic, resolveReview: resolve.logic } }),
        }}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Reviews' }));
    await waitFor(() => expect(load.started).toBe(1));
    /** What the screen has been told so far: the answers, the list, the dialog's fields and messages. */
    const seen = {
      loads: 0,
      loadFailure: null as string | null,
      reviews: [] as AdminReview[],
      target: null as AdminReview | null,
      pay: '',
      reason: '',
      payError: null as string | null,
      reasonError: null as string | null,
      refusal: null as string | null,
      resolutions: 0,
      notice: null as string | null,
    };
    const dialog = () => screen.getByRole('dialog', { name: `Resolve ${seen.target!.brand} “${seen.target!.title}”` });
    const field = (label: string) => within(dialog()).getByLabelText(label);
    return {
      load,
      resolve,
      seen,
      dialog,
      field,
      gestures: {
        'xstate.done.actor.loadReviews': async ({ output }) => {
          seen.loads += 1;
          seen.loadFailure = null;
          seen.reviews = output;
          await load.resolve(output);
        },
        'xstate.error.actor.loadReviews': async ({ error }) => {
          seen.loads += 1;
          seen.loadFailure = errorText(error);
          await load.reject(error);
        },
        'reviews.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'reviews.reload': () => {
          seen.notice = null;
          fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
        },
        'resolve.open': ({ offerId }) => {
          const review = seen.reviews.find((entry) => entry.offerId === offerId)!;
          Object.assign(seen, {
            target: review,
            pay: '',
            reason: '',
            payError: null,
            reasonError: null,
            refusal: null,
            notice: null,
          });
          const row = within(screen.getByRole('list', { name: 'Earnings to review' })).getByRole('listitem', {
            name: title(review),
          });
          fireEvent.click(within(row).getByRole('button', { name: 'Resolve' }));
        },
        'pay.change': ({ value }) => {
          seen.pay = value;
          seen.payError = null;
          fireEvent.change(field('Pay the creator'), { target: { value } });
        },
        'pay.full': () => {
          seen.pay = '225';
          seen.payError = null;
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Pay in full' }));
        },
        'refund.full': () => {
          seen.pay = '0';
          seen.payError = null;
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Refund in full' }));
        },
        'reason.change': ({ value }) => {
          seen.reason = value;
          seen.reasonError = null;
          fireEvent.change(field('Reason'), { target: { value } });
        },
        'resolve.submit': () => {
          const payError = payWords(seen.pay, seen.target!.earnedCents);
          const reasonError = reasonWords(seen.reason);
          if (payError !== null || reasonError !== null) Object.assign(seen, { payError, reasonError });
          else seen.refusal = null;
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Resolve' }));
        },
        'resolve.cancel': () => {
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
          seen.target = null;
        },
        'xstate.done.actor.resolveReview': async ({ output }) => {
          seen.resolutions += 1;
          const review = seen.target!;
          const payCents = Math.round(Number(seen.pay) * 100);
          seen.notice = `Resolved ${review.brand} “${review.title}”: $${payCents / 100} to ${review.creatorName}, $${(review.earnedCents - payCents) / 100} back to the advertiser.`;
          seen.reviews = seen.reviews.filter((entry) => entry.offerId !== review.offerId);
          seen.target = null;
          await resolve.resolve(output);
        },
        'xstate.error.actor.resolveReview': async ({ error }) => {
          seen.resolutions += 1;
          seen.refusal = errorText(error);
          await resolve.reject(error);
        },
      },
    };
  },
  states: {
    // The list is being read: its spinner, no list, no Refresh, no error.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading reviews')).toBeInTheDocument();
      expect(load.started).toBe(seen.loads + 1);
      expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The first read failed: why, and Try again; nothing else of the tab.
    failed: ({ load, seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The reviews could not be loaded');
      expect(alert).toHaveTextContent(seen.loadFailure!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(load.started).toBe(seen.loads);
      expect(screen.queryByText('Loading reviews')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    },
    // The list as last read (minus what was resolved), Refresh ready, no dialog; a failed reload or a resolution said.
    'ready.idle': async ({ load, resolve, seen }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
      expect(load.started).toBe(seen.loads);
      expect(resolve.started).toBe(seen.resolutions);
      const rows = within(screen.getByRole('list', { name: 'Earnings to review' })).getAllByRole('listitem', {
        name: /: “/,
      });
      expect(rows.map((row) => within(row).getByRole('heading', { level: 2 }).textContent)).toEqual(
        seen.reviews.map(title),
      );
      if (seen.loadFailure) expect(screen.getByRole('alert')).toHaveTextContent(seen.loadFailure);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      if (seen.notice) expect(screen.getByText(/^Resolved /)).toHaveTextContent(seen.notice);
      else expect(screen.queryByText(/^Resolved /)).not.toBeInTheDocument();
    },
    // The list is read again: Refresh waits, the rows stay.
    'ready.reloading': ({ load, seen }) => {
      const refresh = screen.getByRole('button', { name: 'Refresh' });
      expect(refresh).toBeDisabled();
      expect(refresh).toHaveAttribute('aria-busy', 'true');
      expect(load.started).toBe(seen.loads + 1);
      expect(screen.getByRole('list', { name: 'Earnings to review' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
    // The Resolve dialog: the earning, the fields as typed, their problems after a Resolve, the server's refusal.
    'ready.resolving': ({ resolve, seen, dialog, field }) => {
      expect(dialog()).toHaveTextContent(
        `${seen.target!.creatorName} earned $225. What you do not pay the creator returns to the advertiser`,
      );
      expect(field('Pay the creator')).toHaveValue(seen.pay);
      expect(field('Reason')).toHaveValue(seen.reason);
      expect(field('Pay the creator')).toBeEnabled();
      expect(within(dialog()).getByRole('button', { name: 'Resolve' })).toBeEnabled();
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeEnabled();
      for (const [label, error] of [
        ['Pay the creator', seen.payError],
        ['Reason', seen.reasonError],
      ] as const) {
        if (error) expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(error));
        else expect(field(label)).not.toHaveAttribute('aria-invalid', 'true');
      }
      if (seen.refusal) {
        expect(within(dialog()).getByRole('alert')).toHaveTextContent(`Not resolved${seen.refusal}`);
      } else expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
      expect(resolve.started).toBe(seen.resolutions);
    },
    // The resolution is on its way with its key: the dialog's fields and buttons wait.
    'ready.sending': ({ resolve, seen, dialog, field }) => {
      expect(resolve.started).toBe(seen.resolutions + 1);
      expect(resolve.inputs.at(-1)).toEqual({
        offerId: seen.target!.offerId,
        payCents: Math.round(Number(seen.pay) * 100),
        reason: seen.reason.trim(),
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect(within(dialog()).getByRole('button', { name: 'Resolve' })).toBeDisabled();
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(field('Pay the creator')).toBeDisabled();
      expect(field('Reason')).toBeDisabled();
    },
  },
});

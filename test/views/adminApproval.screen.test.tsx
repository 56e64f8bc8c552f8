// The operator console's Advertisers tab (docs/product.md §Marketplace "Operator console"), replayed along
// adminApproval's recorded paths on the real console (the tab it opens on): the advertisers waiting for review or
// decided, each approved, or rejected with a required reason in a dialog; a refusal or a failed read says why, with
// Try again; each decision is confirmed by a status message.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import { errorText, REQUIRED_MESSAGE } from '@/machines/messages';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import { OperatorConsoleScreen } from '@/src/operator/OperatorConsole';
import { controlled, renderScreen, type Gestures } from './harness';
import { walkScreens } from './screens';

// The reason dialog's chunk is loaded once before the paths, as the browser has it after the first Reject.
beforeAll(() => import('@/src/operator/RejectReason'));

const FILTER_LABEL: Record<ApprovalFilter, string> = { pending: 'Waiting for approval', decided: 'Decided' };
const LIST_NAME: Record<ApprovalFilter, string> = {
  pending: 'Advertisers waiting for approval',
  decided: 'Decided advertisers',
};
const EMPTY: Record<ApprovalFilter, string> = {
  pending: 'No advertisers waiting for approval.',
  decided: 'No advertiser decided yet.',
};

/** What the screen has been told so far: the list and its filter, the last failure, the decision under way. */
interface Seen {
  filter: ApprovalFilter;
  advertisers: PendingAdvertiser[];
  /** The failed read or refused decision the screen says. */
  error: string | null;
  notice: string | null;
  target: PendingAdvertiser | null;
  reason: string;
  reasonError: string | null;
  settled: { load: number; approve: number; reject: number };
}

function mountConsole() {
  const load = controlled<PendingAdvertiser[], { filter: ApprovalFilter }>();
  const approve = controlled<PendingAdvertiser, { userId: string }>();
  const reject = controlled<PendingAdvertiser, { userId: string; reason: string }>();
  renderScreen(
    <OperatorConsoleScreen
      logic={{
        approval: adminApprovalMachine.provide({
          actors: { loadPending: load.logic, approveAdvertiser: approve.logic, rejectAdvertiser: reject.logic },
        }),
      }}
    />,
    { path: '/admin', jwt: 'operator.jwt' },
  );
  const seen: Seen = {
    filter: 'pending',
    advertisers: [],
    error: null,
    notice: null,
    target: null,
    reason: '',
    reasonError: null,
    settled: { load: 0, approve: 0, reject: 0 },
  };
  const dialog = () => screen.getByRole('dialog', { name: `Reject ${seen.target!.companyName}` });
  const item = (advertiser: PendingAdvertiser) =>
    within(
      within(screen.getByRole('list', { name: LIST_NAME.pending })).getByRole('listitem', {
        name: advertiser.companyName,
      }),
    );
  const find = (userId: string) => seen.advertisers.find((a) => a.userId === userId)!;
  /** A decision answered: the advertiser leaves the list, the status message confirms it. */
  const reviewed = (output: PendingAdvertiser) => {
    seen.advertisers = seen.advertisers.filter((a) => a.userId !== seen.target!.userId);
    seen.notice =
      output.status === 'rejected'
        ? `Rejected ${output.companyName}: they read your reason and can send their profile again.`
        : `Approved ${output.companyName}: they can launch campaigns now.`;
    Object.assign(seen, { target: null, error: null });
  };
  return {
    load,
    approve,
    reject,
    seen,
    dialog,
    gestures: {
      'xstate.done.actor.loadPending': async ({ output }) => {
        seen.settled.load += 1;
        Object.assign(seen, { advertisers: output, error: null });
        await load.resolve(output);
      },
      'xstate.error.actor.loadPending': async ({ error }) => {
        seen.settled.load += 1;
        seen.error = errorText(error);
        await load.reject(error);
      },
      // Beside the failure: the console's own (the first read) or the list's (a reload, a refused decision).
      'approval.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
      'filter.change': ({ filter }) => {
        // The last filter chosen wins: a read under way for the other one is dropped (its answer never taken).
        if (filter !== seen.filter && load.started > seen.settled.load) seen.settled.load += 1;
        Object.assign(seen, { filter, advertisers: [], error: null });
        fireEvent.click(screen.getByRole('radio', { name: FILTER_LABEL[filter] }));
      },
      'approval.approve': ({ userId }) => {
        Object.assign(seen, { target: find(userId), error: null, notice: null });
        fireEvent.click(item(seen.target!).getByRole('button', { name: 'Approve' }));
      },
      'approval.reject': async ({ userId }) => {
        Object.assign(seen, { target: find(userId), reason: '', reasonError: null, error: null, notice: null });
        fireEvent.click(item(seen.target!).getByRole('button', { name: 'Reject' }));
        // The dialog is lazy: React takes its loaded chunk on the next turn.
        await act(async () => {});
      },
      'reason.change': ({ value }) => {
        Object.assign(seen, { reason: value, reasonError: null });
        fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value } });
      },
      'reason.submit': () => {
        if (seen.reason.trim() === '') seen.reasonError = REQUIRED_MESSAGE;
        fireEvent.click(within(dialog()).getByRole('button', { name: 'Reject' }));
      },
      'reason.cancel': () => {
        fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
        seen.target = null;
      },
      'xstate.done.actor.approveAdvertiser': async ({ output }) => {
        seen.settled.approve += 1;
        reviewed(output);
        await approve.resolve(output);
      },
      'xstate.error.actor.approveAdvertiser': async ({ error }) => {
        seen.settled.approve += 1;
        Object.assign(seen, { error: errorText(error), target: null });
        await approve.reject(error);
      },
      'xstate.done.actor.rejectAdvertiser': async ({ output }) => {
        seen.settled.reject += 1;
        reviewed(output);
        await reject.resolve(output);
      },
      'xstate.error.actor.rejectAdvertiser': async ({ error }) => {
        seen.settled.reject += 1;
        seen.reasonError = errorText(error);
        await reject.reject(error);
      },
    } satisfies Gestures<typeof adminApprovalMachine>,
  };
}

type Mounted = ReturnType<typeof mountConsole>;
type Pending = { load?: boolean; approve?: boolean; reject?: boolean };

/** Which requests are under way (one more call than answers), the others all answered. */
function expectRequests({ load, approve, reject, seen }: Mounted, pending: Pending) {
  expect({ load: load.started, approve: approve.started, reject: reject.started }).toEqual({
    load: seen.settled.load + (pending.load ? 1 : 0),
    approve: seen.settled.approve + (pending.approve ? 1 : 0),
    reject: seen.settled.reject + (pending.reject ? 1 : 0),
  });
}

/**
 * The tab with its list read: the filter, the advertisers of it (or the empty card), the status message of the last
 * decision, the failure with Try again when nothing is under way; the buttons wait while something is.
 */
function expectList(mounted: Mounted, phase: 'idle' | 'reloading' | 'approving' | 'rejecting') {
  const { seen } = mounted;
  // The reason dialog is modal: the tab stays drawn behind it, out of reach (hidden from assistive technology).
  const behind = { hidden: phase === 'rejecting' };
  if (phase === 'rejecting') expect(screen.queryByRole('radiogroup', { name: 'Show' })).toBeNull();
  expect(screen.queryByText('The advertisers could not be loaded')).not.toBeInTheDocument();
  const filter = screen.getByRole('radiogroup', { name: 'Show', ...behind });
  expect(within(filter).getByRole('radio', { name: FILTER_LABEL[seen.filter], ...behind })).toBeChecked();
  // Another list may be asked for unless a decision is under way.
  for (const radio of within(filter).getAllByRole('radio', behind))
    if (phase === 'approving' || phase === 'rejecting') expect(radio).toBeDisabled();
    else expect(radio).toBeEnabled();

  // The last decision's status message, with Show decided on the waiting list.
  const notices = screen
    .queryAllByRole('status', behind)
    .filter((el) => /^(Approved|Rejected) /.test(el.textContent ?? ''));
  if (seen.notice) {
    expect(notices).toHaveLength(1);
    expect(notices[0]).toHaveTextContent(seen.notice);
    const more = within(notices[0]!).queryByRole('button', { name: 'Show decided', ...behind });
    if (seen.filter === 'pending') expect(more).toBeInTheDocument();
    else expect(more).toBeNull();
  } else expect(notices).toEqual([]);

  // The failed read or refused decision; Try again beside it when nothing is under way.
  const failures = screen
    .queryAllByRole('alert', behind)
    .filter((el) => !el.closest('[role="dialog"]') && el.textContent);
  if (seen.error) {
    expect(failures).toHaveLength(1);
    expect(failures[0]).toHaveTextContent(seen.filter === 'pending' ? 'Not reviewed' : 'Not loaded');
    expect(failures[0]).toHaveTextContent(seen.error);
    const retry = within(failures[0]!).queryByRole('button', { name: 'Try again', ...behind });
    if (phase === 'idle') expect(retry).toBeEnabled();
    else expect(retry).toBeNull();
  } else expect(failures).toEqual([]);

  // A reload after a change of filter has nothing to show yet: its spinner.
  const emptied = phase === 'reloading' && seen.advertisers.length === 0;
  if (emptied) expect(screen.getByText('Loading advertisers')).toBeInTheDocument();
  else expect(screen.queryByText('Loading advertisers')).not.toBeInTheDocument();
  const empty = screen.queryByText(EMPTY[seen.filter]);
  if (!emptied && seen.advertisers.length === 0) expect(empty).toBeInTheDocument();
  else expect(empty).not.toBeInTheDocument();
  expect(screen.queryByText(EMPTY[seen.filter === 'pending' ? 'decided' : 'pending'])).not.toBeInTheDocument();
  // (Behind the dialog the list's aria-label yields no accessible name: it is found by the label itself.)
  const list =
    phase === 'rejecting'
      ? (screen.queryAllByRole('list', behind).find((ul) => ul.getAttribute('aria-label') === LIST_NAME[seen.filter]) ??
        null)
      : screen.queryByRole('list', { name: LIST_NAME[seen.filter] });
  const items = list ? within(list).queryAllByRole('listitem', behind) : [];
  expect(items.map((li) => within(li).getByRole('heading', behind).textContent)).toEqual(
    seen.advertisers.map((a) => a.companyName),
  );
  for (const [i, advertiser] of seen.advertisers.entries()) {
    const approve = within(items[i]!).queryByRole('button', { name: 'Approve', ...behind });
    const reject = within(items[i]!).queryByRole('button', { name: 'Reject', ...behind });
    // Decided advertisers are listed without buttons.
    if (seen.filter === 'decided') {
      expect([approve, reject]).toEqual([null, null]);
      continue;
    }
    if (phase === 'idle') {
      expect(approve).toBeEnabled();
      expect(reject).toBeEnabled();
    } else {
      expect(approve).toBeDisabled();
      expect(reject).toBeDisabled();
    }
    // (Behind the dialog, the target's Approve also says busy while its rejection is sent: not checked there.)
    if (phase === 'approving' && advertiser.userId === seen.target?.userId)
      expect(approve).toHaveAttribute('aria-busy', 'true');
    else if (phase !== 'rejecting') expect(approve).not.toHaveAttribute('aria-busy');
  }
  if (phase !== 'rejecting') expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}

/** The reason dialog for the advertiser being rejected: its field, its message, its buttons. */
function expectDialog({ seen, dialog }: Mounted, sending: boolean) {
  const d = within(dialog());
  const field = d.getByLabelText('Reason');
  expect(field).toHaveValue(seen.reason);
  if (seen.reasonError) expect(field).toHaveAccessibleDescription(expect.stringContaining(seen.reasonError));
  else expect(field).not.toHaveAttribute('aria-invalid', 'true');
  const send = d.getByRole('button', { name: 'Reject' });
  const cancel = d.getByRole('button', { name: 'Cancel' });
  if (sending) {
    expect(send).toBeDisabled();
    expect(send).toHaveAttribute('aria-busy', 'true');
    expect(cancel).toBeDisabled();
  } else {
    expect(send).toBeEnabled();
    expect(cancel).toBeEnabled();
  }
}

walkScreens('adminApproval', {
  mount: () => mountConsole(),
  states: {
    // The first read under way: the tab's spinner, nothing else.
    loading: (mounted) => {
      expect(screen.getByText('Loading advertisers')).toBeInTheDocument();
      expect(screen.queryByRole('radiogroup', { name: 'Show' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expectRequests(mounted, { load: true });
      expect(mounted.load.inputs.at(-1)).toEqual({ filter: mounted.seen.filter });
    },
    // The first read failed: why, and Try again; no list; nothing read meanwhile.
    failed: (mounted) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The advertisers could not be loaded');
      expect(alert).toHaveTextContent(mounted.seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByRole('radiogroup', { name: 'Show' })).not.toBeInTheDocument();
      expect(screen.queryByText('Loading advertisers')).not.toBeInTheDocument();
      expectRequests(mounted, {});
    },
    'ready.idle': (mounted) => {
      expectList(mounted, 'idle');
      expectRequests(mounted, {});
    },
    // The list read again (its filter's): the advertisers shown stay until it answers.
    'ready.reloading': (mounted) => {
      expectList(mounted, 'reloading');
      expectRequests(mounted, { load: true });
      expect(mounted.load.inputs.at(-1)).toEqual({ filter: mounted.seen.filter });
    },
    'ready.approving': (mounted) => {
      expectList(mounted, 'approving');
      expectRequests(mounted, { approve: true });
      expect(mounted.approve.inputs.at(-1)).toEqual({ userId: mounted.seen.target!.userId });
    },
    'ready.rejecting.editing': (mounted) => {
      expectList(mounted, 'rejecting');
      expectDialog(mounted, false);
      expectRequests(mounted, {});
    },
    'ready.rejecting.sending': (mounted) => {
      expectList(mounted, 'rejecting');
      expectDialog(mounted, true);
      expectRequests(mounted, { reject: true });
      expect(mounted.reject.inputs.at(-1)).toEqual({
        userId: mounted.seen.target!.userId,
        reason: mounted.seen.reason.trim(),
      });
    },
  },
});

// The operator console's Platform budgets tab (docs/product.md §Platform limits), through its machine with controlled
// actors: a card per shared budget or one needing attention (a meter of spent against capacity, what is left, the
// reset, the platform's refusal, the calls waiting and put off in words), creators' quiet tokens in a table, the empty
// state, a failed read and a failed refresh; axe finds nothing; then the wiring (GET /api/admin/budgets with the jwt,
// the server's 403 read as the console's refusal).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUDGET_PURPOSES } from '@/contract/budgets';
import type { PlatformBudget } from '@/contract/schemas/budgets';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import { adminBudgetsMachine } from '@/machines/operator/adminBudgets.machine';
import {
  sampleBudgets,
  sampleTwitchAppBudget,
  sampleTwitchUserBudget,
  sampleYouTubeBudget,
} from '@/machines/operator/adminBudgets.samples';
import { OPERATORS_ONLY } from '@/src/operator/asOperator';
import { OperatorConsoleScreen } from '@/src/operator/OperatorConsole';
import { controlled, renderScreen } from './harness';

// The tab's chunk is loaded once before the tests (as the browser has it after the first open).
beforeAll(() => import('@/src/operator/OperatorBudgets'));

const request = vi.hoisted(() => vi.fn());
vi.mock('@/src/api/client', () => ({ request }));
afterEach(() => request.mockReset());

async function violations(root: Element) {
  const result = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A creator's token with nothing refused, waiting or put off: a row of the table. */
const quietBudget: PlatformBudget = {
  ...sampleTwitchAppBudget,
  credential: 'user:5550001',
  login: 'mia_plays',
  owner: 'channel',
  purposes: ['analytics_collection', 'archive_stream_sessions'],
  spent: 12,
  remaining: 748,
  resetAt: '2026-11-26T14:02:51.000Z',
};
const unnamedBudget: PlatformBudget = {
  ...quietBudget,
  credential: 'user:5550002',
  login: null,
  owner: 'disconnected',
  purposes: [],
  spent: 0,
};

async function setup() {
  const load = controlled<PlatformBudget[]>();
  const approvals = controlled<PendingAdvertiser[], { filter: ApprovalFilter }>();
  const view = renderScreen(
    <OperatorConsoleScreen
      logic={{
        approval: adminApprovalMachine.provide({ actors: { loadPending: approvals.logic } }),
        budgets: adminBudgetsMachine.provide({ actors: { loadBudgets: load.logic } }),
      }}
    />,
    { path: '/admin', jwt: 'operator.jwt' },
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Platform budgets' }));
  await waitFor(() => expect(load.started).toBe(1));
  return { load, user, view };
}

const list = () => screen.getByRole('list', { name: 'Platform budgets' });
const card = (name: string) => within(list()).getByRole('listitem', { name });

describe('Operator Console: Platform budgets', () => {
  it('shows each budget: a meter of spent against capacity, what is left, the reset, the refusal, what waits and why', async () => {
    const { load, view } = await setup();
    await load.resolve([...sampleBudgets, quietBudget, unnamedBudget]);

    // Refused first, then the ones with calls waiting, then the rest.
    expect(
      within(list())
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      'Twitch: ana_speedruns’s channel',
      'YouTube: the project’s daily quota',
      'Twitch: Castbridge’s app',
      'Twitch: Castbridge’s chat account',
    ]);
    // Named by whose it is and what it is used for: never a token or an account id where a name is known.
    expect(list()).not.toHaveTextContent(/token|167897161/);

    const chat = card('Twitch: Castbridge’s chat account');
    expect(chat).toHaveTextContent('Used for chat bot and EventSub chat subscriptions.');

    const app = card('Twitch: Castbridge’s app');
    expect(app).toHaveTextContent('Used for delivery verification and live push.');
    const meter = within(app).getByRole('meter', { name: 'Spent this minute' });
    expect(meter).toHaveAttribute('aria-valuenow', '312');
    expect(meter).toHaveAttribute('aria-valuemax', '800');
    expect(meter).toHaveAttribute('aria-valuetext', '312 of 800 points spent');
    expect(app).toHaveTextContent('Spent this minute312 of 800 points');
    expect(app).toHaveTextContent('Left448 points');
    expect(app).toHaveTextContent('Resets at14:03:00 UTC');
    expect(app).toHaveTextContent('Available');
    expect(app).toHaveTextContent('Nothing waiting.');
    expect(app).not.toHaveTextContent('refused');

    const refused = card('Twitch: ana_speedruns’s channel');
    expect(refused).toHaveTextContent('Refused by Twitch');
    expect(refused).toHaveTextContent('Used for analytics collection and archive stream sessions.');
    expect(refused).toHaveTextContent(
      'Twitch refused calls until 14:02:40 UTC (Twitch answered 429): someone else spent this account’s budget. Every instance waits for the reset.',
    );
    expect(within(refused).getByRole('meter')).toHaveAttribute('aria-valuetext', '760 of 800 points spent');
    expect(within(within(refused).getByRole('region', { name: 'Waiting' })).getByRole('listitem')).toHaveTextContent(
      'Archive stream sessions: 1 waiting since 14:02 UTC — Twitch refused until the reset: Twitch answered 429. Priority: live chat, served first.',
    );

    const youtube = card('YouTube: the project’s daily quota');
    expect(within(youtube).getByRole('meter', { name: 'Spent today' })).toHaveAttribute(
      'aria-valuetext',
      '7,140 of 10,000 units spent',
    );
    expect(youtube).toHaveTextContent('Left2,760 units');
    expect(youtube).toHaveTextContent('Resets atNov 27, 2026, 08:00 UTC (midnight Pacific)');
    expect(youtube).toHaveTextContent('Calls waiting');
    expect(within(within(youtube).getByRole('region', { name: 'Waiting' })).getByRole('listitem')).toHaveTextContent(
      'Analytics collection: 3 waiting since 14:02 UTC — the budget of this window is spent or kept for higher priorities. Priority: analytics, after chat and verification.',
    );
    expect(
      within(within(youtube).getByRole('region', { name: 'Put off until the budget comes back' })).getByRole(
        'listitem',
      ),
    ).toHaveTextContent(
      'Analytics collection: 12 put off until Nov 27, 2026, 08:00 UTC, then tried again. Priority: analytics, after chat and verification.',
    );
    // Issue 46: how often verification reads the live broadcasts, lowered evenly and said so.
    expect(
      within(within(youtube).getByRole('region', { name: 'How often it looks' })).getByRole('listitem'),
    ).toHaveTextContent(
      'Delivery verification: 412 live or starting broadcasts read every 2 minutes, lowered for all of them from every minute to keep within this budget.',
    );
    expect(within(refused).queryByRole('region', { name: 'How often it looks' })).toBeNull();

    // Creators' channels with nothing to look at: one row each, named by channel (or, for an account no longer
    // connected, by its Twitch account id), with what it is used for.
    const table = screen.getByRole('table', { name: 'Creators’ Twitch channels with nothing waiting' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'milo_playsanalytics collection6 of 80075414:02:51 UTC',
      'mia_playsanalytics collection and archive stream sessions12 of 80074814:02:51 UTC',
      'a channel no longer connected (Twitch account 5550002)—0 of 80074814:02:51 UTC',
    ]);

    expect(await violations(view.container)).toEqual([]);
  });

  it('words every purpose and reason the answer codes; a refusal whose answer is unknown says so without it', async () => {
    const { load } = await setup();
    const since = '2026-11-26T14:02:05.000Z';
    await load.resolve([
      {
        ...sampleTwitchUserBudget,
        purposes: [...BUDGET_PURPOSES],
        refusedReason: null,
        waiting: [
          { purpose: 'chat_bot', priority: 'chat', count: 2, since, reason: 'refused', refusedReason: null },
          { purpose: 'eventsub', priority: 'chat', count: 1, since, reason: 'spent', refusedReason: null },
        ],
        deferred: [{ purpose: 'identity_at_connect', priority: 'connect', count: 1, until: since }],
      },
    ]);
    const refused = card('Twitch: ana_speedruns’s channel');
    expect(refused).toHaveTextContent(
      'Used for analytics collection, archive chat, archive stream sessions, chat bot, delivery verification, EventSub chat subscriptions, identity at connect and live push.',
    );
    expect(refused).toHaveTextContent(
      'Twitch refused calls until 14:02:40 UTC: someone else spent this account’s budget. Every instance waits for the reset.',
    );
    expect(
      within(within(refused).getByRole('region', { name: 'Waiting' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Chat bot: 2 waiting since 14:02 UTC — Twitch refused until the reset. Priority: live chat, served first.',
      'EventSub chat subscriptions: 1 waiting since 14:02 UTC — the budget of this window is spent or kept for higher priorities. Priority: live chat, served first.',
    ]);
    expect(
      within(within(refused).getByRole('region', { name: 'Put off until the budget comes back' })).getByRole(
        'listitem',
      ),
    ).toHaveTextContent(
      'Identity at connect: 1 put off until 14:02:05 UTC, then tried again. Priority: connecting accounts.',
    );
    // No code shows as it came.
    for (const code of BUDGET_PURPOSES) expect(list()).not.toHaveTextContent(code);
  });

  it('says when nothing has called a platform yet', async () => {
    const { load, view } = await setup();
    await load.resolve([]);
    expect(screen.getByText('No platform budget used yet: nothing has called Twitch or YouTube.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Platform budgets' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(await violations(view.container)).toEqual([]);
  });

  it('a failed read says why with Try again; a failed Refresh keeps the figures shown and says so', async () => {
    const { load, user } = await setup();
    await load.reject(new Error(OPERATORS_ONLY));
    expect(screen.getByText('The platform budgets could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(OPERATORS_ONLY)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(load.started).toBe(2);
    await load.resolve([sampleTwitchAppBudget]);
    expect(card('Twitch: Castbridge’s app')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(load.started).toBe(3);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
    await load.reject(new Error('Failed to fetch'));
    expect(screen.getByText('Not read again')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch The figures below are from the last read.')).toBeInTheDocument();
    expect(card('Twitch: Castbridge’s app')).toHaveTextContent('312 of 800 points');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await load.resolve([sampleYouTubeBudget, sampleTwitchUserBudget]);
    expect(screen.queryByText('Not read again')).toBeNull();
    expect(within(list()).queryByRole('listitem', { name: 'Twitch: Castbridge’s app' })).toBeNull();
    expect(card('YouTube: the project’s daily quota')).toBeInTheDocument();
  });

  it('wires the tab to GET /api/admin/budgets with the jwt; a 403 reads as the console’s refusal', async () => {
    request.mockResolvedValueOnce({ budgets: sampleBudgets });
    const { adminBudgetsActors } = await import('@/src/operator/adminBudgets');
    const { createActor, toPromise } = await import('xstate');
    const actors = adminBudgetsActors(() => 'operator.jwt');
    expect(await toPromise(createActor(actors.loadBudgets).start())).toEqual(sampleBudgets);
    expect(request).toHaveBeenCalledWith('adminBudgets', { jwt: 'operator.jwt' });
    request.mockRejectedValueOnce(Object.assign(new Error('Forbidden'), { status: 403 }));
    await expect(toPromise(createActor(actors.loadBudgets).start())).rejects.toThrow(OPERATORS_ONLY);
  });
});

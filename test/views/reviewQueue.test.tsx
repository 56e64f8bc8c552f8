// The operator console's Reviews tab (docs/product.md §Verified delivery), through its machine with controlled actors: held and
// disputed earnings with their reasons; Resolve's titled dialog (the creator's pay in dollars, Pay in full, Refund in
// full, a reason), sent with an Idempotency-Key; the row leaves and an announced status message says what was decided.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import { REQUIRED_MESSAGE } from '@/machines/messages';
import { reviewQueueMachine, type AdminReview, type Resolution } from '@/machines/operator/reviewQueue.machine';
import { sampleAdminReview, sampleHeldReview } from '@/machines/operator/samples';
import { OPERATORS_ONLY } from '@/src/operator/asOperator';
import { OperatorConsoleScreen } from '@/src/operator/OperatorConsole';
import { controlled, renderScreen } from './harness';

// The tab's chunk is loaded once before the tests (as the browser has it after the first open): the waits are on
// the list and the dialog, not on transforming their modules.
beforeAll(() => import('@/src/operator/ReviewQueue'));

const request = vi.hoisted(() => vi.fn());
vi.mock('@/src/api/client', () => ({ request }));
afterEach(() => request.mockReset());

const REASON = 'Half the verified minutes had no overlay in the recording.';

async function setup() {
  const load = controlled<AdminReview[]>();
  const resolve = controlled<AdminReview, Resolution>();
  const approvals = controlled<PendingAdvertiser[], { filter: ApprovalFilter }>();
  renderScreen(
    <OperatorConsoleScreen
      logic={{
        approval: adminApprovalMachine.provide({ actors: { loadPending: approvals.logic } }),
        reviews: reviewQueueMachine.provide({ actors: { loadReviews: load.logic, resolveReview: resolve.logic } }),
      }}
    />,
    { path: '/admin', jwt: 'operator.jwt' },
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Reviews' }));
  // The tab's chunk arrives, then its list is read.
  await waitFor(() => expect(load.started).toBe(1));
  return { load, resolve, user };
}

const list = () => screen.getByRole('list', { name: 'Earnings to review' });
const row = (name: string) => within(list()).getByRole('listitem', { name });

describe('Operator Console: Reviews', () => {
  it('lists held and disputed earnings with their brand, creator, earning, window, status and reasons', async () => {
    const { load } = await setup();
    await load.resolve([sampleAdminReview, sampleHeldReview]);
    expect(within(list()).getAllByRole('listitem', { name: /^(Nova Energy|Glow Cola)/ })).toHaveLength(2);
    const disputed = row('Nova Energy: “Weekend streams”');
    expect(disputed).toHaveTextContent('Disputed');
    expect(disputed).toHaveTextContent('Ana Lee · ana@example.com');
    expect(disputed).toHaveTextContent('Earned $225 · window ends Nov 26, 2026, 18:30 UTC');
    expect(disputed).toHaveTextContent('The recording shows no overlay on screen.');
    const held = row('Glow Cola: “Night runs”');
    expect(held).toHaveTextContent('Held for review');
    expect(within(within(held).getByRole('list', { name: 'Held because' })).getByRole('listitem')).toHaveTextContent(
      'Viewers 2,400 against a baseline of 90.',
    );
    expect(held).not.toHaveTextContent('dispute');
  });

  it('Resolve: a titled dialog; the amount and reason checked; Pay in full, Refund in full; the row leaves and the decision is announced', async () => {
    const { load, resolve, user } = await setup();
    await load.resolve([sampleAdminReview, sampleHeldReview]);
    await user.click(within(row('Nova Energy: “Weekend streams”')).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Nova Energy “Weekend streams”' });
    const pay = within(dialog).getByLabelText('Pay the creator');
    const reason = within(dialog).getByLabelText('Reason');
    await user.type(pay, '300');
    await user.type(reason, 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(pay).toHaveAccessibleDescription(expect.stringContaining('At most $225, the whole earning.'));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('At least 10 characters.'));
    expect(resolve.started).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Pay in full' }));
    expect(pay).toHaveValue('225');
    await user.click(within(dialog).getByRole('button', { name: 'Refund in full' }));
    expect(pay).toHaveValue('0');
    await user.clear(pay);
    await user.type(pay, '100');
    await user.clear(reason);
    await user.type(reason, REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(resolve.inputs).toEqual([
      { offerId: 'off_1', payCents: 10_000, reason: REASON, idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
    // A refusal keeps the dialog and says why; the same resolution sent again keeps its key.
    await resolve.reject(Object.assign(new Error('This earning is not held or disputed.'), { status: 409 }));
    expect(within(dialog).getByText('This earning is not held or disputed.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(resolve.inputs[1]!.idempotencyKey).toBe(resolve.inputs[0]!.idempotencyKey);
    await resolve.resolve({ ...sampleAdminReview, status: 'resolved' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(list()).getAllByRole('listitem', { name: /^(Nova Energy|Glow Cola)/ })).toHaveLength(1);
    expect(within(list()).queryByRole('listitem', { name: 'Nova Energy: “Weekend streams”' })).toBeNull();
    const status = screen.getByText(/^Resolved Nova Energy/).closest('[aria-live="polite"]');
    expect(status).toHaveTextContent(
      'Resolved Nova Energy “Weekend streams”: $100 to Ana Lee, $125 back to the advertiser.',
    );
  });

  it('an empty reason is required; Cancel sends nothing', async () => {
    const { load, resolve, user } = await setup();
    await load.resolve([sampleHeldReview]);
    await user.click(within(row('Glow Cola: “Night runs”')).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Glow Cola “Night runs”' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay in full' }));
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining(REQUIRED_MESSAGE),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resolve.started).toBe(0);
    expect(row('Glow Cola: “Night runs”')).toBeInTheDocument();
  });

  it('says when nothing waits, and why the list could not be loaded', async () => {
    const { load, user } = await setup();
    await load.reject(new Error(OPERATORS_ONLY));
    expect(screen.getByText(OPERATORS_ONLY, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await load.resolve([]);
    expect(screen.getByText('No earnings held or disputed.')).toBeInTheDocument();
  });

  it('wires the queue to GET /api/admin/reviews and POST /api/admin/reviews/:id/resolve with the jwt and the key', async () => {
    request.mockImplementation(async (name: string) =>
      name === 'adminReviews'
        ? { reviews: [sampleAdminReview] }
        : { review: { ...sampleAdminReview, status: 'resolved' } },
    );
    const { reviewQueueActors } = await import('@/src/operator/reviewQueue');
    const { createActor, toPromise } = await import('xstate');
    const actors = reviewQueueActors(() => 'operator.jwt');
    expect(await toPromise(createActor(actors.loadReviews).start())).toEqual([sampleAdminReview]);
    await toPromise(
      createActor(actors.resolveReview, {
        input: { offerId: 'off_1', payCents: 10_000, reason: REASON, idempotencyKey: 'key-resolve-0001' },
      }).start(),
    );
    expect(request.mock.calls).toEqual([
      ['adminReviews', { jwt: 'operator.jwt' }],
      [
        'resolveReview',
        {
          jwt: 'operator.jwt',
          params: { id: 'off_1' },
          headers: { 'Idempotency-Key': 'key-resolve-0001' },
          json: { payCents: 10_000, reason: REASON },
        },
      ],
    ]);
    // The server's 403 reads as the console's own refusal.
    request.mockRejectedValueOnce(Object.assign(new Error('Forbidden'), { status: 403 }));
    await expect(toPromise(createActor(actors.loadReviews).start())).rejects.toThrow(OPERATORS_ONLY);
  });

  // Issue 48 item 2: the operator decides from the evidence of what the campaign asked for, as the proof shows it.
  it('a disputed link earning shows its clicks counted and refused, by why and by day, and no overlay minutes', async () => {
    const { load } = await setup();
    const linkReview: AdminReview = {
      ...sampleAdminReview,
      offerId: 'off_3',
      brand: 'Glow Cola',
      title: 'Link in chat',
      verifiedSeconds: 0,
      impressions: 0,
      disputeReason: 'These clicks look like bots to us.',
      evidence: {
        offerId: 'off_3',
        overlay: null,
        link: {
          url: 'http://127.0.0.1:3000/l/Ab3dE6gH',
          counted: 50,
          target: 50,
          refused: { bot: 4, repeat: 3, limited: 1, inactive: 0 },
          days: [{ day: '2026-11-21', counted: 50, bot: 4, repeat: 3, limited: 1, inactive: 0 }],
        },
        promo: null,
        chat: null,
      },
    };
    await load.resolve([sampleAdminReview, linkReview]);
    expect(screen.getByText(/wait here, oldest first/)).not.toHaveTextContent(/overlay earnings/i);
    const link = row('Glow Cola: “Link in chat”');
    expect(link).not.toHaveTextContent('verified');
    expect(link).not.toHaveTextContent('impressions');
    const clicks = within(link).getByRole('region', { name: 'Tracked-link clicks' });
    expect(clicks).toHaveTextContent('50 of 50 counted clicks · 8 refused');
    const byReason = within(clicks).getByLabelText('Refused clicks by reason');
    expect(byReason).toHaveTextContent('Known bots4');
    expect(byReason).toHaveTextContent('Same visitor again that day3');
    expect(byReason).toHaveTextContent('Over a limit per minute1');
    const days = within(within(clicks).getByRole('list', { name: 'Clicks by day' })).getAllByRole('listitem');
    expect(days.map((day) => [...day.children].map((fact) => fact.textContent).join(' · '))).toEqual([
      'Nov 21, 2026 · 50 counted · refused: 4 bots, 3 repeats, 1 over a limit',
    ]);
    // The overlay earning keeps its minutes, and shows no clicks it never asked for.
    const overlay = row('Nova Energy: “Weekend streams”');
    expect(overlay).toHaveTextContent('Overlay: 60 min of 60 min verified · 5,040 impressions');
    expect(within(overlay).queryByRole('region', { name: 'Tracked-link clicks' })).toBeNull();
  });
});

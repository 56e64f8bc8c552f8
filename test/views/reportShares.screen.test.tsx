// The report's Share links (docs/product.md §Deliverables, "The brand's report"), replayed along reportShares'
// recorded paths on the real card: the label typed, Create link, Done, Revoke, the confirmation's buttons, Try
// again, or the API answering; after every step the card shows what its state says (the spinner, the refusal with
// Try again, the form and the links, the link being created, or the confirmation asking or waiting).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import { labelProblem, reportSharesMachine, type ReportShare } from '@/machines/deliverables/reportShares.machine';
import { ReportShares } from '@/src/deliverables/ReportShares';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

// The confirmation's chunk is loaded once before the tests, as the browser has it after the first open.
beforeAll(() => import('@/src/ui/AlertDialogPanel'));

const card = () => within(screen.getByRole('region', { name: 'Share links' }));
const dialog = () => within(screen.getByRole('alertdialog', { name: 'Revoke this share link?' }));

walkScreens('reportShares', {
  mount(input) {
    const { campaignId } = input as { campaignId: string };
    const load = controlled<ReportShare[], { campaignId: string }>();
    const create = controlled<ReportShare, { campaignId: string; label: string }>();
    const revoke = controlled<ReportShare, { campaignId: string; shareId: string }>();
    renderScreen(
      <ReportShares
        campaignId={campaignId}
        logic={reportSharesMachine.provide({
          actors: { loadShares: load.logic, createShare: create.logic, revokeShare: revoke.logic },
        })}
      />,
      { jwt: 'advertiser.jwt' },
    );
    /** What the card was told so far: the links, the label typed, the link just created, the last refusal. */
    const seen = {
      campaignId,
      settled: { load: 0, create: 0, revoke: 0 },
      shares: [] as ReportShare[],
      label: '',
      labelError: null as string | null,
      created: null as ReportShare | null,
      revoking: null as ReportShare | null,
      error: null as string | null,
    };
    return {
      load,
      create,
      revoke,
      seen,
      gestures: {
        'shares.retry': () => fireEvent.click(card().getByRole('button', { name: 'Try again' })),
        'label.change': ({ label }) => {
          seen.label = label;
          seen.labelError = null;
          fireEvent.change(card().getByLabelText('Who is it for?'), { target: { value: label } });
        },
        'share.create': () => {
          // What the field says in English for the machine's problem id.
          const problem = labelProblem(seen.label);
          seen.labelError =
            problem === null
              ? null
              : problem.id === 'required'
                ? 'Este campo es obligatorio'
                : `must be at most ${problem.max} characters`;
          if (!seen.labelError) {
            seen.error = null;
            seen.created = null;
          }
          fireEvent.click(card().getByRole('button', { name: 'Create link' }));
        },
        // Done sits in the new link's box; with no link just created there is nothing to dismiss.
        'share.dismiss': () => {
          if (seen.created) fireEvent.click(card().getByRole('button', { name: 'Done' }));
          seen.created = null;
        },
        'share.revoke': ({ shareId }) => {
          seen.revoking = seen.shares.find((share) => share.id === shareId)!;
          seen.error = null;
          fireEvent.click(card().getByRole('button', { name: `Revoke the link for ${seen.revoking.label}` }));
        },
        'revoke.confirm': () => fireEvent.click(dialog().getByRole('button', { name: 'Yes, Revoke' })),
        'revoke.cancel': () => {
          seen.revoking = null;
          fireEvent.click(dialog().getByRole('button', { name: 'No, Keep It' }));
        },
        'xstate.done.actor.loadShares': async ({ output }) => {
          seen.shares = output;
          seen.error = null;
          seen.settled.load += 1;
          await load.resolve(output);
        },
        'xstate.error.actor.loadShares': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.settled.load += 1;
          await load.reject(error);
        },
        'xstate.done.actor.createShare': async ({ output }) => {
          seen.created = output;
          seen.shares = [{ ...output, url: null }, ...seen.shares];
          seen.label = '';
          seen.settled.create += 1;
          await create.resolve(output);
        },
        'xstate.error.actor.createShare': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.settled.create += 1;
          await create.reject(error);
        },
        'xstate.done.actor.revokeShare': async ({ output }) => {
          seen.shares = seen.shares.map((share) => (share.id === output.id ? { ...output, url: null } : share));
          if (seen.created?.id === output.id) seen.created = null;
          seen.revoking = null;
          seen.settled.revoke += 1;
          await revoke.resolve(output);
        },
        'xstate.error.actor.revokeShare': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.revoking = null;
          seen.settled.revoke += 1;
          await revoke.reject(error);
        },
      },
    };
  },
  states: {
    // The spinner alone: the links are being read.
    loading: ({ load, create, revoke, seen }) => {
      expect(card().getByText('Loading share links').closest('[role="status"]')).toBeInTheDocument();
      expect(card().queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(card().queryByLabelText('Who is it for?')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load + 1);
      expect(load.inputs.at(-1)).toEqual({ campaignId: seen.campaignId });
      expect([create.started, revoke.started]).toEqual([0, 0]);
    },
    // The links could not be read: why, and Try again; no form.
    failed: ({ load, seen }) => {
      const alert = card().getByRole('alert');
      expect(alert).toHaveTextContent('The share links could not be loaded');
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(card().queryByText('Loading share links')).not.toBeInTheDocument();
      expect(card().queryByLabelText('Who is it for?')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load);
    },
    // The form and the links, everything free, no request out and no confirmation; the link just created shown
    // once, the label's problem or the last refusal.
    'ready.idle': async (mounted) => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      readyCard(mounted, false);
      const { seen } = mounted;
      expect(card().getByRole('button', { name: 'Create link' })).not.toHaveAttribute('aria-busy');
      const field = card().getByLabelText('Who is it for?');
      if (seen.labelError) expect(field).toHaveAccessibleDescription(`For example: Dana in finance ${seen.labelError}`);
      else expect(field).toHaveAccessibleDescription('For example: Dana in finance');
      const box = card().queryByText(/^Link for /);
      if (seen.created) {
        expect(box).toHaveTextContent(`Link for ${seen.created.label}`);
        expect(card().getByTestId('share-url')).toHaveTextContent(seen.created.url!);
      } else expect(box).not.toBeInTheDocument();
      const refusals = card().queryAllByRole('alert');
      expect(refusals.map((alert) => alert.textContent)).toEqual(seen.error ? [seen.error] : []);
    },
    // The new link is being created for the label typed: Create link busy, every Revoke waits.
    'ready.creating': async (mounted) => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      readyCard(mounted, true);
      expect(card().getByRole('button', { name: 'Create link' })).toHaveAttribute('aria-busy', 'true');
      expect(mounted.create.inputs.at(-1)).toEqual({
        campaignId: mounted.seen.campaignId,
        label: mounted.seen.label.trim(),
      });
    },
    // The confirmation names the link's person; nothing is sent yet.
    'ready.confirming': ({ create, revoke, seen }) => {
      const panel = dialog();
      expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
        `Whoever has the link for ${seen.revoking!.label} can no longer open the report. This cannot be undone.`,
      );
      expect(panel.getByRole('button', { name: 'Yes, Revoke' })).toBeEnabled();
      expect(panel.getByRole('button', { name: 'No, Keep It' })).toBeEnabled();
      expect(revoke.started).toBe(seen.settled.revoke);
      expect(create.started).toBe(seen.settled.create);
    },
    // The revocation is on its way: both buttons wait for the answer.
    'ready.revoking': ({ revoke, seen }) => {
      const panel = dialog();
      expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
        `Whoever has the link for ${seen.revoking!.label} can no longer open the report. This cannot be undone.`,
      );
      expect(panel.getByRole('button', { name: 'Yes, Revoke' })).toBeDisabled();
      expect(panel.getByRole('button', { name: 'Yes, Revoke' })).toHaveAttribute('aria-busy', 'true');
      expect(panel.getByRole('button', { name: 'No, Keep It' })).toBeDisabled();
      expect(revoke.started).toBe(seen.settled.revoke + 1);
      expect(revoke.inputs.at(-1)).toEqual({ campaignId: seen.campaignId, shareId: seen.revoking!.id });
    },
  },
});

interface Mounted {
  load: { started: number };
  create: { started: number };
  revoke: { started: number };
  seen: { settled: { load: number; create: number; revoke: number }; shares: ReportShare[]; label: string };
}

/**
 * The loaded card: the label as typed, each link (newest first) with its Revoke or Revoked; with `creating` every
 * control disabled and the creation out, otherwise all free and no request out.
 */
function readyCard({ load, create, revoke, seen }: Mounted, creating: boolean) {
  expect(card().queryByText('Loading share links')).not.toBeInTheDocument();
  expect(card().queryByText('The share links could not be loaded')).not.toBeInTheDocument();
  expect(card().getByLabelText('Who is it for?')).toHaveValue(seen.label);
  expect(card().getByRole('button', { name: 'Create link' })).toHaveProperty('disabled', creating);
  const items = within(card().getByRole('list', { name: 'Share links' })).getAllByRole('listitem');
  expect(items).toHaveLength(seen.shares.length);
  for (const [i, share] of seen.shares.entries()) {
    expect(items[i]).toHaveTextContent(share.label);
    if (share.revokedAt) expect(within(items[i]!).getByText('Revoked')).toBeInTheDocument();
    else
      expect(within(items[i]!).getByRole('button', { name: `Revoke the link for ${share.label}` })).toHaveProperty(
        'disabled',
        creating,
      );
  }
  expect({ load: load.started, create: create.started, revoke: revoke.started }).toEqual({
    load: seen.settled.load,
    create: seen.settled.create + (creating ? 1 : 0),
    revoke: seen.settled.revoke,
  });
}

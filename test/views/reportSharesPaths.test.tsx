// The report's Share links (docs/product.md §Deliverables, "The brand's report") driven along the reportShares
// statechart's generated paths: every event is a gesture on the card (the label typed, Create link, Done, Revoke,
// the confirmation's buttons, Try again) or a settled request, and each path ends on what its state shows.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '@/machines/index';
import { fixtures } from '@/machines/samples';
import { reportSharesMachine, type ReportShare } from '@/machines/deliverables/reportShares.machine';
import { ReportShares } from '@/src/deliverables/ReportShares';
import { generatePaths } from '@/test/machines/paths';
import { controlled, perform, renderScreen, type Gestures } from './harness';

// The confirmation's chunk is loaded once before the tests, as the browser has it after the first open.
beforeAll(() => import('@/src/ui/AlertDialogPanel'));

describe('share links along generated paths', () => {
  const paths = generatePaths(catalogue.reportShares, fixtures.reportShares);

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const load = controlled<ReportShare[], { campaignId: string }>();
    const create = controlled<ReportShare, { campaignId: string; label: string }>();
    const revoke = controlled<ReportShare, { campaignId: string; shareId: string }>();
    renderScreen(
      <ReportShares
        campaignId="cmp_nova"
        logic={reportSharesMachine.provide({
          actors: { loadShares: load.logic, createShare: create.logic, revokeShare: revoke.logic },
        })}
      />,
      { jwt: 'advertiser.jwt' },
    );
    const card = () => within(screen.getByRole('region', { name: 'Share links' }));
    const dialog = async () => within(await screen.findByRole('alertdialog', { name: 'Revoke this share link?' }));
    const labels: Record<string, string> = { shr_cfo: 'Dana (finance)', shr_agency: 'Agency', shr_board: 'Board' };

    const gestures = {
      'shares.retry': () => fireEvent.click(card().getByRole('button', { name: 'Try again' })),
      'label.change': ({ label }) =>
        fireEvent.change(card().getByLabelText('Who is it for?'), { target: { value: label } }),
      'share.create': () => fireEvent.click(card().getByRole('button', { name: 'Create link' })),
      'share.dismiss': () => {
        const done = card().queryByRole('button', { name: 'Done' });
        if (done) fireEvent.click(done);
      },
      // A revoked link has no Revoke button.
      'share.revoke': ({ shareId }) => {
        const button = card().queryByRole('button', { name: `Revoke the link for ${labels[shareId]}` });
        if (button) fireEvent.click(button);
      },
      'revoke.confirm': async () => fireEvent.click((await dialog()).getByRole('button', { name: 'Yes, Revoke' })),
      'revoke.cancel': async () => fireEvent.click((await dialog()).getByRole('button', { name: 'No, Keep It' })),
      'xstate.done.actor.loadShares': ({ output }) => load.resolve(output),
      'xstate.error.actor.loadShares': ({ error }) => load.reject(error as Error),
      'xstate.done.actor.createShare': ({ output }) => create.resolve(output),
      'xstate.error.actor.createShare': ({ error }) => create.reject(error as Error),
      'xstate.done.actor.revokeShare': ({ output }) => revoke.resolve(output),
      'xstate.error.actor.revokeShare': ({ error }) => revoke.reject(error as Error),
    } satisfies Gestures<typeof reportSharesMachine>;
    await perform(gestures, path.events);

    const expected = JSON.stringify(path.expected);
    if (expected === '"loading"') expect(card().getByText('Loading share links')).toBeInTheDocument();
    else if (expected === '"failed"') expect(card().getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    else if (expected === '{"ready":"confirming"}' || expected === '{"ready":"revoking"}')
      expect(await dialog()).toBeTruthy();
    else {
      expect(card().getByLabelText('Who is it for?')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(card().getByRole('button', { name: 'Create link' })).toHaveProperty(
        'disabled',
        expected === '{"ready":"creating"}',
      );
    }
  });
});

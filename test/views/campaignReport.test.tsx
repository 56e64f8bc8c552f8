// The brand's report (docs/product.md §Deliverables, "The brand's report") through its machines with controlled
// actors: /campaigns/:id/report shows the totals, the charts beside the table of the same days and the creators; the
// creator filter reads one creator's report; Download CSV fetches it; a share link is created for a label and its
// address shown once, then revoked after a confirmation. The shared page /reports/:token shows the same figures
// read-only, and a revoked or unknown link a plain page. axe finds nothing; then the wiring (the client's calls).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignReport } from '@/contract/schemas/deliverables';
import { apiRefusal } from '@/machines/events';
import { campaignReportMachine } from '@/machines/deliverables/campaignReport.machine';
import { sampleCreatorReport, sampleLinkReport, sampleReport } from '@/machines/deliverables/campaignReport.samples';
import { reportSharesMachine, type ReportShare } from '@/machines/deliverables/reportShares.machine';
import { sampleCreatedShare, sampleShares } from '@/machines/deliverables/reportShares.samples';
import { REQUIRED_MESSAGE } from '@/machines/messages';
import { CampaignReportScreen } from '@/src/deliverables/CampaignReport';
import { SharedReportScreen } from '@/src/deliverables/SharedReport';
import { setLocale } from '@/src/i18n/i18n';
import { controlled, renderScreen } from './harness';

const request = vi.hoisted(() => vi.fn());
const download = vi.hoisted(() => vi.fn());
vi.mock('@/src/api/client', () => ({ request, download }));
afterEach(() => {
  request.mockReset();
  download.mockReset();
});

type ReportInput = { source: string; offerId: string | null };

async function violations(root: Element) {
  const result = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function setup(url = '/campaigns/cmp_nova/report') {
  const load = controlled<CampaignReport, ReportInput>();
  const csv = controlled<void, ReportInput>();
  const shares = controlled<ReportShare[], { campaignId: string }>();
  const create = controlled<ReportShare, { campaignId: string; label: string }>();
  const revoke = controlled<ReportShare, { campaignId: string; shareId: string }>();
  const view = renderScreen(
    <CampaignReportScreen
      logic={{
        report: campaignReportMachine.provide({ actors: { loadReport: load.logic, downloadCsv: csv.logic } }),
        shares: reportSharesMachine.provide({
          actors: { loadShares: shares.logic, createShare: create.logic, revokeShare: revoke.logic },
        }),
      }}
    />,
    { path: '/campaigns/:id/report', url, jwt: 'advertiser.jwt' },
  );
  return { load, csv, shares, create, revoke, view, user: userEvent.setup() };
}

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe("The brand's report", () => {
  it('shows the totals, the charts beside the days, the creators; axe finds nothing', async () => {
    const { load, shares, view } = setup();
    expect(screen.getByText('Loading report')).toBeInTheDocument();
    expect(load.inputs).toEqual([{ source: 'cmp_nova', offerId: null }]);
    await load.resolve(sampleReport);
    await shares.resolve(sampleShares);
    expect(screen.getByRole('heading', { level: 1, name: 'Report: Nova late-night streams' })).toBeInTheDocument();
    expect(figure('Verified minutes')).toHaveTextContent('495');
    expect(figure('Impressions')).toHaveTextContent('15,150');
    expect(figure('Clicks')).toHaveTextContent('455');
    expect(figure('Click rate')).toHaveTextContent('3.00%');
    expect(figure('Redemptions')).toHaveTextContent('11');
    expect(figure('CPM')).toHaveTextContent('$32.34');
    expect(figure('CPC')).toHaveTextContent('$1.08');
    expect(figure('Spend')).toHaveTextContent('$490 of $1,500');
    expect(screen.getByRole('progressbar', { name: 'Spend against budget' })).toBeInTheDocument();
    // The charts and the table show the same days.
    expect(screen.getByRole('img', { name: /^Clicks: 31 \(Nov 26\)/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Verified minutes: 45 \(Nov 26\)/ })).toBeInTheDocument();
    const days = within(screen.getByRole('table', { name: 'The report by day' }));
    expect(days.getAllByRole('row')).toHaveLength(1 + sampleReport.days.length);
    expect(days.getByRole('row', { name: /^Nov 23 120 3,980 121 2 \$120/ })).toBeInTheDocument();
    const creators = within(screen.getByRole('table', { name: 'Creators' }));
    expect(creators.getByRole('row', { name: /Rin Plays/ })).toBeInTheDocument();
    expect(creators.getByRole('row', { name: /Milo Live/ })).toBeInTheDocument();
    expect(await violations(view.container)).toEqual([]);
  });

  it('a link-only campaign shows only what it asked for: clicks, CPC and spend, no minutes, impressions or CPM', async () => {
    const { load, shares } = setup('/campaigns/cmp_link/report');
    await load.resolve(sampleLinkReport);
    await shares.resolve([]);
    expect(figure('Clicks')).toHaveTextContent('100');
    expect(figure('CPC')).toHaveTextContent('$0.90');
    expect(figure('Spend')).toHaveTextContent('$90 of $90');
    for (const term of ['Verified minutes', 'Impressions', 'Click rate', 'CPM', 'Redemptions', 'Bot posts'])
      expect(screen.queryByText(term, { selector: 'dt' })).toBeNull();
    expect(screen.getByRole('img', { name: /^Clicks: 25 \(Nov 26\)/ })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Verified minutes/ })).toBeNull();
    const days = within(screen.getByRole('table', { name: 'The report by day' }));
    expect(days.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Clicks', 'Spend']);
    const creators = within(screen.getByRole('table', { name: 'Creators' }));
    expect(creators.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Creator',
      'Clicks',
      'Spend',
    ]);
  });

  it("the creator filter reads one creator's report, keeping the figures meanwhile; a failure says why", async () => {
    const { load, shares, user } = setup();
    await load.resolve(sampleReport);
    await shares.resolve([]);
    await user.selectOptions(screen.getByLabelText('Creator'), 'off_rin');
    expect(load.inputs.at(-1)).toEqual({ source: 'cmp_nova', offerId: 'off_rin' });
    expect(figure('Clicks')).toHaveTextContent('455');
    await load.resolve(sampleCreatorReport);
    expect(figure('Clicks')).toHaveTextContent('273');
    expect(screen.getByText(/Rin Plays only/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Creators' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Creator'), '');
    await load.reject(apiRefusal('Service unavailable', 503));
    expect(screen.getByRole('alert')).toHaveTextContent('Service unavailable');
    expect(figure('Clicks')).toHaveTextContent('273');
  });

  it('the address may name the creator; Download CSV fetches the filtered report', async () => {
    const { load, csv, shares, user } = setup('/campaigns/cmp_nova/report?offerId=off_rin');
    expect(load.inputs).toEqual([{ source: 'cmp_nova', offerId: 'off_rin' }]);
    await load.resolve(sampleCreatorReport);
    await shares.resolve([]);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(csv.inputs).toEqual([{ source: 'cmp_nova', offerId: 'off_rin' }]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    await csv.reject(apiRefusal('Too many requests', 429));
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('a share link: the label is required, the address is shown once with Copy, revoking asks first', async () => {
    const { load, shares, create, revoke, user, view } = setup();
    await load.resolve(sampleReport);
    await shares.resolve(sampleShares);
    const card = within(screen.getByRole('region', { name: 'Share links' }));
    const list = within(card.getByRole('list', { name: 'Share links' }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    expect(list.getByText('Revoked')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Create link' }));
    expect(card.getByLabelText('Who is it for?')).toHaveAccessibleDescription(
      expect.stringContaining(REQUIRED_MESSAGE),
    );
    expect(create.started).toBe(0);
    await user.type(card.getByLabelText('Who is it for?'), 'Board');
    await user.click(card.getByRole('button', { name: 'Create link' }));
    expect(create.inputs).toEqual([{ campaignId: 'cmp_nova', label: 'Board' }]);
    await create.resolve(sampleCreatedShare);
    expect(card.getByTestId('share-url')).toHaveTextContent(sampleCreatedShare.url!);
    expect(card.getByRole('button', { name: 'Copy share link' })).toBeInTheDocument();
    expect(list.getAllByRole('listitem')).toHaveLength(3);
    expect(await violations(view.container)).toEqual([]);
    await user.click(card.getByRole('button', { name: 'Done' }));
    expect(card.queryByTestId('share-url')).toBeNull();

    await user.click(card.getByRole('button', { name: 'Revoke the link for Dana (finance)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this share link?' });
    expect(dialog).toHaveTextContent('Dana (finance)');
    await user.click(within(dialog).getByRole('button', { name: 'No, Keep It' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(revoke.started).toBe(0);
    await user.click(card.getByRole('button', { name: 'Revoke the link for Dana (finance)' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Revoke' }));
    expect(revoke.inputs).toEqual([{ campaignId: 'cmp_nova', shareId: 'shr_cfo' }]);
    await revoke.resolve({ ...sampleShares[0]!, revokedAt: '2026-11-26T22:10:00.000Z' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(card.queryByRole('button', { name: 'Revoke the link for Dana (finance)' })).toBeNull();
  });

  it('a refused link says why and keeps the label', async () => {
    const { load, shares, create, user } = setup();
    await load.resolve(sampleReport);
    await shares.resolve([]);
    const card = within(screen.getByRole('region', { name: 'Share links' }));
    expect(card.getByText('No share links yet.')).toBeInTheDocument();
    await user.type(card.getByLabelText('Who is it for?'), 'Agency');
    await user.click(card.getByRole('button', { name: 'Create link' }));
    await create.reject(apiRefusal('Too many requests', 429));
    expect(card.getByRole('alert')).toHaveTextContent('Too many requests');
    expect(card.getByLabelText('Who is it for?')).toHaveValue('Agency');
  });
});

describe('The shared report page', () => {
  function shared(token = 'rpt_Zx8Qm2Lk9sVb4NcT') {
    const load = controlled<CampaignReport, ReportInput>();
    const csv = controlled<void, ReportInput>();
    const view = renderScreen(
      <SharedReportScreen
        logic={campaignReportMachine.provide({ actors: { loadReport: load.logic, downloadCsv: csv.logic } })}
      />,
      { path: '/reports/:token', url: `/reports/${token}` },
    );
    return { load, view, user: userEvent.setup() };
  }

  it('shows the report read-only, without signing in; axe finds nothing', async () => {
    const { load, view, user } = shared();
    expect(load.inputs).toEqual([{ source: 'rpt_Zx8Qm2Lk9sVb4NcT', offerId: null }]);
    await load.resolve(sampleReport);
    expect(screen.getByRole('heading', { level: 1, name: 'Nova Energy: Nova late-night streams' })).toBeInTheDocument();
    expect(figure('Clicks')).toHaveTextContent('455');
    expect(screen.getByRole('table', { name: 'The report by day' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Share links' })).toBeNull();
    expect(await violations(view.container)).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Creator'), 'off_milo');
    expect(load.inputs.at(-1)).toEqual({ source: 'rpt_Zx8Qm2Lk9sVb4NcT', offerId: 'off_milo' });
  });

  it('in the reader’s language: a Spanish page words the report, its figures the Spanish way, money in US dollars; the brand’s names as written; axe finds nothing', async () => {
    await act(() => setLocale('es-MX'));
    const { load, view } = shared();
    await load.resolve(sampleReport);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nova Energy: Nova late-night streams' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Un reporte de solo lectura compartido por Nova Energy.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Totales' })).toBeInTheDocument();
    expect(figure('Clics')).toHaveTextContent('455');
    expect(figure('Gasto')).toHaveTextContent(/^USD [\d,.]+ de USD [\d,.]+$/);
    const days = screen.getByRole('table', { name: 'El reporte por día' });
    expect(within(days).getAllByRole('columnheader')[0]).toHaveTextContent('Día');
    // A day without its year, the Spanish way ("20 nov").
    expect(days.textContent).toMatch(/\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)/);
    expect(screen.getByRole('table', { name: 'Creadores' })).toBeInTheDocument();
    expect(screen.getByLabelText('Creador')).toBeInTheDocument();
    expect(await violations(view.container)).toEqual([]);
  });

  it('a revoked or unknown link: a plain page that says so; axe finds nothing', async () => {
    const { load, view } = shared('rpt_gone');
    await load.reject(apiRefusal('Not found', 404));
    expect(
      screen.getByRole('heading', { level: 1, name: 'This report link is no longer available' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(await violations(view.container)).toEqual([]);
  });

  it('another failure offers Try again', async () => {
    const { load, user } = shared();
    await load.reject(apiRefusal('Service unavailable', 503));
    expect(screen.getByRole('alert')).toHaveTextContent('Service unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await load.resolve(sampleReport);
    expect(figure('Clicks')).toHaveTextContent('455');
  });
});

describe('the wiring', () => {
  it('the advertiser reads with the jwt and the filter; the shared page with the token alone', async () => {
    request.mockResolvedValueOnce({ report: sampleReport }).mockResolvedValueOnce({ shares: [] });
    const user = userEvent.setup();
    const view = renderScreen(<CampaignReportScreen />, {
      path: '/campaigns/:id/report',
      url: '/campaigns/cmp_nova/report',
      jwt: 'advertiser.jwt',
    });
    await screen.findByRole('heading', { level: 1, name: 'Report: Nova late-night streams' });
    expect(request).toHaveBeenCalledWith('campaignReport', {
      jwt: 'advertiser.jwt',
      params: { id: 'cmp_nova' },
      query: {},
    });
    expect(request).toHaveBeenCalledWith('listReportShares', { jwt: 'advertiser.jwt', params: { id: 'cmp_nova' } });
    download.mockResolvedValueOnce({ blob: new Blob(['day\n']), fileName: 'report.csv' });
    const createUrl = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith('campaignReportCsv', {
        jwt: 'advertiser.jwt',
        params: { id: 'cmp_nova' },
        query: {},
      }),
    );
    await waitFor(() => expect(createUrl).toHaveBeenCalled());
    view.unmount();

    request.mockReset();
    request.mockResolvedValueOnce({ report: sampleReport });
    renderScreen(<SharedReportScreen />, { path: '/reports/:token', url: '/reports/rpt_abc' });
    await screen.findByRole('heading', { level: 1, name: 'Nova Energy: Nova late-night streams' });
    expect(request).toHaveBeenCalledWith('sharedReport', { params: { token: 'rpt_abc' }, query: {} });
  });
});

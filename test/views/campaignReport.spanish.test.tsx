// The advertiser's campaign report in the page's language (issue 49): /campaigns/:id/report in Mexican Spanish, its
// heading, the report's body (the deliverables' words, money in US dollars the Spanish way), the share links with the
// label's check worded, and the campaign's promo codes with their check, notices, key and upload worded; the creators'
// names, the labels and the server's refusals as they are.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignReport } from '@/contract/schemas/deliverables';
import { campaignReportMachine } from '@/machines/deliverables/campaignReport.machine';
import { sampleReport } from '@/machines/deliverables/campaignReport.samples';
import {
  promoCodesMachine,
  type PromoCodesAnswer,
  type RedemptionsCsvResult,
} from '@/machines/deliverables/promoCodes.machine';
import {
  sampleCsvResult,
  sampleGeneratedCodes,
  samplePromoCodes,
  sampleRedemptionKey,
} from '@/machines/deliverables/promoCodes.samples';
import { reportSharesMachine, type ReportShare } from '@/machines/deliverables/reportShares.machine';
import { sampleCreatedShare, sampleShares } from '@/machines/deliverables/reportShares.samples';
import { CampaignReportScreen } from '@/src/deliverables/CampaignReport';
import { PromoCodes } from '@/src/deliverables/PromoCodes';
import { setLocale } from '@/src/i18n/i18n';
import { controlled, renderScreen } from './harness';

const request = vi.hoisted(() => vi.fn());
const download = vi.hoisted(() => vi.fn());
vi.mock('@/src/api/client', () => ({ request, download }));
afterEach(async () => {
  request.mockReset();
  download.mockReset();
  await act(() => setLocale('en'));
});

type ReportInput = { source: string; offerId: string | null };
type SaveInput =
  { campaignId: string; codes: { offerId: string; code: string }[] } | { campaignId: string; generate: true };

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('the campaign report in Spanish', () => {
  it('the report, its figures in US dollars the Spanish way, and the share links with their check', async () => {
    await act(() => setLocale('es-MX'));
    const load = controlled<CampaignReport, ReportInput>();
    const csv = controlled<void, ReportInput>();
    const shares = controlled<ReportShare[], { campaignId: string }>();
    const create = controlled<ReportShare, { campaignId: string; label: string }>();
    const revoke = controlled<ReportShare, { campaignId: string; shareId: string }>();
    renderScreen(
      <CampaignReportScreen
        logic={{
          report: campaignReportMachine.provide({ actors: { loadReport: load.logic, downloadCsv: csv.logic } }),
          shares: reportSharesMachine.provide({
            actors: { loadShares: shares.logic, createShare: create.logic, revokeShare: revoke.logic },
          }),
        }}
      />,
      { path: '/campaigns/:id/report', url: '/campaigns/cmp_nova/report', jwt: 'advertiser.jwt' },
    );
    expect(await screen.findByText('Cargando: reporte')).toBeInTheDocument();
    await load.resolve(sampleReport);
    await shares.resolve(sampleShares);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reporte: Nova late-night streams' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Campaña' })).toHaveAttribute('href', '/campaigns/cmp_nova');
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeEnabled();
    // The report's body speaks the screen's language: its figures and money the Spanish way, in US dollars.
    expect(screen.getByRole('heading', { level: 2, name: 'Totales' })).toBeInTheDocument();
    expect(figure('Gasto')).toHaveTextContent('USD 490 de USD 1,500');
    expect(figure('Impresiones')).toHaveTextContent('15,150');

    const user = userEvent.setup();
    const card = within(screen.getByRole('region', { name: 'Enlaces para compartir' }));
    const list = within(card.getByRole('list', { name: 'Enlaces para compartir' }));
    expect(list.getByText('Revocado')).toBeInTheDocument();
    expect(list.getAllByText(/^Creado el \d{1,2} nov 2026/)).not.toHaveLength(0);
    await user.click(card.getByRole('button', { name: 'Crear enlace' }));
    expect(card.getByLabelText('¿Para quién es?')).toHaveAccessibleDescription(
      'Por ejemplo: Dana de finanzas Este campo es obligatorio',
    );
    await user.type(card.getByLabelText('¿Para quién es?'), 'x'.repeat(101));
    await user.click(card.getByRole('button', { name: 'Crear enlace' }));
    expect(card.getByLabelText('¿Para quién es?')).toHaveAccessibleDescription(
      'Por ejemplo: Dana de finanzas Usa como máximo 100 caracteres.',
    );
    expect(create.started).toBe(0);
    await user.clear(card.getByLabelText('¿Para quién es?'));
    await user.type(card.getByLabelText('¿Para quién es?'), 'Board');
    await user.click(card.getByRole('button', { name: 'Crear enlace' }));
    await create.resolve(sampleCreatedShare);
    expect(card.getByText(`Enlace para ${sampleCreatedShare.label}`)).toBeInTheDocument();
    expect(card.getByText('Cópialo ahora: solo se muestra esta vez.')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Copiar enlace para compartir' })).toHaveTextContent('Copiar');
    await user.click(card.getByRole('button', { name: 'Listo' }));

    await user.click(card.getByRole('button', { name: 'Revocar el enlace para Dana (finance)' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Revocar este enlace para compartir?' });
    expect(dialog).toHaveTextContent(
      'Quien tenga el enlace para Dana (finance) ya no podrá abrir el reporte. Esto no se puede deshacer.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'No, conservarlo' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(revoke.started).toBe(0);
  });

  it('the promo codes: the check, the notices, the key and the upload worded; the creators and refusals as they are', async () => {
    await act(() => setLocale('es-MX'));
    const load = controlled<PromoCodesAnswer, { campaignId: string }>();
    const save = controlled<PromoCodesAnswer, SaveInput>();
    const key = controlled<string, { campaignId: string }>();
    const upload = controlled<RedemptionsCsvResult, { campaignId: string; file: Blob }>();
    renderScreen(
      <PromoCodes
        campaignId="cmp_nova"
        logic={promoCodesMachine.provide({
          actors: { loadCodes: load.logic, saveCodes: save.logic, createKey: key.logic, uploadCsv: upload.logic },
        })}
      />,
      { jwt: 'advertiser.jwt' },
    );
    expect(await screen.findByText('Cargando: códigos promocionales')).toBeInTheDocument();
    await load.resolve(samplePromoCodes);
    const card = within(screen.getByRole('region', { name: 'Códigos promocionales' }));
    const user = userEvent.setup();
    expect(card.getByLabelText('Código de Rin Plays')).toHaveValue('NOVA-RIN');
    expect(card.getByLabelText('Código de Milo Live')).toHaveAttribute('placeholder', 'Sin código todavía');
    expect(card.getAllByText(/^\d+ canjes?$/)).not.toHaveLength(0);

    await user.click(card.getByRole('button', { name: 'Guardar códigos' }));
    expect(card.getByText('No cambió ningún código')).toBeInTheDocument();
    await user.type(card.getByLabelText('Código de Milo Live'), 'sin espacios!');
    await user.click(card.getByRole('button', { name: 'Guardar códigos' }));
    expect(card.getByLabelText('Código de Milo Live')).toHaveAccessibleDescription(
      'Usa de 3 a 40 letras, dígitos, - o _',
    );
    expect(save.started).toBe(0);
    await user.click(card.getByRole('button', { name: 'Generar códigos' }));
    await save.resolve(sampleGeneratedCodes);
    expect(card.getByText('Se generaron códigos para los creadores que no tenían uno')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Crear clave' }));
    await key.resolve(sampleRedemptionKey);
    expect(card.getByText('Tu clave de canje')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Copiar clave de canje' })).toBeInTheDocument();
    expect(card.getByLabelText('Solicitud de ejemplo')).toHaveTextContent(sampleRedemptionKey);

    expect(card.getByText(/Hasta 10,000 filas\.$/)).toBeInTheDocument();
    await user.upload(
      card.getByLabelText('Elige un archivo CSV de canjes'),
      new File(['order_id,code\n1,NOVA-RIN\n'], 'canjes.csv', { type: 'text/csv' }),
    );
    expect(card.getByText('Subiendo…')).toBeInTheDocument();
    await upload.resolve(sampleCsvResult);
    const refused = within(card.getByRole('list', { name: 'Líneas rechazadas' }));
    // The server's reasons for a line as they came.
    expect(refused.getByText(`Línea 5: ${sampleCsvResult.rejected[0]!.message}`)).toBeInTheDocument();
    expect(
      card.getByText(
        `${sampleCsvResult.added} agregados, ${sampleCsvResult.duplicates} ya registrados, ${sampleCsvResult.rejected.length} rechazados.`,
      ),
    ).toBeInTheDocument();
  });
});

// The operator console in the page's language (issue 49): every tab in Mexican Spanish — Advertisers with its reason
// dialog and checks, Campaigns, Users (with the 1099-NEC export), Support Tickets, Funds, Payouts, Refunds and disputes,
// Reviews with its Resolve dialog, and Platform budgets — with no part left English (lang="en"); money in US dollars
// written the Spanish way, counts and days the Spanish way on the UTC clock. Names, what people wrote and the server's
// refusals stay as they are.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleCampaign } from '@/machines/marketplace/samples';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import { adminRecordsMachine, type RecordsKind } from '@/machines/operator/adminRecords.machine';
import { sampleAdminRefund, sampleCardDispute } from '@/machines/money/fundsSamples';
import type { AdminPayout, TransferInstructions } from '@/contract';
import type { AdminRefund } from '@/contract/schemas/money';
import { adminFundsMachine, type DepositRequest, type FundedAdvertiser } from '@/machines/operator/adminFunds.machine';
import { adminPayoutsMachine, type PayoutDecision } from '@/machines/operator/adminPayouts.machine';
import { transferInstructionsMachine } from '@/machines/operator/transferInstructions.machine';
import {
  adminRefundsMachine,
  type RefundDecision,
  type RefundsAndDisputes,
} from '@/machines/operator/adminRefunds.machine';
import {
  sampleAdminPayout,
  sampleAdminReview,
  sampleFundedAdvertiser,
  sampleHeldReview,
  samplePendingAdvertiser,
} from '@/machines/operator/samples';
import { reviewQueueMachine, type AdminReview, type Resolution } from '@/machines/operator/reviewQueue.machine';
import { adminBudgetsMachine } from '@/machines/operator/adminBudgets.machine';
import { sampleBudgets, sampleTwitchUserBudget } from '@/machines/operator/adminBudgets.samples';
import { BUDGET_PURPOSES } from '@/contract/budgets';
import type { PlatformBudget } from '@/contract/schemas/budgets';
import { formatsIn } from '@/src/common/format';
import axe from 'axe-core';
import { setLocale } from '@/src/i18n/i18n';
import { OPERATORS_ONLY } from '@/src/operator/asOperator';
import { OperatorConsoleScreen } from '@/src/operator/OperatorConsole';
import { controlled, renderScreen } from './harness';

const spanish = formatsIn('es-MX');

/** The Advertisers tab's flow, its list never answered: the tests of the other tabs open theirs. */
const approvalsWaiting = () =>
  adminApprovalMachine.provide({
    actors: {
      loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic,
      approveAdvertiser: controlled<PendingAdvertiser, { userId: string }>().logic,
      rejectAdvertiser: controlled<PendingAdvertiser, { userId: string; reason: string }>().logic,
    },
  });

/** The console in Spanish with its Platform budgets tab opened, the tab's read asked and not yet answered. */
async function openBudgetsTab() {
  await act(() => setLocale('es-MX'));
  const load = controlled<PlatformBudget[]>();
  const view = renderScreen(
    <OperatorConsoleScreen
      logic={{
        approval: approvalsWaiting(),
        budgets: adminBudgetsMachine.provide({ actors: { loadBudgets: load.logic } }),
      }}
    />,
    { path: '/admin', jwt: 'operator.jwt' },
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Cuotas de las plataformas' }));
  const panel = screen.getByRole('tabpanel', { name: 'Cuotas de las plataformas' });
  await waitFor(() => expect(load.started).toBe(1));
  return { load, panel, user, view };
}

async function mountInSpanish() {
  await act(() => setLocale('es-MX'));
  const load = controlled<PendingAdvertiser[], { filter: ApprovalFilter }>();
  const approve = controlled<PendingAdvertiser, { userId: string }>();
  const reject = controlled<PendingAdvertiser, { userId: string; reason: string }>();
  const records = controlled<unknown[], { kind: RecordsKind; query: string }>();
  renderScreen(
    <OperatorConsoleScreen
      logic={{
        approval: adminApprovalMachine.provide({
          actors: { loadPending: load.logic, approveAdvertiser: approve.logic, rejectAdvertiser: reject.logic },
        }),
        records: adminRecordsMachine.provide({ actors: { loadRecords: records.logic } }),
      }}
    />,
    { path: '/admin', jwt: 'operator.jwt' },
  );
  // The Spanish catalogue loads lazily: the screen waits for it under its Suspense.
  await screen.findByRole('heading', { level: 1, name: 'Consola de operación' });
  return { load, approve, reject, records, user: userEvent.setup() };
}

describe('the operator console in Spanish', () => {
  it('the tabs and the Advertisers tab: the list, Approve confirmed, Reject with its reason checked, Decided', async () => {
    const { load, approve, reject, user } = await mountInSpanish();
    const tabs = screen.getByRole('tablist', { name: 'Consola de operación' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Anunciantes',
      'Fondos',
      'Pagos',
      'Reembolsos y disputas',
      'Revisiones',
      'Campañas',
      'Usuarios',
      'Tickets de soporte',
      'Cuotas de las plataformas',
    ]);
    expect(screen.getByText('Cargando anunciantes')).toBeInTheDocument();
    await load.resolve([
      samplePendingAdvertiser,
      { ...samplePendingAdvertiser, userId: 'usr_orbit', companyName: 'Orbit Mice' },
    ]);

    const filter = screen.getByRole('radiogroup', { name: 'Mostrar' });
    expect(within(filter).getByRole('radio', { name: 'En espera de aprobación' })).toBeChecked();
    const list = screen.getByRole('list', { name: 'Anunciantes en espera de aprobación' });
    const pixel = within(list).getByRole('listitem', { name: 'PixelForge Gear' });
    // The names and what the company wrote, as written; the day the Spanish way.
    expect(pixel).toHaveTextContent(
      'Felix Park · felix@pixelforge.example · cuenta felix@pixelforge.example · desde el 20 nov 2026',
    );
    expect(pixel).toHaveTextContent('Promociona: Gaming keyboards');

    // Approve: the status message in Spanish, with the way to the decided ones.
    await user.click(within(pixel).getByRole('button', { name: 'Aprobar' }));
    expect(approve.inputs).toEqual([{ userId: samplePendingAdvertiser.userId }]);
    await approve.resolve({ ...samplePendingAdvertiser, status: 'approved' });
    const status = screen.getByText(/^Aprobaste a PixelForge Gear/).closest('[role="status"]')!;
    expect(status).toHaveTextContent('Aprobaste a PixelForge Gear: ya puede lanzar campañas.');
    expect(within(status as HTMLElement).getByRole('button', { name: 'Ver revisados' })).toBeInTheDocument();

    // Reject: the dialog in Spanish, the reason required, then too long, then the server's refusal as it came.
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar a Orbit Mice' });
    expect(dialog).toHaveAccessibleDescription(
      'El anunciante leerá este motivo y podrá corregir su perfil y enviarlo de nuevo.',
    );
    const reason = within(dialog).getByLabelText('Motivo');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Este campo es obligatorio'));
    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Máximo 500 caracteres.'));
    expect(reject.started).toBe(0);
    await user.clear(reason);
    await user.type(reason, 'El sitio web no carga');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(reject.inputs).toEqual([{ userId: 'usr_orbit', reason: 'El sitio web no carga' }]);
    await reject.reject(new Error('Este anunciante ya fue revisado'));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Este anunciante ya fue revisado'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Decided: each verdict and its day in Spanish, the operator's reason as written.
    await user.click(screen.getByRole('radio', { name: 'Revisados' }));
    expect(load.inputs.at(-1)).toEqual({ filter: 'decided' });
    await load.resolve([
      { ...samplePendingAdvertiser, status: 'approved', reviewedAt: '2026-11-21T09:00:00.000Z' },
      {
        ...samplePendingAdvertiser,
        userId: 'usr_orbit',
        companyName: 'Orbit Mice',
        status: 'rejected',
        rejectionReason: 'El sitio web no carga',
        reviewedAt: '2026-11-20T09:00:00.000Z',
      },
    ]);
    const decided = within(screen.getByRole('list', { name: 'Anunciantes revisados' })).getAllByRole('listitem');
    expect(decided[0]).toHaveTextContent('Aprobado el 21 nov 2026');
    expect(decided[1]).toHaveTextContent('Rechazado el 20 nov 2026: El sitio web no carga');
  });

  it("the console's own refusal (403) in Spanish, with Try again", async () => {
    const { load } = await mountInSpanish();
    await load.reject(new Error(OPERATORS_ONLY));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los anunciantes');
    expect(alert).toHaveTextContent('Esta página es solo para el equipo de operación de Castbridge.');
    expect(within(alert).getByRole('button', { name: 'Intentar de nuevo' })).toBeEnabled();
  });

  it('Campaigns, Users with the 1099-NEC export, and Support Tickets: headers, words and money in Spanish', async () => {
    const { load, records, user } = await mountInSpanish();
    await load.resolve([]);
    expect(screen.getByText('No hay anunciantes en espera de aprobación.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Campañas' }));
    await waitFor(() => expect(records.inputs.at(-1)).toEqual({ kind: 'campaigns', query: '' }));
    await records.resolve([{ ...sampleCampaign, status: 'active', advertiser: 'Nova Energy' }]);
    const campaigns = screen.getByRole('table', { name: 'Campañas' });
    expect(
      within(campaigns)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Campaña', 'Anunciante', 'Estado', 'Pago', 'Lugares', 'Aceptadas']);
    expect(within(campaigns).getByRole('cell', { name: 'activa' })).toBeInTheDocument();
    // US dollars with their code ("USD 250", Intl's es-MX currency format with its no-break space).
    expect(spanish.money(sampleCampaign.payCents)).toMatch(/^USD\s250$/);
    expect(within(campaigns).getByRole('cell', { name: spanish.money(sampleCampaign.payCents) })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Usuarios' }));
    await waitFor(() => expect(records.inputs.at(-1)).toEqual({ kind: 'users', query: '' }));
    await records.resolve([
      {
        id: 'usr_ana',
        email: 'ana@example.com',
        name: 'Ana Ruiz',
        role: 'creator',
        taxForm: 'w9',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
      { id: 'usr_leo', email: 'leo@example.com', name: null, role: 'creator', createdAt: '2026-11-20T10:00:00.000Z' },
    ]);
    const users = screen.getByRole('table', { name: 'Usuarios' });
    const [ana, leo] = within(users).getAllByRole('row').slice(1);
    expect(ana).toHaveTextContent('creador');
    expect(ana).toHaveTextContent('Form W-9 registrado');
    expect(ana).toHaveTextContent('20 nov 2026');
    expect(leo).toHaveTextContent('Ninguno registrado');
    expect(screen.getByLabelText('Buscar usuarios')).toHaveAccessibleDescription('Correo o nombre.');

    // The 1099-NEC export: its threshold in dollars the Spanish way, the IRS form's name kept, the year checked.
    const export1099 = screen.getByRole('region', { name: 'Exportación 1099-NEC' });
    expect(export1099).toHaveTextContent(/\(con Form W-9 registrado\) a quienes se pagó al menos USD\s600 en un año/);
    expect(within(export1099).getByText('npm run admin -- 1099').tagName).toBe('CODE');
    const year = within(export1099).getByLabelText('Año fiscal');
    await user.clear(year);
    await user.type(year, '1999');
    await user.click(within(export1099).getByRole('button', { name: 'Descargar CSV' }));
    expect(year).toHaveAccessibleDescription('Escribe un año entre 2000 y 2100.');

    await user.click(screen.getByRole('tab', { name: 'Tickets de soporte' }));
    await waitFor(() => expect(records.inputs.at(-1)).toEqual({ kind: 'tickets', query: '' }));
    await records.resolve([]);
    expect(screen.getByText('No hay tickets de soporte.')).toBeInTheDocument();
  });

  it('Payouts: the waiting payout, its dialog and checks, the decided ones, in dollars written the Spanish way', async () => {
    await act(() => setLocale('es-MX'));
    const load = controlled<AdminPayout[]>();
    const decide = controlled<AdminPayout, PayoutDecision>();
    renderScreen(
      <OperatorConsoleScreen
        logic={{
          approval: adminApprovalMachine.provide({
            actors: {
              loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic,
              approveAdvertiser: controlled<PendingAdvertiser, { userId: string }>().logic,
              rejectAdvertiser: controlled<PendingAdvertiser, { userId: string; reason: string }>().logic,
            },
          }),
          payouts: adminPayoutsMachine.provide({ actors: { loadPayouts: load.logic, decidePayout: decide.logic } }),
        }}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Pagos' }));
    await waitFor(() => expect(load.started).toBe(1));
    await load.resolve([
      sampleAdminPayout,
      {
        ...sampleAdminPayout,
        id: 'po_2',
        reference: '#CB-261120-0002',
        status: 'paid',
        paidAt: '2026-11-21T09:00:00.000Z',
      },
    ]);
    expect(screen.getByRole('heading', { name: 'En espera (1)' })).toBeInTheDocument();
    const waiting = within(screen.getByRole('list', { name: 'Pagos en espera' })).getByRole('listitem');
    const amount = spanish.money(sampleAdminPayout.amountCents);
    expect(amount).toMatch(/^USD\s60$/);
    expect(within(waiting).getByRole('heading')).toHaveTextContent(
      `${amount} para Ana Lee · ${sampleAdminPayout.reference}`.replace(/\s/g, ' '),
    );
    expect(waiting).toHaveTextContent(
      'ana@example.com · solicitado el 24 nov 2026 · Cuenta bancaria •••• 6789 · En proceso',
    );
    expect(waiting).toHaveTextContent('Pagar a: Ana Lee · routing 011000015 · account 000123456789');
    const decided = screen.getByRole('table', { name: 'Pagos resueltos' });
    expect(within(decided).getByRole('cell', { name: 'Pagado el 21 nov 2026' })).toBeInTheDocument();
    expect(within(decided).getByText('Pagado', { selector: 'span' })).toBeInTheDocument();

    // Mark failed: the reason required, then too long, in Spanish; nothing sent.
    await user.click(within(waiting).getByRole('button', { name: 'Marcar como fallido' }));
    const dialog = screen.getByRole('dialog', { name: `Marcar ${sampleAdminPayout.reference} como fallido` });
    expect(dialog).toHaveAccessibleDescription(
      'El monto regresa al saldo de ganancias del creador, y el creador lee este motivo.',
    );
    const reason = within(dialog).getByLabelText('Motivo');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como fallido' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Este campo es obligatorio'));
    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como fallido' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Máximo 500 caracteres.'));
    expect(decide.started).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    // Mark paid: its reference field.
    await user.click(within(waiting).getByRole('button', { name: 'Marcar como pagado' }));
    const paid = screen.getByRole('dialog', { name: `Marcar ${sampleAdminPayout.reference} como pagado` });
    expect(paid).toHaveAccessibleDescription('Se le avisa al creador que el pago se realizó.');
    expect(within(paid).getByLabelText('Referencia del pago')).toBeInTheDocument();
  });

  it('Refunds and disputes: the card disputes, the refund to wire with its flag, the dialog, in Spanish', async () => {
    await act(() => setLocale('es-MX'));
    const load = controlled<RefundsAndDisputes>();
    const decide = controlled<AdminRefund, RefundDecision>();
    renderScreen(
      <OperatorConsoleScreen
        logic={{
          approval: adminApprovalMachine.provide({
            actors: {
              loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic,
              approveAdvertiser: controlled<PendingAdvertiser, { userId: string }>().logic,
              rejectAdvertiser: controlled<PendingAdvertiser, { userId: string; reason: string }>().logic,
            },
          }),
          refunds: adminRefundsMachine.provide({ actors: { loadRefunds: load.logic, decideRefund: decide.logic } }),
        }}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Reembolsos y disputas' }));
    await waitFor(() => expect(load.started).toBe(1));
    await load.resolve({
      refunds: [{ ...sampleAdminRefund, advertiserDisputes: { status: 'open', owedCents: 15_000 } }],
      disputes: [sampleCardDispute],
    });
    const disputes = screen.getByRole('table', { name: 'Disputas de tarjeta' });
    expect(
      within(disputes)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Anunciante', 'Monto', 'Retenido', 'Adeudado', 'Motivo', 'Estado', 'Abierta']);
    // Stripe's reason as Stripe gave it; the status and the day in Spanish.
    expect(within(disputes).getByRole('cell', { name: 'fraudulent' })).toBeInTheDocument();
    expect(within(disputes).getByRole('cell', { name: spanish.money(50_000) })).toBeInTheDocument();
    expect(within(disputes).getByText('Abierta', { selector: 'span' })).toBeInTheDocument();
    expect(within(disputes).getByRole('cell', { name: '26 nov 2026' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Reembolsos por transferir (1)' })).toBeInTheDocument();
    const refund = within(screen.getByRole('list', { name: 'Reembolsos en espera' })).getByRole('listitem');
    expect(refund).toHaveTextContent(
      /^USD\s200 para nova@example\.com.*Solicitado el 26 nov 2026 · Transferencia \(manual\) · En espera · Disputa de tarjeta abierta · adeudo de USD\s150/,
    );
    expect(refund).toHaveTextContent(
      'Este anunciante le debe a Castbridge por una disputa de tarjeta: no le transfieras.',
    );
    expect(screen.getByRole('table', { name: 'Otros reembolsos' })).toHaveTextContent('No hay otros reembolsos.');

    await user.click(within(refund).getByRole('button', { name: 'Marcar como enviado' }));
    const dialog = screen.getByRole('dialog', { name: /^Marcar como enviado el reembolso de USD\s200$/ });
    expect(dialog).toHaveAccessibleDescription('Se le avisa al anunciante que el dinero se le transfirió de vuelta.');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como enviado' }));
    expect(within(dialog).getByLabelText('Referencia de la transferencia')).toHaveAccessibleDescription(
      expect.stringContaining('Este campo es obligatorio'),
    );
    expect(decide.started).toBe(0);
  });

  it('Reviews: the held and disputed earnings, the Resolve dialog with its checks, the refusal and the notice', async () => {
    await act(() => setLocale('es-MX'));
    const load = controlled<AdminReview[]>();
    const resolve = controlled<AdminReview, Resolution>();
    renderScreen(
      <OperatorConsoleScreen
        logic={{
          approval: approvalsWaiting(),
          reviews: reviewQueueMachine.provide({ actors: { loadReviews: load.logic, resolveReview: resolve.logic } }),
        }}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Revisiones' }));
    const panel = screen.getByRole('tabpanel', { name: 'Revisiones' });
    await waitFor(() => expect(load.started).toBe(1));
    // The first read failed: the load state and the console's own refusal in Spanish.
    await load.reject(new Error(OPERATORS_ONLY));
    const failed = within(panel).getByRole('alert');
    expect(failed).toHaveTextContent('No se pudo cargar: revisiones');
    expect(failed).toHaveTextContent('Esta página es solo para el equipo de operación de Castbridge.');
    await user.click(within(failed).getByRole('button', { name: 'Intentar de nuevo' }));
    await load.resolve([sampleAdminReview, sampleHeldReview]);

    expect(panel).toHaveTextContent(/^Aquí esperan, de la más antigua a la más reciente, las ganancias retenidas/);
    expect(within(panel).getByRole('button', { name: 'Actualizar' })).toBeEnabled();
    const list = within(panel).getByRole('list', { name: 'Ganancias por revisar' });
    const disputed = within(list).getByRole('listitem', { name: 'Nova Energy: “Weekend streams”' });
    expect(disputed).toHaveTextContent('En disputa Ana Lee · ana@example.com');
    expect(disputed).toHaveTextContent('Ganancia de USD 225 · el periodo de revisión vence el 26 nov 2026, 18:30 UTC');
    expect(disputed).toHaveTextContent('Overlay: 60 min de 60 min verificados · 5,040 impresiones');
    // What the advertiser wrote, as written.
    expect(disputed).toHaveTextContent(
      'Disputa del anunciante (24 nov 2026, 09:00 UTC): The recording shows no overlay on screen.',
    );
    const held = within(list).getByRole('listitem', { name: 'Glow Cola: “Night runs”' });
    expect(held).toHaveTextContent('Retenida para revisión');
    expect(within(held).getByRole('list', { name: 'Motivos de la retención' })).toBeInTheDocument();

    // Resolve: the dialog in Spanish, the amount in US dollars and saying so, both checks worded.
    await user.click(within(disputed).getByRole('button', { name: 'Resolver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolver Nova Energy “Weekend streams”' });
    expect(dialog).toHaveTextContent(
      'Ana Lee ganó USD 225. Lo que no le pagues al creador regresa al anunciante; los dos leerán tu motivo.',
    );
    const pay = within(dialog).getByLabelText('Pago al creador');
    const reason = within(dialog).getByLabelText('Motivo');
    expect(pay.parentElement).toHaveTextContent('USD');
    expect(pay).toHaveAccessibleDescription(/^De USD\s0 a USD\s225\.$/);
    expect(reason).toHaveAccessibleDescription('De 10 a 1000 caracteres; el creador y el anunciante lo leerán.');
    await user.type(pay, 'cien');
    await user.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    expect(pay).toHaveAccessibleDescription(
      expect.stringContaining('Escribe un monto en dólares y centavos, p. ej., 120 o 120.50.'),
    );
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Este campo es obligatorio'));
    await user.clear(pay);
    await user.type(pay, '300');
    await user.type(reason, 'corto');
    await user.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    expect(pay).toHaveAccessibleDescription(expect.stringMatching(/Máximo USD\s225, el total de la ganancia\./));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Mínimo 10 caracteres.'));
    expect(resolve.started).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Pagar todo' }));
    expect(pay).toHaveValue('225');
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar todo' }));
    expect(pay).toHaveValue('0');
    await user.clear(pay);
    await user.type(pay, '100');
    await user.clear(reason);
    await user.type(reason, 'La mitad de los minutos no tenía el overlay.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    expect(resolve.inputs).toHaveLength(1);
    // The server's refusal as it came (already in the account's language).
    await resolve.reject(Object.assign(new Error('Esta ganancia ya no está retenida ni en disputa.'), { status: 409 }));
    const refusal = within(dialog).getByRole('alert');
    expect(refusal).toHaveTextContent('No se resolvió');
    expect(refusal).toHaveTextContent('Esta ganancia ya no está retenida ni en disputa.');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    await resolve.resolve({ ...sampleAdminReview, status: 'resolved' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(panel).getByText(/^Resolviste Nova Energy/)).toHaveTextContent(
      'Resolviste Nova Energy “Weekend streams”: USD 100 para Ana Lee y USD 125 de vuelta al anunciante.',
    );
    // No part of the tab is left English.
    expect(panel.querySelector('[lang="en"]')).toBeNull();
  });

  it('Platform budgets: the cards, their meters, refusals and waiting calls, the quiet channels, in Spanish', async () => {
    const { load, panel, user, view } = await openBudgetsTab();
    await load.resolve(sampleBudgets);

    expect(panel).toHaveTextContent(/^Cada llamada a Twitch y YouTube gasta una de estas cuotas/);
    const list = within(panel).getByRole('list', { name: 'Cuotas de las plataformas' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      'Twitch: canal de ana_speedruns',
      'YouTube: cuota diaria del proyecto',
      'Twitch: app de Castbridge',
      'Twitch: cuenta de chat de Castbridge',
    ]);
    const card = (name: string) => within(list).getByRole('listitem', { name });

    const app = card('Twitch: app de Castbridge');
    expect(app).toHaveTextContent('Disponible');
    expect(app).toHaveTextContent('Se usa para verificación de entregas y avisos de transmisiones en vivo.');
    expect(within(app).getByRole('meter', { name: 'Gastado en este minuto' })).toHaveAttribute(
      'aria-valuetext',
      '312 de 800 puntos gastados',
    );
    expect(app).toHaveTextContent('Gastado en este minuto312 de 800 puntos');
    expect(app).toHaveTextContent('Restante448 puntos');
    expect(app).toHaveTextContent('Reinicio14:03:00 UTC');
    expect(app).toHaveTextContent('Nada en espera.');

    const chat = card('Twitch: cuenta de chat de Castbridge');
    expect(chat).toHaveTextContent('Se usa para bot de chat y suscripciones de chat de EventSub.');

    // The platform's refusal and why calls wait, worded; the HTTP status as the platform gave it.
    const refused = card('Twitch: canal de ana_speedruns');
    expect(refused).toHaveTextContent('Rechazada por Twitch');
    expect(refused).toHaveTextContent(
      'Twitch rechazó llamadas hasta las 14:02:40 UTC (Twitch respondió 429): alguien más gastó la cuota de esta cuenta. Todas las instancias esperan al reinicio.',
    );
    expect(within(within(refused).getByRole('region', { name: 'En espera' })).getByRole('listitem')).toHaveTextContent(
      'Archivo de sesiones de transmisión: 1 llamada en espera desde las 14:02 UTC — Twitch rechaza llamadas hasta el reinicio: Twitch respondió 429. Prioridad: chat en vivo, se atiende primero.',
    );

    const youtube = card('YouTube: cuota diaria del proyecto');
    expect(youtube).toHaveTextContent('Llamadas en espera');
    expect(within(youtube).getByRole('meter', { name: 'Gastado hoy' })).toHaveAttribute(
      'aria-valuetext',
      '7,140 de 10,000 unidades gastadas',
    );
    expect(youtube).toHaveTextContent('Restante2,760 unidades');
    expect(youtube).toHaveTextContent('Reinicio27 nov 2026, 08:00 UTC (medianoche, hora del Pacífico)');
    expect(within(within(youtube).getByRole('region', { name: 'En espera' })).getByRole('listitem')).toHaveTextContent(
      'Recopilación de analíticas: 3 llamadas en espera desde las 14:02 UTC — la cuota de este periodo está agotada o reservada para prioridades más altas. Prioridad: analíticas, después del chat y la verificación.',
    );
    expect(
      within(within(youtube).getByRole('region', { name: 'Con qué frecuencia consulta' })).getByRole('listitem'),
    ).toHaveTextContent(
      'Verificación de entregas: 412 transmisiones en vivo o por comenzar, consultadas cada 2 minutos; la frecuencia se redujo para todas (lo previsto es cada minuto) para no exceder esta cuota.',
    );
    expect(
      within(within(youtube).getByRole('region', { name: 'Pospuesto hasta que se renueve la cuota' })).getByRole(
        'listitem',
      ),
    ).toHaveTextContent(
      'Recopilación de analíticas: 12 llamadas pospuestas hasta el 27 nov 2026, 08:00 UTC; después se vuelve a intentar. Prioridad: analíticas, después del chat y la verificación.',
    );

    const table = within(panel).getByRole('table', { name: 'Canales de Twitch de creadores sin nada en espera' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Canal', 'Se usa para', 'Gastado', 'Restante', 'Reinicio']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([['milo_plays', 'recopilación de analíticas', '6 de 800', '754', '14:02:51 UTC']]);

    // No part of the tab is left English, and axe finds nothing in Spanish either.
    expect(panel.querySelector('[lang="en"]')).toBeNull();
    const result = await axe.run(view.container, { runOnly: ['wcag2a', 'wcag2aa'] });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    // A failed refresh keeps the figures and says why, the failure's text as it came.
    await user.click(within(panel).getByRole('button', { name: 'Actualizar' }));
    await load.reject(new Error('Failed to fetch'));
    const alert = within(panel).getByRole('alert');
    expect(alert).toHaveTextContent('No se pudo volver a leer');
    expect(alert).toHaveTextContent('Failed to fetch Las cifras de abajo son de la última lectura.');
    expect(card('Twitch: app de Castbridge')).toHaveTextContent('312 de 800 puntos');
  });

  it('Platform budgets: a first read refused says so in Spanish, and nothing used yet', async () => {
    const { load, panel, user } = await openBudgetsTab();
    expect(panel).toHaveTextContent('Cargando: cuotas de las plataformas');
    await load.reject(new Error(OPERATORS_ONLY));
    const alert = within(panel).getByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar: cuotas de las plataformas');
    expect(alert).toHaveTextContent('Esta página es solo para el equipo de operación de Castbridge.');
    await user.click(within(alert).getByRole('button', { name: 'Intentar de nuevo' }));
    await load.resolve([]);
    expect(
      within(panel).getByText('Todavía no se ha usado ninguna cuota: nada ha llamado a Twitch ni a YouTube.'),
    ).toBeInTheDocument();
    expect(panel.querySelector('[lang="en"]')).toBeNull();
  });

  it('Platform budgets: every purpose and reason the answer codes, in Spanish', async () => {
    const { load, panel } = await openBudgetsTab();
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
    const card = within(panel).getByRole('listitem', { name: 'Twitch: canal de ana_speedruns' });
    expect(card).toHaveTextContent(
      'Se usa para recopilación de analíticas, archivo del chat, archivo de sesiones de transmisión, bot de chat, verificación de entregas, suscripciones de chat de EventSub, identificación al conectar cuentas y avisos de transmisiones en vivo.',
    );
    expect(card).toHaveTextContent(
      'Twitch rechazó llamadas hasta las 14:02:40 UTC: alguien más gastó la cuota de esta cuenta. Todas las instancias esperan al reinicio.',
    );
    expect(
      within(within(card).getByRole('region', { name: 'En espera' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Bot de chat: 2 llamadas en espera desde las 14:02 UTC — Twitch rechaza llamadas hasta el reinicio. Prioridad: chat en vivo, se atiende primero.',
      'Suscripciones de chat de EventSub: 1 llamada en espera desde las 14:02 UTC — la cuota de este periodo está agotada o reservada para prioridades más altas. Prioridad: chat en vivo, se atiende primero.',
    ]);
    expect(
      within(within(card).getByRole('region', { name: 'Pospuesto hasta que se renueve la cuota' })).getByRole(
        'listitem',
      ).textContent,
    ).toMatch(/^Identificación al conectar cuentas: 1 llamada pospuesta /);
    for (const code of BUDGET_PURPOSES) expect(card).not.toHaveTextContent(code);
    expect(panel.querySelector('[lang="en"]')).toBeNull();
  });

  it('Funds: the transfer instructions, the advertisers with their balances, the deposit dialog and its checks', async () => {
    await act(() => setLocale('es-MX'));
    const loadFunded = controlled<FundedAdvertiser[]>();
    const record = controlled<{ balanceCents: number }, DepositRequest>();
    const loadInstructions = controlled<TransferInstructions>();
    renderScreen(
      <OperatorConsoleScreen
        logic={{
          approval: adminApprovalMachine.provide({
            actors: {
              loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic,
              approveAdvertiser: controlled<PendingAdvertiser, { userId: string }>().logic,
              rejectAdvertiser: controlled<PendingAdvertiser, { userId: string; reason: string }>().logic,
            },
          }),
          funds: adminFundsMachine.provide({ actors: { loadFunded: loadFunded.logic, recordDeposit: record.logic } }),
          instructions: transferInstructionsMachine.provide({
            actors: {
              loadInstructions: loadInstructions.logic,
              saveInstructions: controlled<TransferInstructions, { instructions: string }>().logic,
            },
          }),
        }}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Fondos' }));
    await waitFor(() => expect(loadInstructions.started).toBe(1));
    await loadInstructions.resolve({ instructions: 'Banco Nova · CLABE 0123', updatedAt: '2026-11-20T10:00:00.000Z' });
    await loadFunded.resolve([sampleFundedAdvertiser]);
    const card = screen.getByRole('region', { name: 'Instrucciones de transferencia' });
    expect(
      within(card).getByLabelText('Datos bancarios a los que los anunciantes envían fondos'),
    ).toHaveAccessibleDescription(expect.stringContaining('último cambio: 20 nov 2026'));
    const table = screen.getByRole('table', { name: 'Anunciantes aprobados y sus fondos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Anunciante', 'Referencia de transferencia', 'Saldo', 'Reservado', 'Depósito']);
    expect(within(table).getByRole('cell', { name: spanish.money(1_250_000) })).toBeInTheDocument();
    expect(spanish.money(1_250_000)).toMatch(/^USD\s12,500$/);

    await user.click(within(table).getByRole('button', { name: 'Registrar depósito de Nova Energy' }));
    const dialog = screen.getByRole('dialog', { name: 'Registrar un depósito de Nova Energy' });
    const amount = within(dialog).getByLabelText('Monto recibido');
    // The amount is in US dollars, and says so.
    expect(amount.parentElement).toHaveTextContent('USD');
    await user.type(amount, 'mil');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar depósito' }));
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining('Escribe el monto recibido en dólares y centavos, p. ej., 5000 o 5,000.00.'),
    );
    expect(within(dialog).getByLabelText('Referencia')).toHaveAccessibleDescription(
      expect.stringContaining('Este campo es obligatorio'),
    );
    expect(record.started).toBe(0);
    await user.clear(amount);
    await user.type(amount, '500');
    await user.type(within(dialog).getByLabelText('Referencia'), 'Wire NOVA-0003');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar depósito' }));
    await record.resolve({ balanceCents: 1_300_000 });
    expect(screen.getByText(/^Depósito de USD\s500 registrado para Nova Energy\.$/)).toBeInTheDocument();
  });
});

// The Campaigns screen's self-serve money in the page's language (issue 49): the Funds card's held and owed amounts,
// the card and bank payments, the payment come back from Stripe, Add funds and Refund unspent funds with their checks,
// and the campaigns' reach, in Mexican Spanish; every sum in US dollars written the Spanish way (USD …); what Stripe or a
// bank said, the brand's and the campaigns' names as they are.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdvertiserAnalytics, AdvertiserBalance, AdvertiserChecklist, Campaign, FundingDetails } from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import type { CardDeposit } from '@/contract/schemas/money';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import { sampleAdvertiserAnalytics } from '@/machines/analytics/samples';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignListMachine } from '@/machines/marketplace/campaignList.machine';
import { addFundsMachine, type DepositRequest, type DepositStarted } from '@/machines/money/addFunds.machine';
import { advertiserFundsMachine } from '@/machines/money/advertiserFunds.machine';
import { depositReturnMachine } from '@/machines/money/depositReturn.machine';
import { fundsRefundMachine, type RefundRequest, type RefundResult } from '@/machines/money/fundsRefund.machine';
import {
  sampleCardDeposit,
  sampleFailedDeposit,
  sampleManualRefund,
  sampleProcessingDeposit,
  sampleStripeRefund,
  sampleSucceededDeposit,
} from '@/machines/money/fundsSamples';
import { formatsIn } from '@/src/common/format';
import { setLocale } from '@/src/i18n/i18n';
import { CampaignsScreen } from '@/src/marketplace/Campaigns';
import { controlled, renderScreen } from './harness';

const spanish = formatsIn('es-MX');
/** A text as toHaveTextContent reads the screen's: Intl's no-break spaces as spaces. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

beforeAll(() => Promise.all([import('@/src/money/AddFunds'), import('@/src/money/FundsRefund')]));
afterEach(async () => {
  await act(() => setLocale('en'));
});

const emptyFunds: AdvertiserBalance = {
  balanceCents: 0,
  reservedCents: 0,
  refundingCents: 0,
  disputedCents: 0,
  owedCents: 0,
  owedDispute: null,
  deposits: [],
  cardDeposits: [],
};

/** Campaigns in Spanish with the Funds card, its three flows and the reach card controlled by the test. */
async function setup({ funds = emptyFunds, url = '/campaigns' }: { funds?: AdvertiserBalance; url?: string } = {}) {
  await act(() => setLocale('es-MX'));
  const loadFunds = controlled<AdvertiserBalance>();
  const createDeposit = controlled<DepositStarted, DepositRequest>();
  const loadDeposit = controlled<CardDeposit, { depositId: string }>();
  const requestRefund = controlled<RefundResult, RefundRequest>();
  const loadReach = controlled<AdvertiserAnalytics, { range: AnalyticsRange }>();
  renderScreen(
    <CampaignsScreen
      logic={{
        list: campaignListMachine.provide({ actors: { loadCampaigns: controlled<Campaign[]>().logic } }),
        funds: advertiserFundsMachine.provide({
          actors: { loadFunds: loadFunds.logic, loadTransfer: controlled<FundingDetails>().logic },
        }),
        fundsFlows: {
          addFunds: addFundsMachine.provide({
            actors: { createDeposit: createDeposit.logic },
            actions: { goToCheckout: () => undefined },
          }),
          depositReturn: depositReturnMachine.provide({
            actors: {
              loadDeposit: loadDeposit.logic,
              cancelDeposit: controlled<CardDeposit, { depositId: string }>().logic,
            },
          }),
          fundsRefund: fundsRefundMachine.provide({ actors: { requestRefund: requestRefund.logic } }),
        },
        reach: campaignReachMachine.provide({ actors: { loadReach: loadReach.logic } }),
        checklist: advertiserChecklistMachine.provide({
          actors: { loadChecklist: controlled<AdvertiserChecklist>().logic },
        }),
      }}
    />,
    { path: '/campaigns', url, jwt: 'advertiser.jwt' },
  );
  expect(await screen.findByText('Cargando: fondos')).toBeInTheDocument();
  await loadFunds.resolve(funds);
  return {
    createDeposit,
    loadDeposit,
    requestRefund,
    loadReach,
    user: userEvent.setup(),
    card: () => within(screen.getByRole('region', { name: 'Fondos' })),
  };
}

describe('The Funds card in Spanish', () => {
  it('what refunds and a card dispute hold, what is owed and why refunds wait, the payments with their states', async () => {
    const { card } = await setup({
      funds: {
        ...emptyFunds,
        balanceCents: 80_000,
        refundingCents: 20_000,
        disputedCents: 35_000,
        owedCents: 12_050,
        owedDispute: 'open',
        cardDeposits: [
          { ...sampleSucceededDeposit, refundedCents: 30_000 },
          sampleProcessingDeposit,
          sampleFailedDeposit,
        ],
      },
    });
    expect(card().getByText('Retenido por reembolsos').nextSibling).toHaveTextContent(/^USD\s200$/);
    expect(card().getByText('Retenido por una disputa de tarjeta').nextSibling).toHaveTextContent(/^USD\s350$/);
    expect(card().getByText('Adeudo por una disputa de tarjeta').nextSibling).toHaveTextContent(/^USD\s120\.50$/);
    expect(screen.getByText('Los reembolsos y lanzamientos esperan')).toBeInTheDocument();
    expect(screen.getByText(/^Uno de tus pagos con tarjeta está en disputa/)).toHaveTextContent(
      spaced(
        `Uno de tus pagos con tarjeta está en disputa: le debes ${spanish.money(12_050)} a Castbridge hasta que la disputa se cierre. Los reembolsos y lanzamientos esperan hasta que se cubra.`,
      ),
    );
    expect(
      screen.getByText('Los fondos que agregues y lo que liberen tus campañas lo cubren primero.'),
    ).toBeInTheDocument();
    const day = spanish.date(sampleSucceededDeposit.createdAt);
    const items = within(card().getByRole('list', { name: 'Pagos con tarjeta y bancarios' })).getAllByRole('listitem');
    expect(items.map((item) => spaced(item.textContent ?? ''))).toEqual([
      spaced(`${day}: USD 500 con tarjeta Pagado · USD 300 reembolsados`),
      spaced(`${day}: USD 500 por débito bancario En proceso`),
      spaced(`${day}: USD 500 con tarjeta Falló`),
    ]);
    expect(card().getByRole('button', { name: 'Agregar fondos' })).toBeEnabled();
    expect(card().getByRole('button', { name: 'Reembolsar fondos no usados' })).toBeEnabled();
  });

  it('back from Stripe: checking, then a card payment processing', async () => {
    const { loadDeposit } = await setup({ url: '/campaigns?deposit=dep_1' });
    expect(await screen.findByText('Verificando tu pago')).toBeInTheDocument();
    await loadDeposit.resolve({ ...sampleCardDeposit, status: 'processing' });
    expect(await screen.findByText('Pago en proceso')).toBeInTheDocument();
    expect(
      screen.getByText(
        spaced(
          `Tu pago con tarjeta de ${spanish.money(51_525)} está en proceso: se agregan USD 500 a tu saldo en cuanto Stripe lo confirme.`,
        ),
        { normalizer: spaced },
      ),
    ).toBeInTheDocument();
  });

  it('a failed payment says so in Spanish, with Stripe’s reason as it came', async () => {
    const { loadDeposit } = await setup({ url: '/campaigns?deposit=dep_1' });
    expect(await screen.findByText('Verificando tu pago')).toBeInTheDocument();
    await loadDeposit.resolve(sampleFailedDeposit);
    expect(await screen.findByText('El pago falló')).toBeInTheDocument();
    expect(
      screen.getByText(
        spaced(
          `Tu pago con tarjeta de ${spanish.money(51_525)} falló: Your card was declined.. No se agregó nada a tu saldo; puedes volver a agregar fondos con otra tarjeta u otra cuenta.`,
        ),
        { normalizer: spaced },
      ),
    ).toBeInTheDocument();
  });
});

describe('Add funds in Spanish', () => {
  it('its fields and the fee in Spanish, the amount in USD, a check worded with its limit in USD', async () => {
    const { card, user, createDeposit } = await setup();
    await user.click(card().getByRole('button', { name: 'Agregar fondos' }));
    const d = await screen.findByRole('dialog', { name: 'Agregar fondos' });
    const amount = within(d).getByLabelText('Monto (USD)');
    expect(amount).toHaveAccessibleDescription(/^Lo que aumenta tu saldo: de USD\s10 a USD\s50,000\.$/);
    expect(within(d).getByRole('radio', { name: /^Tarjeta/ })).toBeChecked();
    expect(within(d).getByRole('radio', { name: /^Cuenta bancaria de EE\. UU\./ })).not.toBeChecked();
    expect(within(d).getByText('Escribe un monto para ver la comisión y el total.')).toBeInTheDocument();
    await user.type(amount, '5');
    await user.click(within(d).getByRole('button', { name: 'Continuar al pago' }));
    expect(amount).toHaveAccessibleDescription(/El monto mínimo que puedes agregar es USD\s10\./);
    expect(createDeposit.started).toBe(0);
    await user.clear(amount);
    await user.type(amount, '500');
    expect(within(d).getByText('Se agrega a tu saldo').nextSibling).toHaveTextContent(/^USD\s500$/);
    expect(within(d).getByText('Comisión de Stripe').nextSibling).toHaveTextContent(/^USD\s15\.25$/);
    expect(within(d).getByText('Total cobrado').nextSibling).toHaveTextContent(/^USD\s515\.25$/);
    expect(within(d).getByTestId('fee-worked')).toHaveTextContent(
      spaced('Stripe se queda con USD 15.25 de los USD 515.25 cobrados, y USD 500 llegan a tu saldo.'),
    );
    expect(within(d).getByText(/^La comisión de Stripe por tarjeta es de 2\.9 % \+ USD\s0\.30/)).toBeInTheDocument();
    await user.click(within(d).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Refund unspent funds in Spanish', () => {
  it('up to the free balance in USD; the check and the pieces in Spanish', async () => {
    const { card, user, requestRefund } = await setup({ funds: { ...emptyFunds, balanceCents: 80_000 } });
    await user.click(card().getByRole('button', { name: 'Reembolsar fondos no usados' }));
    const d = await screen.findByRole('dialog', { name: 'Reembolsar fondos no usados' });
    const amount = within(d).getByLabelText('Monto (USD)');
    expect(amount).toHaveAccessibleDescription(/^Como máximo USD\s800, tu saldo libre\./);
    await user.type(amount, '900');
    await user.click(within(d).getByRole('button', { name: 'Reembolsar' }));
    expect(amount).toHaveAccessibleDescription(/Puedes reembolsar como máximo USD\s800, tu saldo libre\./);
    expect(requestRefund.started).toBe(0);
    await user.clear(amount);
    await user.type(amount, 'abc');
    expect(amount).toHaveAccessibleDescription(/Escribe un monto en dólares y centavos, p\. ej\. 200 o 200\.50\./);
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(d).getByRole('button', { name: 'Reembolsar' }));
    await requestRefund.resolve({ refunds: [sampleStripeRefund, sampleManualRefund], balanceCents: 30_000 });
    expect(within(d).getByRole('heading', { name: 'Reembolso solicitado' })).toBeInTheDocument();
    const pieces = within(d).getByRole('list', { name: 'Partes del reembolso' });
    expect(
      within(pieces)
        .getAllByRole('listitem')
        .map((item) => spaced(item.textContent ?? '')),
    ).toEqual([
      'USD 300 de vuelta a la tarjeta o cuenta bancaria con que se pagó, a través de Stripe Reembolsado',
      'USD 200 que Castbridge te devuelve por transferencia En espera de Castbridge',
    ]);
    expect(d).toHaveTextContent(spaced('Tu saldo libre ahora es de USD 300.'));
    await user.click(within(d).getByRole('button', { name: 'Listo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Reach in Spanish', () => {
  it('its range, columns and figures in Spanish; the spend in USD; the names as they are', async () => {
    const { loadReach } = await setup();
    await loadReach.resolve(sampleAdvertiserAnalytics);
    const reach = await screen.findByRole('region', { name: 'Alcance' });
    expect(within(reach).getByRole('radiogroup', { name: 'Periodo' })).toBeInTheDocument();
    expect(within(reach).getByRole('radio', { name: '30 días' })).toBeChecked();
    const table = within(reach).getByRole('table', { name: 'Alcance de tus campañas en 30 días' });
    expect(within(table).getByRole('columnheader', { name: 'Creadores alcanzados' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Gasto del presupuesto' })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /Nova Energy: Overlay week/ });
    expect(row).toHaveTextContent(spaced('USD 250 de USD 1,250'));
    expect(within(reach).getByText(/^Creadores alcanzados: creadores en cuyo overlay/)).toBeInTheDocument();
  });
});

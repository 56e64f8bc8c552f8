// The advertiser's campaign page in the page's language (issue 49): /campaigns/:id in Mexican Spanish, its controls
// with Launch and its figures, the room with Add spots and its check, the verified delivery, the details, the matched
// creators by offer status with their reasons, and Confirm Delivery; money in US dollars written the Spanish way
// (USD 250); the brand's, the campaign's and the creators' names and the server's refusals as they are.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdvertiserChecklist, Campaign, Offer } from '@/contract';
import type { CampaignAction } from '@/contract/marketplace';
import { addSpotsMachine } from '@/machines/marketplace/addSpots.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignControlsMachine, type LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { campaignDetailMachine, type CampaignDetail } from '@/machines/marketplace/campaignDetail.machine';
import { deliveryConfirmMachine } from '@/machines/marketplace/deliveryConfirm.machine';
import { sampleCampaign, sampleOffer } from '@/machines/marketplace/samples';
import { setLocale } from '@/src/i18n/i18n';
import { CampaignPageScreen } from '@/src/marketplace/CampaignPage';
import { controlled, renderScreen } from './harness';

afterEach(async () => {
  await act(() => setLocale('en'));
});

// Pay $250, 3 spots: a $750 budget; 42 verified minutes over 3,528 impressions at $7.09 CPM.
const running: Campaign = {
  ...sampleCampaign,
  status: 'active',
  launchedAt: '2025-07-01T10:00:00.000Z',
  delivery: { verifiedSeconds: 42 * 60 + 30, impressions: 3_528, cpmCents: 709 },
};
const accepted: Offer = { ...sampleOffer, id: 'off_2', status: 'accepted', messageCount: 2 };

function setup() {
  const load = controlled<CampaignDetail, { id: string }>();
  const funds = controlled<LaunchFunds>();
  const spotsFunds = controlled<LaunchFunds>();
  const add = controlled<Campaign, { id: string; spots: number; from: number }>();
  const confirm = controlled<Offer, { offerId: string }>();
  const logic = {
    checklist: advertiserChecklistMachine.provide({
      actors: { loadChecklist: controlled<AdvertiserChecklist>().logic },
    }),
    detail: campaignDetailMachine.provide({ actors: { loadCampaignDetail: load.logic } }),
    controls: campaignControlsMachine.provide({
      actors: {
        runCampaignAction: controlled<Campaign, { id: string; action: CampaignAction }>().logic,
        loadBalance: funds.logic,
      },
    }),
    spots: addSpotsMachine.provide({ actors: { loadBalance: spotsFunds.logic, addSpots: add.logic } }),
    delivery: deliveryConfirmMachine.provide({ actors: { confirmDelivery: confirm.logic } }),
  };
  renderScreen(<CampaignPageScreen logic={logic} />, {
    path: '/campaigns/:id',
    url: '/campaigns/cmp_1',
    jwt: 'advertiser.jwt',
  });
  return { load, funds, spotsFunds, add, confirm, user: userEvent.setup() };
}

/** A dialog's figures as read, Intl's no-break space (USD 250) as a plain one. */
const definitions = (root: HTMLElement) =>
  within(root)
    .getAllByRole('definition')
    .map((value) => value.textContent?.replace(/\s/g, ' '));

describe('the campaign page in Spanish', () => {
  it('a running campaign: its status, spots, verified delivery, details and matched creators; Add spots checked', async () => {
    await act(() => setLocale('es-MX'));
    const { load, spotsFunds, add, confirm, user } = setup();
    expect(await screen.findByText('Cargando: campaña')).toBeInTheDocument();
    await load.resolve({ campaign: running, offers: [sampleOffer, accepted] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Power your late-night streams' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Campañas' })).toHaveAttribute('href', '/campaigns');
    expect(screen.getByRole('link', { name: 'Reporte' })).toHaveAttribute('href', '/campaigns/cmp_1/report');
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Activa');
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar campaña' })).toBeInTheDocument();

    // The room: spots and budget in US dollars, what matching does.
    const spots = screen.getByRole('region', { name: 'Lugares' });
    expect(spots).toHaveTextContent('3 lugares, 0 ocupados · presupuesto USD 750');
    expect(spots).toHaveTextContent('La búsqueda automática está activada');

    // The verified delivery's figures the Spanish way.
    const verified = screen.getByRole('region', { name: 'Entrega verificada' });
    expect(within(verified).getByText('42 min verificados')).toBeInTheDocument();
    expect(within(verified).getByText('3,528')).toBeInTheDocument();
    expect(within(verified).getByText('USD 7.09')).toBeInTheDocument();

    // The details: labels worded, money in US dollars, the brand's words as written.
    const details = screen.getByRole('region', { name: 'Detalles' });
    expect(within(details).getByText('Pago por creador').nextElementSibling).toHaveTextContent('USD 250');
    expect(within(details).getByText('Aviso de patrocinio').nextElementSibling).toHaveTextContent(
      'Sponsored by Nova Energy',
    );
    expect(within(details).getByText('Países').nextElementSibling).toHaveTextContent('Todos los países');

    // The matched creators by status, their reasons and actions worded; the creator's name as written.
    const creators = screen.getByRole('region', { name: 'Creadores que coinciden' });
    expect(within(creators).getByRole('heading', { name: 'Pidieron más información (1)' })).toBeInTheDocument();
    expect(within(creators).getByRole('heading', { name: 'Aceptadas (1)' })).toBeInTheDocument();
    expect(within(creators).getAllByRole('list', { name: 'Por qué coincide Ana García' })[0]).toHaveTextContent(
      'Plataforma: Streams on Twitch',
    );
    expect(within(creators).getByRole('button', { name: 'Mensajes (2)' })).toBeInTheDocument();
    expect(within(creators).getByRole('link', { name: 'Prueba de exhibición' })).toBeInTheDocument();

    // Confirm Delivery asks first, with the pay in US dollars.
    await user.click(within(creators).getByRole('button', { name: 'Confirmar entrega' }));
    const confirmDialog = await screen.findByRole('alertdialog', { name: '¿Confirmar la entrega?' });
    expect(confirmDialog).toHaveTextContent(
      'Ana García entregó «Power your late-night streams»: se le pagan USD 250 de lo reservado para esta campaña. Esto no se puede deshacer.',
    );
    await user.click(within(confirmDialog).getByRole('button', { name: 'Todavía no' }));
    expect(confirm.started).toBe(0);

    // Add spots: the figures in US dollars, a count that is not a whole number from 1 refused.
    await user.click(within(spots).getByRole('button', { name: 'Agregar lugares' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Agregar lugares a esta campaña?' });
    expect(dialog).toHaveTextContent('Cada lugar reserva USD 250 de tu saldo desde ahora');
    await spotsFunds.resolve({ balanceCents: 100_000, owedCents: 0, owedDispute: null });
    expect(definitions(dialog)).toEqual(['USD 250', 'USD 1,000', 'USD 750', 'USD 1,000']);
    const count = within(dialog).getByLabelText('Lugares por agregar');
    await user.clear(count);
    await user.type(count, '0');
    expect(count).toHaveAccessibleDescription('Un número entero desde 1');
    expect(within(dialog).getByRole('button', { name: 'Sí, agregar lugares' })).toBeDisabled();
    expect(add.started).toBe(0);
  });

  it('a draft: Launch asks first with what it reserves in US dollars; money owed says why it waits', async () => {
    await act(() => setLocale('es-MX'));
    const { load, funds, user } = setup();
    await load.resolve({ campaign: sampleCampaign, offers: [] });
    expect(await screen.findByTestId('campaign-status')).toHaveTextContent('Borrador');
    expect(
      screen.getByText('Todavía no hay creadores que coincidan. Los creadores se buscan cuando lanzas la campaña.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lanzar campaña' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Lanzar esta campaña?' });
    expect(dialog).toHaveTextContent('Al lanzarla se reservan USD 750 (USD 250 × 3 lugares) de tu saldo');
    await funds.resolve({ balanceCents: 20_000, owedCents: 5_000, owedDispute: 'open' });
    expect(definitions(dialog)).toEqual(['USD 750', 'USD 200', 'No alcanza']);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Uno de tus pagos con tarjeta está en disputa: le debes USD 50 a Castbridge hasta que se cierre la disputa.',
    );
    expect(within(dialog).getByRole('button', { name: 'Agregar fondos' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Todavía no' })).toBeInTheDocument();
  });
});

// The advertiser's own screens in the page's language (issue 49): Company Profile with its verification status and
// its form's checks, the advertiser's completion at /complete-register, and Campaigns with its checklist, its Funds
// card and a campaign's card in Mexican Spanish; the sums in US dollars written the Spanish way (USD …); the server's
// refusals, the company's and the campaign's names and what the advertiser wrote as they are.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  AdvertiserAnalytics,
  AdvertiserBalance,
  AdvertiserChecklist,
  AdvertiserProfile,
  AdvertiserProfileInput,
  Campaign,
  FundingDetails,
} from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import { advertiserCompletionMachine } from '@/machines/accounts/advertiserCompletion.machine';
import { sampleUser } from '@/machines/accounts/samples';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { advertiserProfileMachine } from '@/machines/marketplace/advertiserProfile.machine';
import { campaignListMachine } from '@/machines/marketplace/campaignList.machine';
import { sampleAdvertiserProfile, sampleCampaign } from '@/machines/marketplace/samples';
import { advertiserFundsMachine } from '@/machines/money/advertiserFunds.machine';
import { CompleteRegister } from '@/src/accounts/CompleteRegister';
import { ApiError } from '@/src/api/client';
import { formatsIn } from '@/src/common/format';
import { setLocale } from '@/src/i18n/i18n';
import { CampaignsScreen } from '@/src/marketplace/Campaigns';
import { CompanyProfileScreen } from '@/src/marketplace/CompanyProfile';
import { controlled, renderScreen } from './harness';

const spanish = formatsIn('es-MX');
/** A text as toHaveTextContent reads the screen's: Intl's no-break spaces as spaces. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('Company Profile in Spanish', () => {
  it("a new advertiser's form: its fields, the checks worded, the server's refusal as it came, then sent for review", async () => {
    await act(() => setLocale('es-MX'));
    const load = controlled<AdvertiserProfile | null>();
    const save = controlled<AdvertiserProfile, AdvertiserProfileInput>();
    renderScreen(
      <CompanyProfileScreen
        logic={advertiserProfileMachine.provide({
          actors: { loadAdvertiserProfile: load.logic, saveAdvertiserProfile: save.logic },
        })}
      />,
      { path: '/company-profile', jwt: 'advertiser.jwt' },
    );
    expect(await screen.findByText('Cargando: perfil de la empresa')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Perfil de la empresa' })).toBeInTheDocument();
    await load.resolve(null);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Cuéntanos sobre tu empresa' })).toBeInTheDocument();
    expect(screen.getByText(/^Un operador revisa a cada anunciante/)).toBeInTheDocument();
    const website = screen.getByLabelText('Sitio web');
    expect(website).toHaveAccessibleDescription('La dirección completa, p. ej. https://example.com');
    expect(screen.getByLabelText('¿Qué quieres promocionar?')).toHaveAccessibleDescription(
      'Tus productos o servicios, en una o dos frases (opcional).',
    );
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();

    // Sent empty: each required field says so; the optional one does not.
    await user.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
    expect(save.started).toBe(0);
    expect(screen.getByLabelText('Nombre de la empresa')).toHaveAccessibleDescription('Este campo es obligatorio');
    expect(screen.getByLabelText('Nombre del contacto')).toHaveAccessibleDescription('Este campo es obligatorio');
    expect(screen.getByLabelText('¿Qué quieres promocionar?')).not.toHaveAttribute('aria-invalid');

    // The address, the e-mail and a name too long, each worded; the limit written the Spanish way.
    await user.click(screen.getByLabelText('Nombre de la empresa'));
    await user.paste('N'.repeat(121));
    await user.type(website, 'nova-energy');
    await user.type(screen.getByLabelText('Correo del contacto'), 'marta@');
    expect(screen.getByLabelText('Nombre de la empresa')).toHaveAccessibleDescription('Usa menos de 120 caracteres.');
    expect(website).toHaveAccessibleDescription(
      'La dirección completa, p. ej. https://example.com Escribe la dirección web completa, empezando con https://',
    );
    expect(screen.getByLabelText('Correo del contacto')).toHaveAccessibleDescription(
      'Escribe un correo electrónico válido.',
    );

    // Corrected and sent: the server's refusal as it worded it, then the profile sent for review.
    await user.clear(screen.getByLabelText('Nombre de la empresa'));
    await user.type(screen.getByLabelText('Nombre de la empresa'), 'Nova Energy');
    await user.clear(website);
    await user.type(website, 'https://nova-energy.example');
    await user.type(screen.getByLabelText('Nombre del contacto'), 'Marta Ruiz');
    await user.type(screen.getByLabelText('Correo del contacto'), 'nova-energy.example');
    await user.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
    expect(save.started).toBe(1);
    await save.reject(new ApiError('Demasiadas solicitudes', 429, { message: 'Demasiadas solicitudes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Demasiadas solicitudes');
    await user.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
    await save.resolve(sampleAdvertiserProfile);
    expect(screen.getByText(/^El perfil de tu empresa se envió a revisión\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Siguientes pasos: Primeros pasos en Campañas' })).toHaveAttribute(
      'href',
      '/campaigns',
    );
    expect(screen.getByTestId('verification-status')).toHaveTextContent('En espera de aprobación');
    expect(screen.getByText(/^Un operador está revisando tu empresa\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeEnabled();
  });

  it('a rejected profile: its status, the reason as the operator wrote it, the company as written, Edit and Resend', async () => {
    await act(() => setLocale('es-MX'));
    const load = controlled<AdvertiserProfile | null>();
    renderScreen(
      <CompanyProfileScreen
        logic={advertiserProfileMachine.provide({
          actors: {
            loadAdvertiserProfile: load.logic,
            saveAdvertiserProfile: controlled<AdvertiserProfile, AdvertiserProfileInput>().logic,
          },
        })}
      />,
      { path: '/company-profile', jwt: 'advertiser.jwt' },
    );
    await screen.findByText('Cargando: perfil de la empresa');
    await load.resolve({
      ...sampleAdvertiserProfile,
      status: 'rejected',
      rejectionReason: 'The website does not load.',
    });
    expect(screen.getByTestId('verification-status')).toHaveTextContent('Rechazada');
    expect(screen.getByText('Tu empresa no fue aprobada. Corrige el perfil y vuelve a enviarlo.')).toBeInTheDocument();
    const reason = screen.getByRole('alert');
    expect(reason).toHaveTextContent('Motivo');
    expect(reason).toHaveTextContent('The website does not load.');
    const company = screen.getByRole('region', { name: 'Empresa' });
    for (const term of [
      'Nombre de la empresa',
      'Sitio web',
      'Nombre del contacto',
      'Correo del contacto',
      'Promociona',
    ])
      expect(within(company).getByText(term)).toBeInTheDocument();
    expect(within(company).getByText('Energy drinks for long streams')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Editar y reenviar' }));
    expect(screen.getByLabelText('Nombre de la empresa')).toHaveValue('Nova Energy');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
  });
});

describe("the advertiser's completion in Spanish", () => {
  it('the company form at /complete-register: its words and checks; the page in Spanish, no English part', async () => {
    await act(() => setLocale('es-MX'));
    const save = controlled<AdvertiserProfile, AdvertiserProfileInput>();
    const view = renderScreen(
      <CompleteRegister
        advertiserLogic={advertiserCompletionMachine.provide({ actors: { saveCompanyProfile: save.logic } })}
      />,
      { path: '/complete-register', jwt: 'stored.jwt' },
    );
    act(() =>
      view.session().send({
        type: 'user.updated',
        user: { ...sampleUser, email: 'marta@nova.example', role: 'advertiser', type_account: 'Advertiser' },
      }),
    );
    const heading = await screen.findByRole('heading', { name: 'Completa el perfil de tu empresa' });
    expect(heading.closest('[lang="en"]')).toBeNull();
    expect(
      screen.getByText('Castbridge revisa a cada anunciante antes de que sus campañas lleguen a los creadores.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Correo del contacto')).toHaveValue('marta@nova.example');
    expect(screen.getByLabelText('¿Qué quieres promocionar?')).toHaveAccessibleDescription(
      'Tus productos o servicios, en una o dos frases: ayuda en la revisión y en tus campañas.',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Sitio web'), 'nova');
    await user.click(screen.getByRole('button', { name: 'Enviar a revisión' }));
    expect(save.started).toBe(0);
    expect(screen.getByLabelText('Nombre de la empresa')).toHaveAccessibleDescription('Este campo es obligatorio');
    expect(screen.getByLabelText('Sitio web')).toHaveAccessibleDescription(
      expect.stringContaining('Escribe la dirección web completa, empezando con https://'),
    );
    expect(screen.getByLabelText('¿Qué quieres promocionar?')).toHaveAccessibleDescription(
      expect.stringContaining('Este campo es obligatorio'),
    );
  });
});

describe('Campaigns in Spanish', () => {
  it("the checklist, the Funds card and a campaign's card: words, states, and dollars written USD …", async () => {
    await act(() => setLocale('es-MX'));
    const campaigns = controlled<Campaign[]>();
    const funds = controlled<AdvertiserBalance>();
    const transfer = controlled<FundingDetails>();
    const checklist = controlled<AdvertiserChecklist>();
    renderScreen(
      <CampaignsScreen
        logic={{
          list: campaignListMachine.provide({ actors: { loadCampaigns: campaigns.logic } }),
          funds: advertiserFundsMachine.provide({ actors: { loadFunds: funds.logic, loadTransfer: transfer.logic } }),
          reach: campaignReachMachine.provide({
            actors: { loadReach: controlled<AdvertiserAnalytics, { range: AnalyticsRange }>().logic },
          }),
          checklist: advertiserChecklistMachine.provide({ actors: { loadChecklist: checklist.logic } }),
        }}
      />,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    expect(await screen.findByRole('heading', { name: 'Campañas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nueva campaña' })).toHaveAttribute('href', '/campaigns/new');
    expect(screen.getByText('Cargando: campañas')).toBeInTheDocument();
    expect(screen.getByText('Cargando: primeros pasos')).toBeInTheDocument();
    expect(screen.getByText('Cargando: fondos')).toBeInTheDocument();

    await checklist.resolve({ profile: 'rejected', fundsCents: 0, campaigns: 1, draftId: 'cmp_1', launched: false });
    const steps = screen.getByRole('list', { name: 'Primeros pasos' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Envía el perfil de tu empresaListoNombre de la empresa, sitio web y contacto, para su revisión.',
      'Castbridge lo apruebaNo aprobadoLas campañas solo se lanzan cuando el perfil de tu empresa está aprobado; te avisaremos.Ver el motivo y volver a enviarlo',
      'Agrega fondosPendienteCon tarjeta, débito bancario de EE. UU. o transferencia bancaria; consulta Fondos más abajo.Ver cómo agregar fondos',
      'Crea una campañaListoUn borrador: marca, pago por creador, lugares y segmentación.',
      'LánzalaPendienteAl lanzarla se reserva el pago × lugares de tu saldo y se buscan creadores afines.Abrir el borrador',
    ]);

    const deposit = { id: 'dep_1', amountCents: 128_900, reference: 'CB-7KQM-2WXZ', createdAt: '2026-11-20T10:00:00Z' };
    await transfer.resolve({ reference: 'CB-7KQM-2WXZ', instructions: null });
    await funds.resolve({
      balanceCents: 128_900,
      reservedCents: 25_000,
      refundingCents: 0,
      disputedCents: 0,
      owedCents: 0,
      owedDispute: null,
      deposits: [deposit],
      cardDeposits: [],
    });
    const card = screen.getByRole('region', { name: 'Fondos' });
    expect(within(card).getByText('Saldo').nextElementSibling).toHaveTextContent(/^USD\s1,289$/);
    expect(within(card).getByText('Reservado por campañas').nextElementSibling).toHaveTextContent(/^USD\s250$/);
    expect(within(card).getByRole('list', { name: 'Últimos depósitos' })).toHaveTextContent(
      spaced(`${spanish.date(deposit.createdAt)}: ${spanish.money(deposit.amountCents)} · CB-7KQM-2WXZ`),
    );
    expect(within(card).getByText('Tu referencia de transferencia')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ayuda y soporte' })).toHaveAttribute('href', '/help-and-support');
    expect(within(card).getByRole('link', { name: 'Recibos de tus depósitos y reembolsos' })).toBeInTheDocument();

    await campaigns.resolve([
      sampleCampaign,
      {
        ...sampleCampaign,
        id: 'cmp_2',
        title: 'Clicks for Nova',
        status: 'active',
        perClickCents: 50,
        offers: { ...sampleCampaign.offers, invited: 2, accepted: 1 },
      },
    ]);
    const list = screen.getByRole('list', { name: 'Campañas' });
    const [draft, active] = within(list).getAllByRole('listitem');
    expect(draft).toHaveTextContent('Borrador');
    expect(draft).toHaveTextContent('Pago por creadorUSD 250');
    expect(draft).toHaveTextContent('Lugares3');
    expect(draft).toHaveTextContent('Ofertas abiertas0');
    expect(draft).toHaveTextContent('Aceptadas0 de 3');
    expect(active).toHaveTextContent('Activa');
    expect(active).toHaveTextContent(spaced(`Pago por clic${spanish.money(50)} hasta USD 250`));
    expect(active).toHaveTextContent('Ofertas abiertas2');
    expect(active).toHaveTextContent('Aceptadas1 de 3');
  });

  it('no campaigns yet says so in Spanish', async () => {
    await act(() => setLocale('es-MX'));
    const campaigns = controlled<Campaign[]>();
    renderScreen(
      <CampaignsScreen
        logic={{
          list: campaignListMachine.provide({ actors: { loadCampaigns: campaigns.logic } }),
          funds: advertiserFundsMachine.provide({
            actors: {
              loadFunds: controlled<AdvertiserBalance>().logic,
              loadTransfer: controlled<FundingDetails>().logic,
            },
          }),
          reach: campaignReachMachine.provide({
            actors: { loadReach: controlled<AdvertiserAnalytics, { range: AnalyticsRange }>().logic },
          }),
          checklist: advertiserChecklistMachine.provide({
            actors: { loadChecklist: controlled<AdvertiserChecklist>().logic },
          }),
        }}
      />,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    await screen.findByText('Cargando: campañas');
    await campaigns.resolve([]);
    expect(
      screen.getByText('Todavía no tienes campañas. Crea una para llegar a creadores afines a tu marca.'),
    ).toBeInTheDocument();
  });
});

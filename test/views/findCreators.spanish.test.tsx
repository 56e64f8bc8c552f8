// The advertiser's Find creators screen in the page's language (issue 49): the search's filters, sorts and paging,
// the creators' cards (their figures written the Spanish way, the broadcasting language and category worded, the
// names, handles, countries and platforms as they are), the saved lists and the Save to list dialog with its notice
// (the list's name as the advertiser wrote it), the Invite dialog (the campaign's brand and title, the server's reasons
// and refusals as they come), and the screen of a company not approved yet, in Mexican Spanish.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdvertiserChecklist, CreatorList, CreatorsAnswer, InviteOption, Offer } from '@/contract';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { creatorListsMachine, type OpenList } from '@/machines/marketplace/creatorLists.machine';
import { sampleCreatorList } from '@/machines/marketplace/creatorLists.samples';
import { creatorSearchMachine, type CreatorQuery } from '@/machines/marketplace/creatorSearch.machine';
import { sampleCreatorCard, sampleCreatorsAnswer } from '@/machines/marketplace/creatorSearch.samples';
import { invitationMachine, type InvitationRequest } from '@/machines/marketplace/invitation.machine';
import {
  sampleActiveCampaign,
  sampleInvitedOffer,
  sampleInviteOptions,
} from '@/machines/marketplace/invitation.samples';
import { setLocale } from '@/src/i18n/i18n';
import { FindCreatorsScreen } from '@/src/marketplace/FindCreators';
import { controlled, renderScreen } from './harness';

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });

async function render(profile: AdvertiserChecklist['profile']) {
  await act(() => setLocale('es-MX'));
  const checklist = controlled<AdvertiserChecklist>();
  const search = controlled<CreatorsAnswer, CreatorQuery>();
  const loadLists = controlled<CreatorList[]>();
  const addToList = controlled<CreatorList, { listId: string; creatorId: string }>();
  const createList = controlled<CreatorList, { name: string }>();
  const loadList = controlled<OpenList, { listId: string }>();
  const loadCampaigns = controlled<InviteOption[], { creatorId: string }>();
  const sendInvitation = controlled<Offer, InvitationRequest>();
  renderScreen(
    <FindCreatorsScreen
      logic={{
        checklist: advertiserChecklistMachine.provide({ actors: { loadChecklist: checklist.logic } }),
        search: creatorSearchMachine.provide({ actors: { searchCreators: search.logic } }),
        lists: creatorListsMachine.provide({
          actors: {
            loadLists: loadLists.logic,
            addToList: addToList.logic,
            createList: createList.logic,
            loadList: loadList.logic,
            removeFromList: controlled<CreatorList, { listId: string; creatorId: string }>().logic,
            deleteList: controlled<void, { listId: string }>().logic,
          },
        }),
        invitation: invitationMachine.provide({
          actors: { loadCampaigns: loadCampaigns.logic, sendInvitation: sendInvitation.logic },
        }),
      }}
    />,
    { path: '/creators', jwt: 'advertiser.jwt' },
  );
  await screen.findByRole('heading', { level: 1, name: 'Buscar creadores' });
  await checklist.resolve({ profile, fundsCents: 0, campaigns: 1, draftId: null, launched: true });
  return { search, loadLists, addToList, createList, loadList, loadCampaigns, sendInvitation, user: userEvent.setup() };
}

describe('Find creators in Spanish', () => {
  it('a company not approved yet reads what approval unlocks and what to do, in Spanish', async () => {
    const { search } = await render('pending');
    const card = await screen.findByRole('region', { name: 'Aún sin aprobar' });
    expect(card).toHaveTextContent(
      'Cuando Castbridge apruebe tu empresa, podrás buscar a los creadores que publicaron su media kit, guardarlos en listas e invitarlos a tus campañas. Castbridge está revisando el perfil de tu empresa; esta página se abre en cuanto lo apruebe.',
    );
    expect(within(card).getByRole('link', { name: 'Perfil de la empresa' })).toHaveAttribute(
      'href',
      '/company-profile',
    );
    expect(search.started).toBe(0);
  });

  it('the filters, the cards with their figures, the paging and a refusal, in Spanish', async () => {
    const { search, loadLists, user } = await render('approved');
    const form = await screen.findByRole('form', { name: 'Buscar creadores' });
    for (const label of [
      'Nombre o usuario que empieza con',
      'Plataforma',
      'Categoría',
      'Idioma',
      'País',
      'Promedio de espectadores, mínimo',
      'Promedio de espectadores, máximo',
      'Seguidores, mínimo',
      'Tasa de entrega, mínimo (%)',
      'Ordenar por',
    ]) {
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    }
    // The stored choices worded, the platforms' and countries' names as they are.
    const language = within(form).getByLabelText('Idioma');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Cualquiera', 'Inglés', 'Español']);
    expect(within(form).getByRole('option', { name: 'Videojuegos' })).toHaveValue('Gaming');
    expect(within(form).getByRole('option', { name: 'YouTube' })).toBeInTheDocument();
    expect(within(form).getByRole('option', { name: 'Mexico' })).toBeInTheDocument();
    expect(
      within(within(form).getByLabelText('Ordenar por'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Promedio de espectadores', 'Seguidores', 'Tasa de entrega', 'Patrocinios completados']);
    expect(within(form).getByText('Más filtros')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Seguidores, mínimo'), '1000');
    expect(within(form).getByText('Más filtros (1 aplicado)')).toBeInTheDocument();

    await loadLists.resolve([]);
    expect(screen.getByText(/Todavía no tienes listas/)).toBeInTheDocument();
    await search.resolve({ ...sampleCreatorsAnswer, total: 1_045 });
    const cards = screen.getByRole('list', { name: 'Creadores' });
    const [alex, lucia] = within(cards).getAllByRole('listitem');
    expect(within(alex!).getByRole('heading', { name: 'AlexRivera_Live' })).toBeInTheDocument();
    expect(within(alex!).getByText('@alexrivera_live')).toBeInTheDocument();
    expect(within(alex!).getByText('United States · Inglés · Videojuegos')).toBeInTheDocument();
    expect(within(alex!).getByText('Seguidores').nextElementSibling).toHaveTextContent('8,722');
    expect(within(alex!).getByText('Promedio de espectadores').nextElementSibling).toHaveTextContent('143');
    expect(within(alex!).getByText('Completados').nextElementSibling).toHaveTextContent('4');
    expect(within(alex!).getByText('Tasa de entrega').nextElementSibling).toHaveTextContent('100%');
    expect(within(alex!).getByRole('link', { name: /^Media kit ?\(se abre en una pestaña nueva\)$/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(alex!).getByRole('button', { name: 'Guardar a AlexRivera_Live en una lista' })).toHaveTextContent(
      'Guardar en lista',
    );
    expect(within(alex!).getByRole('button', { name: 'Invitar a AlexRivera_Live' })).toHaveTextContent('Invitar');
    expect(within(lucia!).getByText('Mexico · Español · Videojuegos')).toBeInTheDocument();
    expect(within(lucia!).getByText('15,300')).toBeInTheDocument();
    expect(within(lucia!).getByText('Sin medir')).toBeInTheDocument();
    expect(within(lucia!).getByText('Aún sin entregas')).toBeInTheDocument();
    const results = within(screen.getByRole('region', { name: 'Resultados' }));
    expect(results.getByRole('status')).toHaveTextContent('Creadores 1–2 de 1,045');
    expect(screen.getByText('Página 1 de 53')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Páginas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Anterior/ })).toBeDisabled();

    // A capped total, past the search's count.
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'followers');
    await search.resolve({ ...sampleCreatorsAnswer, total: 1_000, totalCapped: true });
    expect(results.getByRole('status')).toHaveTextContent('Creadores 1–2 de 1,000 o más');
    expect(screen.getByText('Página 1')).toBeInTheDocument();

    // The server's refusal as it worded it, the rest in Spanish.
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await search.reject(refusal('Tu perfil de empresa está en revisión', 403));
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo hacer la búsqueda');
    expect(screen.getByRole('alert')).toHaveTextContent('Tu perfil de empresa está en revisión');
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await search.resolve({ ...sampleCreatorsAnswer, creators: [], total: 0 });
    expect(
      screen.getByText('Ningún creador coincide con estos filtros. Prueba con menos filtros o con cifras más bajas.'),
    ).toBeInTheDocument();
  });

  it('Save to list: the lists, a new one, the notice with the names as written, and the open list, in Spanish', async () => {
    const { search, loadLists, addToList, createList, loadList, user } = await render('approved');
    await screen.findByRole('form', { name: 'Buscar creadores' });
    await loadLists.resolve([{ ...sampleCreatorList, size: 0, creatorIds: [] }]);
    await search.resolve(sampleCreatorsAnswer);
    expect(screen.getByRole('heading', { name: 'Listas guardadas' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar a AlexRivera_Live en una lista' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar a AlexRivera_Live en una lista' });
    expect(within(dialog).getByRole('list', { name: 'Tus listas' })).toBeInTheDocument();
    // Create and save waits for a name (the flow's check: 1 to 60 characters).
    expect(within(dialog).getByRole('button', { name: 'Crear y guardar' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Speedrunners' }));
    await addToList.resolve(sampleCreatorList);
    expect(within(dialog).getByText('Se guardó a AlexRivera_Live en Speedrunners')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Speedrunners: guardado' })).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Nueva lista'), 'Gaming en español');
    await user.click(within(dialog).getByRole('button', { name: 'Crear y guardar' }));
    expect(createList.inputs.at(-1)).toEqual({ name: 'Gaming en español' });
    await createList.resolve({ ...sampleCreatorList, id: 'lst_2', name: 'Gaming en español', size: 0, creatorIds: [] });
    await addToList.reject(refusal('Esta lista ya tiene 500 creadores', 409));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Esta lista ya tiene 500 creadores');
    await user.click(within(dialog).getByRole('button', { name: 'Listo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Speedrunners (1)' }));
    await loadList.resolve({ list: sampleCreatorList, creators: [sampleCreatorCard] });
    const open = screen.getByRole('list', { name: 'Creadores en Speedrunners' });
    expect(within(open).getByRole('button', { name: 'Quitar a AlexRivera_Live de la lista' })).toHaveTextContent(
      'Quitar',
    );
    expect(screen.getByRole('button', { name: 'Cerrar lista' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar lista' })).toBeInTheDocument();
  });

  it('Invite: the campaigns, the server reasons as they come, the message and the invitation sent, in Spanish', async () => {
    const { search, loadLists, loadCampaigns, sendInvitation, user } = await render('approved');
    await screen.findByRole('form', { name: 'Buscar creadores' });
    await loadLists.resolve([]);
    await search.resolve(sampleCreatorsAnswer);
    await user.click(screen.getByRole('button', { name: 'Invitar a AlexRivera_Live' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitar a AlexRivera_Live' });
    expect(dialog).toHaveAccessibleDescription(
      'Una oferta de una de tus campañas activas, pagada con lo que se reservó al lanzarla. Solo aparecen las campañas que pueden recibir a este creador.',
    );
    expect(within(dialog).getByText('Cargando tus campañas')).toBeInTheDocument();
    await loadCampaigns.resolve(sampleInviteOptions);
    expect(within(within(dialog).getByLabelText('Campaña')).getAllByRole('option')[0]).toHaveTextContent(
      `${sampleActiveCampaign.brand}: ${sampleActiveCampaign.title}`,
    );
    expect(within(dialog).getByRole('region', { name: 'No disponibles' })).toBeInTheDocument();
    const message = within(dialog).getByLabelText('Mensaje (opcional)');
    expect(message).toHaveAccessibleDescription('Con él empieza la conversación de la oferta.');
    await user.type(message, '¡Nos encantan tus partidas!');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(within(dialog).getByRole('button', { name: 'Enviando…' })).toBeDisabled();
    await sendInvitation.resolve(sampleInvitedOffer);
    expect(within(dialog).getByText('Invitación enviada')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'AlexRivera_Live la encontrará en Ofertas de patrocinio, como una invitación de tu marca.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Listo' }));

    // Without a campaign: the way to launch one, in Spanish.
    await user.click(screen.getByRole('button', { name: 'Invitar a Lucía Juega' }));
    const none = await screen.findByRole('dialog', { name: 'Invitar a Lucía Juega' });
    await loadCampaigns.resolve([]);
    expect(none).toHaveTextContent('No tienes ninguna campaña activa a la cual invitar. Primero lanza una campaña.');
    expect(within(none).getByRole('link', { name: 'lanza una campaña' })).toHaveAttribute('href', '/campaigns');
    expect(within(none).queryByRole('button', { name: 'Enviar invitación' })).not.toBeInTheDocument();
  });
});

// The advertiser's campaign editor in the page's language (issue 49): /campaigns/new and /campaigns/:id/edit in
// Mexican Spanish, its fields, deliverables, pay and targeting worded, the checks campaignEditor holds as ids worded
// with the limits in US dollars written the Spanish way ("USD 1.00"), the image refused after a save; the server's
// refusals, the brand's words and the countries' names as they are; and a draft's line of what Launch still needs.
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdvertiserChecklist, Campaign, CampaignInput } from '@/contract';
import { apiRefusal } from '@/machines/events';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignEditorMachine } from '@/machines/marketplace/campaignEditor.machine';
import { sampleCampaign } from '@/machines/marketplace/samples';
import { setLocale } from '@/src/i18n/i18n';
import { CampaignEditorScreen } from '@/src/marketplace/CampaignEditor';
import { LaunchNeeds } from '@/src/marketplace/LaunchNeeds';
import { controlled, renderScreen } from './harness';

function setup(path = '/campaigns/new', url = path) {
  const load = controlled<Campaign, { id: string }>();
  const save = controlled<Campaign, { id: string | null; input: CampaignInput }>();
  const upload = controlled<Campaign, { id: string; file: File }>();
  const logic = campaignEditorMachine.provide({
    actors: { loadCampaign: load.logic, saveCampaign: save.logic, uploadCampaignImage: upload.logic },
  });
  const view = renderScreen(<CampaignEditorScreen logic={logic} />, { path, url, jwt: 'advertiser.jwt' });
  return { load, save, upload, view, user: userEvent.setup() };
}

/** The text of a field's error (what its aria-describedby names `…-error`), its spaces plain. */
const fieldError = (label: string) => {
  const id = screen
    .getByLabelText(label)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  // Intl writes "USD 1.00" with a no-break space.
  return id ? document.getElementById(id)?.textContent?.replace(/\u00a0/g, ' ') : undefined;
};

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the campaign editor in Spanish', () => {
  it('words the new campaign’s fields, deliverables, pay and targeting; the countries’ names stay as they are', async () => {
    await act(() => setLocale('es-MX'));
    const { user } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nueva campaña' })).toBeInTheDocument();
    await act(async () => {
      await import('@/src/marketplace/CountryPicker');
    });
    for (const section of ['Campaña', 'Segmentación', 'Entregables', 'Creatividad'])
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    expect(screen.getByLabelText('Marca')).toBeInTheDocument();
    expect(screen.getByLabelText('Título')).toBeInTheDocument();
    expect(screen.getByLabelText('Descripción')).toHaveAccessibleDescription(
      'Lo que los creadores muestran y dicen, en pocas frases. El borrador se guarda sin ella; para lanzar la campaña la necesitas.',
    );
    expect(screen.getByLabelText('Pago por creador (USD)')).toHaveAccessibleDescription(
      'En dólares estadounidenses, p. ej. 250 o 250.50.',
    );
    expect(screen.getByRole('checkbox', { name: 'Emparejar creadores automáticamente' })).toBeChecked();
    expect(
      screen.getByText(/El emparejamiento ofrece la campaña a hasta 3 creadores por cada lugar libre/),
    ).toBeVisible();
    // The platforms' names as they are; the broadcasting languages worded.
    expect(screen.getByRole('checkbox', { name: 'Twitch' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Español' }));
    expect(screen.getByRole('checkbox', { name: 'Español' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Inglés' })).not.toBeChecked();
    expect(screen.getByText('Para lanzar la campaña necesitas al menos una plataforma.')).toBeInTheDocument();
    expect(screen.queryByText('Para lanzar la campaña necesitas al menos un idioma.')).toBeNull();

    fill('Países', 'Mexico');
    const chosen = screen.getByRole('list', { name: 'Países elegidos' });
    expect(within(chosen).getByRole('button', { name: 'Quitar Mexico' })).toBeEnabled();

    expect(screen.getByRole('checkbox', { name: 'Mostrar en el overlay' })).toBeChecked();
    expect(screen.getByLabelText('Aviso de patrocinio')).toHaveAccessibleDescription(
      'Se muestra en el overlay, p. ej. Patrocinado por Nova Energy.',
    );
    expect(screen.getByRole('checkbox', { name: 'Exigir aviso de patrocinio (#ad)' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Mensaje del bot del chat' }));
    expect(screen.getByLabelText('Publicar cada (minutos)')).toHaveAccessibleDescription('De 5 a 240 minutos.');
    expect(screen.getByRole('status', { name: 'Vista previa' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Por clic' }));
    expect(screen.getByLabelText('Tope por creador (USD)')).toHaveAccessibleDescription(
      'Lo máximo que un creador gana por clics.',
    );
    expect(screen.getByLabelText('Pago por clic (USD)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar borrador' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/campaigns');
  });

  it('words its checks, the limits in US dollars the Spanish way; the server’s refusal as it came', async () => {
    await act(() => setLocale('es-MX'));
    const { save, user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Nueva campaña' });
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(fieldError('Marca')).toBe('Este campo es obligatorio');
    fill('Marca', 'Nova Energy');
    fill('Título', 'Energía para tus transmisiones nocturnas');
    fill('Aviso de patrocinio', 'Patrocinado por Nova Energy');
    fill('Pago por creador (USD)', '0.50');
    expect(fieldError('Pago por creador (USD)')).toBe('El pago debe ser de al menos USD 1.00.');
    fill('Pago por creador (USD)', '2000000');
    expect(fieldError('Pago por creador (USD)')).toBe('El pago no puede ser mayor de USD 1,000,000.');
    fill('Pago por creador (USD)', '250');
    fill('Lugares', '0');
    expect(fieldError('Lugares')).toBe('Escribe un número entero de 1 a 1,000.');
    fill('Lugares', '3');
    fill('Minutos en el overlay', '120');
    fill('Fecha de inicio', '2026-12-31');
    fill('Fecha de fin', '2026-12-01');
    expect(fieldError('Fecha de fin')).toBe('El periodo no puede terminar antes de empezar.');
    fill('Fecha de fin', '2027-01-31');

    // Once the checks are met they are no longer shown: Save shows them again.
    await user.click(screen.getByRole('radio', { name: 'Por clic' }));
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(
      screen.getByText('El pago por clic cuenta los clics del enlace rastreado: elige también Enlace rastreado.'),
    ).toBeInTheDocument();
    fill('Pago por clic (USD)', '100.01');
    expect(fieldError('Pago por clic (USD)')).toBe('El pago por clic debe estar entre USD 0.01 y USD 100.00.');
    await user.click(screen.getByRole('radio', { name: 'Tarifa fija por creador' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mostrar en el overlay' }));
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(screen.getByText('Elige al menos un entregable.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Canjes de código promocional' }));
    fill('Canjes por entregar', '20');
    expect(save.started).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(save.started).toBe(1);
    // The server's words, as they came (the refusals' parts at their fields, the rest above the actions).
    await save.reject(apiRefusal('spots: demasiados lugares; algo más', 400));
    expect(fieldError('Lugares')).toBe('Demasiados lugares.');
    expect(screen.getByRole('alert')).toHaveTextContent('algo más');
  });

  it('says the image was refused once the draft was saved, with the server’s reason', async () => {
    await act(() => setLocale('es-MX'));
    const { load, save, upload } = setup('/campaigns/:id/edit', '/campaigns/cmp_1/edit');
    await load.resolve(sampleCampaign);
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar campaña' })).toBeInTheDocument();
    URL.createObjectURL = vi.fn(() => 'blob:creative');
    URL.revokeObjectURL = vi.fn();
    const image = screen.getByLabelText('Elegir imagen');
    expect(image).toHaveAccessibleDescription('PNG, JPEG, WebP o GIF; se sube con el borrador.');
    fireEvent.change(image, { target: { files: [new File(['x'], 'brief.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Elige un archivo de imagen (PNG, JPEG, WebP o GIF).');
    fireEvent.change(image, { target: { files: [new File(['x'], 'creative.png', { type: 'image/png' })] } });
    expect(screen.getByTestId('campaign-creative')).toHaveAttribute('alt', 'Creatividad de la campaña');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await save.resolve(sampleCampaign);
    await upload.reject(new Error('La imagen es demasiado grande.'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'La campaña se guardó, pero la imagen fue rechazada: La imagen es demasiado grande.',
    );
  });

  it('a campaign no longer a draft is not edited, said in Spanish', async () => {
    await act(() => setLocale('es-MX'));
    const { load } = setup('/campaigns/:id/edit', '/campaigns/cmp_1/edit');
    await load.resolve({ ...sampleCampaign, status: 'active' });
    expect(await screen.findByText('Solo se pueden editar los borradores')).toBeInTheDocument();
    expect(screen.getByText('Esta campaña ya no es un borrador.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la campaña' })).toHaveAttribute('href', '/campaigns/cmp_1');
  });

  it('a draft’s line says in Spanish what Launch still needs, or that it is ready', async () => {
    await act(() => setLocale('es-MX'));
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const draft: Campaign = {
      ...sampleCampaign,
      description: ' ',
      targeting: { ...sampleCampaign.targeting, languages: [] },
      deliverable: { ...sampleCampaign.deliverable, endsOn: later },
    };
    const checklist = controlled<AdvertiserChecklist>();
    const view = renderScreen(
      <LaunchNeeds
        campaign={draft}
        checklist={advertiserChecklistMachine.provide({ actors: { loadChecklist: checklist.logic } })}
      />,
      { path: '/campaigns/:id', url: '/campaigns/cmp_1', jwt: 'advertiser.jwt' },
    );
    await checklist.resolve({ profile: 'pending', fundsCents: 0, campaigns: 1, draftId: 'cmp_1', launched: false });
    expect(await screen.findByTestId('launch-needs')).toHaveTextContent(
      /^Antes de lanzarla: espera a que Castbridge apruebe el perfil de tu empresa, elige un idioma de transmisión y describe la campaña\.$/,
    );
    view.unmount();

    const approved = controlled<AdvertiserChecklist>();
    renderScreen(
      <LaunchNeeds
        campaign={{ ...draft, description: 'Energía para tus noches', targeting: sampleCampaign.targeting }}
        checklist={advertiserChecklistMachine.provide({ actors: { loadChecklist: approved.logic } })}
      />,
      { path: '/campaigns/:id', url: '/campaigns/cmp_1', jwt: 'advertiser.jwt' },
    );
    await approved.resolve({ profile: 'approved', fundsCents: 0, campaigns: 1, draftId: 'cmp_1', launched: false });
    expect(await screen.findByTestId('launch-needs')).toHaveTextContent(/^Lista para lanzarse\.$/);
  });
});

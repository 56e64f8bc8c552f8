// The Media kit screen (docs/product.md §Discovery and negotiation) through its machine with controlled actors: the suggested handle
// and the preview of what brands see; a bad handle refused here with the rule; Publish saves at once and shows the
// page's address with Copy and Open; the server's refusal (a taken handle) kept on screen; Unpublish; a failed load
// and Try again.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaKit, MediaKitUpdate } from '@/contract';
import { HANDLE_RULE, HANDLE_TAKEN } from '@/contract/mediaKit';
import { mediaKitMachine } from '@/machines/marketplace/mediaKit.machine';
import { sampleMediaKit, samplePublishedKit } from '@/machines/marketplace/mediaKit.samples';
import { MediaKitScreen } from '@/src/marketplace/MediaKit';
import { setLocale } from '@/src/i18n/i18n';
import { controlled, renderScreen } from './harness';

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });

afterEach(() => vi.restoreAllMocks());

function setup() {
  const load = controlled<MediaKit>();
  const save = controlled<MediaKit, MediaKitUpdate>();
  const logic = mediaKitMachine.provide({ actors: { loadMediaKit: load.logic, saveMediaKit: save.logic } });
  renderScreen(<MediaKitScreen logic={logic} />, { path: '/media-kit', jwt: 'creator.jwt' });
  return { load, save, user: userEvent.setup() };
}

describe('Media kit', () => {
  it('shows the suggested handle, the switch off and what brands see', async () => {
    const { load } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Media kit' })).toBeInTheDocument();
    await load.resolve(sampleMediaKit);
    expect(screen.getByLabelText('Handle')).toHaveValue('alexrivera_live');
    expect(screen.getByRole('switch', { name: 'Publish my media kit' })).not.toBeChecked();
    expect(screen.getByText('Not published: nobody but you sees this page.')).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'What brands see' });
    expect(within(preview).getAllByText('AlexRivera_Live').length).toBeGreaterThan(0);
    expect(within(preview).getByText('8,722')).toBeInTheDocument();
    expect(within(preview).getByText('80%')).toBeInTheDocument();
    expect(within(preview).getByText('8,412 followers · 143 average live viewers')).toBeInTheDocument();
    expect(within(preview).getByText('310 followers · live viewers not measured yet')).toBeInTheDocument();
    expect(within(preview).queryByText('Audience countries')).not.toBeInTheDocument();
  });

  it('refuses a bad handle here, with the rule, and sends nothing', async () => {
    const { load, save, user } = setup();
    await load.resolve(sampleMediaKit);
    const field = screen.getByLabelText('Handle');
    await user.clear(field);
    await user.type(field, 'a!');
    await user.click(screen.getByRole('button', { name: 'Save handle' }));
    expect(screen.getByText(HANDLE_RULE, { selector: '[id$="-error"]' })).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('switch', { name: 'Publish my media kit' }));
    expect(save.started).toBe(0);
  });

  it('publishes at once, then shows the address with Copy and Open; a taken handle is refused with the server’s message', async () => {
    const { load, save, user } = setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await load.resolve(sampleMediaKit);
    const field = screen.getByLabelText('Handle');
    await user.clear(field);
    await user.type(field, 'Taken_One');
    await user.click(screen.getByRole('switch', { name: 'Publish my media kit' }));
    expect(save.inputs.at(-1)).toEqual({ handle: 'taken_one', published: true });
    expect(screen.getByRole('switch', { name: 'Publish my media kit' })).toBeChecked();
    await save.reject(refusal(HANDLE_TAKEN, 409));
    expect(screen.getByText(HANDLE_TAKEN)).toBeInTheDocument();
    expect(field).toHaveValue('Taken_One');
    expect(screen.getByRole('switch', { name: 'Publish my media kit' })).not.toBeChecked();

    await user.clear(field);
    await user.type(field, 'alexrivera');
    expect(screen.queryByText(HANDLE_TAKEN)).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Publish my media kit' }));
    await save.resolve(samplePublishedKit);
    expect(screen.getByText(/Your media kit is published/)).toBeInTheDocument();
    expect(screen.getByTestId('media-kit-url')).toHaveTextContent(`${window.location.origin}/c/alexrivera`);
    expect(screen.getByRole('link', { name: /Open page/ })).toHaveAttribute('href', '/c/alexrivera');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/c/alexrivera`);
    expect(screen.getByText('Link copied.')).toBeInTheDocument();

    // Unpublishing: the address goes, the notice says the page and the listing are gone.
    await user.click(screen.getByRole('switch', { name: 'Publish my media kit' }));
    expect(save.inputs.at(-1)).toEqual({ handle: 'alexrivera', published: false });
    await save.resolve({ ...samplePublishedKit, published: false, publishedAt: null });
    expect(screen.getByText(/Your media kit is unpublished/)).toBeInTheDocument();
    expect(screen.queryByTestId('media-kit-url')).not.toBeInTheDocument();
  });

  it('saves a new handle with Save handle, keeping the switch as it is', async () => {
    const { load, save, user } = setup();
    await load.resolve(samplePublishedKit);
    const field = screen.getByLabelText('Handle');
    await user.clear(field);
    await user.type(field, 'alex_r');
    await user.click(screen.getByRole('button', { name: 'Save handle' }));
    expect(save.inputs.at(-1)).toEqual({ handle: 'alex_r', published: true });
    await save.resolve({ ...samplePublishedKit, handle: 'alex_r' });
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    expect(screen.getByTestId('media-kit-url')).toHaveTextContent('/c/alex_r');
  });

  it('"Link copied." goes once the handle is typed in or the switch pressed, even when that save is refused', async () => {
    const { load, save, user } = setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => {}) }, configurable: true });
    await load.resolve(samplePublishedKit);
    const field = screen.getByLabelText('Handle');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(screen.getByText('Link copied.')).toBeInTheDocument();
    await user.type(field, 'x');
    expect(screen.queryByText('Link copied.')).not.toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'alexrivera');

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(screen.getByText('Link copied.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Publish my media kit' }));
    await save.reject(new Error('The service is unavailable'));
    expect(screen.getByText('The service is unavailable')).toBeInTheDocument();
    expect(screen.getByTestId('media-kit-url')).toHaveTextContent('/c/alexrivera');
    expect(screen.queryByText('Link copied.')).not.toBeInTheDocument();
  });

  it('says why a load failed; Try again reads again', async () => {
    const { load, user } = setup();
    await load.reject(new Error('The service is unavailable'));
    expect(screen.getByText(/The service is unavailable/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(load.started).toBe(2);
    await load.resolve(sampleMediaKit);
    expect(screen.getByLabelText('Handle')).toHaveValue('alexrivera_live');
  });
});

describe('Media kit in Spanish', () => {
  it('the screen, the handle’s rule, the notices and what brands see in the page’s language; names and figures as they are', async () => {
    await act(() => setLocale('es-MX'));
    const { load, save, user } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Media kit' })).toBeInTheDocument();
    expect(screen.getByText('Cargando: media kit')).toBeInTheDocument();
    await load.resolve(sampleMediaKit);
    expect(screen.getByText('Sin publicar: nadie más que tú ve esta página.')).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Lo que ven las marcas' });
    expect(within(preview).getByText('8,722')).toBeInTheDocument();
    expect(within(preview).getByText('Seguidores, verificados por la plataforma')).toBeInTheDocument();
    expect(within(preview).getByText('8,412 seguidores · 143 espectadores en vivo en promedio')).toBeInTheDocument();
    expect(within(preview).getByText('310 seguidores · espectadores en vivo aún sin medir')).toBeInTheDocument();

    const field = screen.getByLabelText('Nombre de usuario');
    await user.clear(field);
    await user.type(field, 'a!');
    await user.click(screen.getByRole('button', { name: 'Guardar nombre de usuario' }));
    expect(
      screen.getByText('Usa de 3 a 30 caracteres: letras minúsculas, dígitos y guiones bajos', {
        selector: '[id$="-error"]',
      }),
    ).toBeInTheDocument();
    expect(save.started).toBe(0);

    await user.clear(field);
    await user.type(field, 'alex_en_vivo');
    await user.click(screen.getByRole('switch', { name: 'Publicar mi media kit' }));
    await save.resolve({ ...samplePublishedKit, handle: 'alex_en_vivo' });
    expect(
      screen.getByText(
        'Tu media kit está publicado: las marcas te encuentran en la búsqueda y pueden abrir tu página.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();
  });
});

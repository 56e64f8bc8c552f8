// The page's language (docs/architecture.md §Languages, issue 49): chosen from the browser before anyone says, changed
// with the public menu's switch and kept in this browser, <html lang> following; the public site in Mexican Spanish.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defineCatalogue, initialLocale, setLocale } from '@/src/i18n/i18n';
import { pickLocale } from '@/src/i18n/locales';
import { SUPPORT_LIMITS } from '@/contract/limits';
import { supportFormMachine, type SupportValues } from '@/machines/support/supportForm.machine';
import { loginMachine } from '@/machines/accounts/login.machine';
import { apiRefusal } from '@/machines/events';
import { Login } from '@/src/accounts/Login';
import { Landing } from '@/src/public/Landing';
import { ContactUs } from '@/src/support/ContactUs';
import { HelpAndSupportScreen } from '@/src/support/HelpAndSupport';
import { EnglishOnly } from '@/src/common/InLanguage';
import { LanguageSwitch } from '@/src/common/LanguageSwitch';
import { Chart, type ChartSeries } from '@/src/analytics/Chart';
import { AppRoutes } from '@/src/app/routes';
import { PublicLayout } from '@/src/public/PublicLayout';
import { Route, Routes } from 'react-router-dom';
import { controlled, renderScreen } from './harness';

describe('the language a visitor starts in', () => {
  it("is the first of the browser's languages Castbridge speaks: any Spanish as Mexico's, else English", () => {
    expect(pickLocale(['es-ES', 'en-US'])).toBe('es-MX');
    expect(pickLocale(['es'])).toBe('es-MX');
    expect(pickLocale(['ES-419'])).toBe('es-MX');
    expect(pickLocale(['fr-FR', 'en-GB', 'es-MX'])).toBe('en');
    expect(pickLocale(['pt-BR', 'fr'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });

  it("is the one chosen here before, whatever the browser's", () => {
    expect(initialLocale()).toBe(pickLocale(navigator.languages));
    window.localStorage.setItem('locale', 'es-MX');
    expect(initialLocale()).toBe('es-MX');
    window.localStorage.setItem('locale', 'fr');
    expect(initialLocale()).toBe(pickLocale(navigator.languages));
  });
});

describe('a catalogue that cannot be fetched', () => {
  it('stays failed for the screens and is asked again by the switch', async () => {
    let fetches = 0;
    const flaky = defineCatalogue(
      'probe',
      { hello: 'Hello' },
      {
        'es-MX': () => {
          fetches += 1;
          return fetches === 1
            ? Promise.reject(new Error('chunk lost'))
            : Promise.resolve({ default: { hello: 'Hola' } });
        },
      },
    );
    const first = flaky.ready('es-MX');
    await expect(first).rejects.toThrow('chunk lost');
    // A screen rendering again meets the same failure, not a new request.
    expect(flaky.ready('es-MX')).toBe(first);
    expect(fetches).toBe(1);
    // The switch asks again, and the page changes language once it has everything.
    await act(() => setLocale('es-MX'));
    expect(fetches).toBe(2);
    expect(document.documentElement.lang).toBe('es-MX');
  });
});

function publicSite() {
  return renderScreen(
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<Landing />} />
      </Route>
    </Routes>,
    { path: '/*', url: '/' },
  );
}

describe('the public site in Spanish', () => {
  it('reads in Mexican Spanish, <html lang> says so, and the spec’s English is untouched in English', async () => {
    await act(() => setLocale('es-MX'));
    publicSite();
    expect(document.documentElement.lang).toBe('es-MX');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Consigue patrocinios por las transmisiones que ya haces' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Empezar' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Contacto' })).toHaveAttribute('href', '/contact-us');
    expect(screen.getByRole('link', { name: 'Castbridge en Twitch' })).toBeInTheDocument();
    expect(screen.getByText('Copyright 2024. Todos los derechos reservados.')).toBeInTheDocument();
    // Nothing of the English page is left.
    expect(screen.queryByText('Get Started')).not.toBeInTheDocument();
    expect(screen.queryByText('Copyright 2024 all rights reserved.')).not.toBeInTheDocument();
  });

  it('changes with the switch, which keeps the choice in this browser', async () => {
    publicSite();
    const switchGroup = screen.getByRole('group', { name: 'Language' });
    const english = within(switchGroup).getByRole('button', { name: 'English' });
    const spanish = within(switchGroup).getByRole('button', { name: 'Español' });
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(spanish).toHaveAttribute('aria-pressed', 'false');
    expect(spanish).toHaveAttribute('lang', 'es-MX');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Get sponsored for the streams you already make',
    );

    fireEvent.click(spanish);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        'Consigue patrocinios por las transmisiones que ya haces',
      ),
    );
    expect(
      within(screen.getByRole('group', { name: 'Idioma' })).getByRole('button', { name: 'Español' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('locale')).toBe('es-MX');
    expect(document.documentElement.lang).toBe('es-MX');

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Get sponsored'));
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeInTheDocument();
    expect(window.localStorage.getItem('locale')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('the switch when its flow cannot be fetched', () => {
  it('says so and leaves the page in its language; the next choice asks again', async () => {
    let attempts = 0;
    const start = () => {
      attempts += 1;
      return Promise.reject(new Error('Failed to fetch dynamically imported module'));
    };
    renderScreen(<LanguageSwitch start={start} signedIn={false} />, { path: '/' });
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This language could not be loaded.');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('en');
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(attempts).toBe(2));
  });
});

describe('Contact Us in Spanish', () => {
  it('labels, checks and numbers in Mexican Spanish; the spec’s required message as the spec writes it', async () => {
    await act(() => setLocale('es-MX'));
    const send = controlled<{ message: string }, SupportValues & { page: string }>();
    renderScreen(<ContactUs logic={supportFormMachine.provide({ actors: { sendTicket: send.logic } })} />, {
      path: '/contact-us',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacto' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Formulario de contacto' });
    fireEvent.change(within(form).getByLabelText('Correo electrónico'), { target: { value: 'ana@' } });
    fireEvent.change(within(form).getByLabelText('Mensaje'), {
      target: { value: 'x'.repeat(SUPPORT_LIMITS.message + 1) },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar mensaje' }));
    expect(within(form).getByLabelText('Nombre')).toHaveAccessibleDescription('Este campo es obligatorio');
    expect(within(form).getByLabelText('Correo electrónico')).toHaveAccessibleDescription(
      'Escribe un correo electrónico válido.',
    );
    expect(within(form).getByLabelText('Mensaje')).toHaveAccessibleDescription(
      'El mensaje debe tener menos de 5,000 caracteres.',
    );
    expect(send.started).toBe(0);
  });
});

describe('Log in in Spanish', () => {
  it('labels and checks in Mexican Spanish; a refused password alerts the spec’s own Spanish message', async () => {
    await act(() => setLocale('es-MX'));
    const authenticate = controlled<string, { email: string; password: string }>();
    renderScreen(<Login logic={{ login: loginMachine.provide({ actors: { authenticate: authenticate.logic } }) }} />, {
      path: '/login',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Te damos la bienvenida' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Iniciar sesión' });
    fireEvent.click(within(form).getByRole('button', { name: 'Iniciar sesión' }));
    expect(within(form).getByLabelText('Correo electrónico')).toHaveAccessibleDescription('Este campo es obligatorio');
    expect(within(form).getByLabelText('Contraseña')).toHaveAccessibleDescription('Este campo es obligatorio');
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/register');
    fireEvent.change(within(form).getByLabelText('Correo electrónico'), { target: { value: 'ana@example.com' } });
    fireEvent.change(within(form).getByLabelText('Contraseña'), { target: { value: 'Wrong-Password-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Iniciar sesión' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await authenticate.reject(apiRefusal('Invalid email or password', 401));
    expect(screen.getByRole('alert')).toHaveTextContent('Error al autenticar el usuario');
  });
});

describe('a Spanish page with parts still in English', () => {
  it('marks the English-only screens lang="en", and a screen in Spanish inside the English dashboard lang="es-MX"', async () => {
    await act(() => setLocale('es-MX'));
    // Sign-up speaks Spanish itself (no lang of its own: the page's).
    renderScreen(<AppRoutes />, { path: '/*', url: '/register' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Crea tu cuenta' });
    expect(heading.closest('[lang]')).toBe(document.documentElement);
    cleanup();
    renderScreen(
      <EnglishOnly>
        <h1>Campaign report</h1>
      </EnglishOnly>,
      { path: '/' },
    );
    expect(screen.getByRole('heading', { level: 1 }).closest('[lang]')).toHaveAttribute('lang', 'en');
    cleanup();
    renderScreen(<HelpAndSupportScreen />, { path: '/help-and-support', jwt: 'session.jwt' });
    expect(screen.getByRole('heading', { level: 1, name: 'Ayuda y soporte' }).closest('[lang]')).toHaveAttribute(
      'lang',
      'es-MX',
    );
  });
  it('an English screen’s shared parts speak English with it: a chart in a report stays English on a Spanish page', async () => {
    await act(() => setLocale('es-MX'));
    const series: ChartSeries = {
      title: 'Clicks',
      kind: 'bar',
      period: 'day',
      points: [
        { label: 'Nov 24', value: 3 },
        { label: 'Nov 25', value: 5 },
      ],
      format: String,
    };
    renderScreen(
      <>
        <EnglishOnly>
          <Chart series={series} id="english" />
        </EnglishOnly>
        <Chart series={series} id="page" />
      </>,
      { path: '/' },
    );
    const [english, page] = screen.getAllByRole('img');
    expect(english).toHaveAccessibleName('Clicks: 5 (Nov 25), up from 3 (Nov 24).');
    expect(page).toHaveAccessibleName('Clicks: 5 (Nov 25), subió desde 3 (Nov 24).');
  });
});

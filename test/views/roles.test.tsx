// The three workspaces in one shell (docs/product.md §Marketplace): the side links follow the session user's role (creators keep the
// spec's), and the workspace guard sends each role from another role's routes to its own home.
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/contract/marketplace';
import { sessionMachine } from '@/machines/accounts/session.machine';
import { selectRole } from '@/machines/accounts/session.select';
import { sideMenuMachine } from '@/machines/shell/sideMenu.machine';
import type { User } from '@/machines/types';
import { RequireRole } from '@/src/shell/RequireRole';
import { SessionContext } from '@/src/app/session';
import { linksFor } from '@/src/shell/sideLinks';
import { shellMessages } from '@/src/shell/catalogue';
import { i18n, setLocale } from '@/src/i18n/i18n';
import { SideMenu } from '@/src/shell/SideMenu';
import { sampleUser } from '@/machines/accounts/samples';

const SPEC_LINKS = [
  ['Analytics', '/analytics'],
  ['OBS Extension', '/obs-extension'],
  ['Sponsorship Offers', '/sponsorship-offers'],
  ['Archive Chat', '/archive-chat'],
  ['Earnings', '/earnings'],
  ['Help and Support', '/help-and-support'],
  ['Connect Accounts', '/connect-accounts'],
];

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The shell's routes in miniature: the guard around each workspace, the side menu beside them. */
function renderShell(url: string) {
  const logic = sessionMachine.provide({
    actions: {
      storeSession: () => {},
      storeToken: () => {},
      clearStorage: () => {},
      navigateHome: () => {},
      logError: () => {},
    },
    actors: { loadUser: fromPromise<User, { jwt: string }>(() => new Promise(() => {})) },
  });
  const menu = createActor(sideMenuMachine).start();
  const captured: { ref?: ReturnType<typeof SessionContext.useActorRef> } = {};
  render(
    <MemoryRouter initialEntries={[url]}>
      <SessionContext.Provider logic={logic} options={{ input: { jwt: 'stored.jwt' } }}>
        <Capture onSession={(ref) => (captured.ref = ref)} />
        <SideMenu actorRef={menu} />
        <Routes>
          <Route element={<RequireRole role="creator" />}>
            <Route path="dashboard" element={<p>Analytics screen</p>} />
            <Route path="earnings" element={<p>Earnings screen</p>} />
          </Route>
          <Route element={<RequireRole role="advertiser" />}>
            <Route path="campaigns" element={<p>Campaigns screen</p>} />
          </Route>
          <Route path="admin" element={<p>Operator console</p>} />
          <Route path="settings" element={<p>Settings screen</p>} />
        </Routes>
        <Where />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  return {
    signIn: (role: Role) => act(() => captured.ref!.send({ type: 'user.updated', user: { ...sampleUser, role } })),
    location: () => screen.getByTestId('location').textContent,
    links: () =>
      within(screen.getByRole('navigation', { name: 'Dashboard' }))
        .queryAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
  };
}

function Capture({ onSession }: { onSession: (ref: ReturnType<typeof SessionContext.useActorRef>) => void }) {
  onSession(SessionContext.useActorRef());
  return null;
}

describe('role-aware shell', () => {
  it('keeps the spec’s side links for creators and gives advertisers and operators their own', () => {
    // Each link's text as an English reader sees it.
    const read = (role: Parameters<typeof linksFor>[0]) =>
      linksFor(role).map((link) => [i18n._(shellMessages.key(link.label)), link.to]);
    expect(read('creator')).toEqual(SPEC_LINKS);
    expect(read('advertiser')).toEqual([
      ['Campaigns', '/campaigns'],
      ['Find creators', '/creators'],
      ['Company Profile', '/company-profile'],
      ['Help and Support', '/help-and-support'],
    ]);
    expect(read('operator')).toEqual([
      ['Operator Console', '/admin'],
      ['Help and Support', '/help-and-support'],
    ]);
    expect(linksFor(null)).toEqual([]);
  });

  it('renders nothing of a workspace until the role is known, then sends an advertiser from /dashboard to /campaigns', () => {
    const shell = renderShell('/dashboard');
    expect(screen.queryByText('Analytics screen')).not.toBeInTheDocument();
    expect(shell.links()).toEqual([]);
    shell.signIn('advertiser');
    expect(shell.location()).toBe('/campaigns');
    expect(screen.getByText('Campaigns screen')).toBeInTheDocument();
    expect(shell.links()).toEqual([
      ['Campaigns', '/campaigns'],
      ['Find creators', '/creators'],
      ['Company Profile', '/company-profile'],
      ['Help and Support', '/help-and-support'],
    ]);
  });

  it('sends a creator from advertiser routes to /dashboard, and keeps the creator’s own routes and links', () => {
    const shell = renderShell('/campaigns');
    shell.signIn('creator');
    expect(shell.location()).toBe('/dashboard');
    expect(screen.getByText('Analytics screen')).toBeInTheDocument();
    expect(shell.links()).toEqual(SPEC_LINKS);
  });

  it('names the workspace’s links in the page’s language, the spec’s English ones in English', async () => {
    await act(() => setLocale('es-MX'));
    const shell = renderShell('/dashboard');
    shell.signIn('creator');
    expect(
      within(screen.getByRole('navigation', { name: 'Panel' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Estadísticas',
      'Extensión de OBS',
      'Ofertas de patrocinio',
      'Archivo del chat',
      'Ganancias',
      'Ayuda y soporte',
      'Conectar cuentas',
    ]);
    expect(screen.getByRole('complementary', { name: 'Menú lateral' })).toBeInTheDocument();
  });

  it('sends an operator to the console and lets every role reach the shared screens', () => {
    const shell = renderShell('/earnings');
    shell.signIn('operator');
    expect(shell.location()).toBe('/admin');
    expect(shell.links()).toEqual([
      ['Operator Console', '/admin'],
      ['Help and Support', '/help-and-support'],
    ]);
    const shared = renderShell('/settings');
    shared.signIn('advertiser');
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent('/settings');
  });

  it('falls back to the creator’s workspace when the user cannot be read', () => {
    const session = createActor(
      sessionMachine.provide({
        actions: { logError: () => {} },
        actors: { loadUser: fromPromise<User, { jwt: string }>(async () => Promise.reject(new Error('offline'))) },
      }),
      { input: { jwt: 'stored.jwt' } },
    ).start();
    expect(selectRole(session.getSnapshot())).toBeNull();
    session.send({ type: 'user.load' });
    // The next task: the user's load (a resolved promise) has been taken by then.
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(selectRole(session.getSnapshot())).toBe('creator');
        session.stop();
        resolve();
      }, 0),
    );
  });
});

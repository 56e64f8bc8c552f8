// The signed-in session (docs/spec.md §2 Public layout, Dashboard shell; §3 Session storage; §4 Signed in or out,
// Logout; §7 GET /api/user), replayed along session's recorded paths on the app's own session wiring
// (src/accounts/session.ts, as src/app/SessionProvider.tsx creates it: the stored jwt, storage, navigation home,
// logging) with GET /api/user answered by the test. The screen is the app's: the public layout at / and the guarded
// dashboard shell at /dashboard. Signed out, the public header offers Sign up and Login; signed in, a Dashboard button,
// whose shell reads the user on entry (the loading overlay meanwhile), then welcomes them by name, or, the read
// failed, without it (the error logged). Sign-ins, renewals, profile updates, overlay holds and logouts come from
// other screens (login, change password, My Profile, the Log Out modal; each has its own screen test): here they
// are sent through the app wiring those screens use. Before the shell is open (signedIn.idle) a hold or a profile
// update shows nowhere on the public page: the check there reads it from the session, and the shell shows it once
// open.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useMemo, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, expect, vi } from 'vitest';
import type { SessionInfo, User } from '@/machines/types';
import { useAppWiring, useSessionLogic, type AppWiring } from '@/src/accounts/session';
import { JWT_KEY, readJwt, SESSION_KEY } from '@/src/accounts/storage';
import { inspect } from '@/src/app/inspect';
import { RequireAuth } from '@/src/app/RequireAuth';
import { SessionContext } from '@/src/app/session';
import { Landing } from '@/src/public/Landing';
import { PublicLayout } from '@/src/public/PublicLayout';
import { DashboardLayout } from '@/src/shell/DashboardLayout';
import { controlled } from './harness';
import { walkScreens } from './screens';
import { silentNotifications } from './silentNotifications';

afterEach(() => vi.restoreAllMocks());

type LoadUser = ReturnType<typeof controlled<User, { jwt: string }>>;

/** src/app/SessionProvider.tsx with one change: GET /api/user is the test's to answer. */
function Session({ loadUser, children }: { loadUser: LoadUser['logic']; children: ReactNode }) {
  const logic = useSessionLogic();
  const provided = useMemo(() => logic.provide({ actors: { loadUser } }), [logic, loadUser]);
  return (
    <SessionContext.Provider logic={provided} options={{ input: { jwt: readJwt() }, inspect }}>
      {children}
    </SessionContext.Provider>
  );
}

/** What every flow takes from the app (its sign-in, the session actor) and the router's history. */
function Wiring({ onWiring }: { onWiring: (wiring: AppWiring, navigate: NavigateFunction) => void }) {
  const wiring = useAppWiring();
  const navigate = useNavigate();
  onWiring(wiring, navigate);
  return null;
}

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

const publicMenu = () => screen.getByRole('navigation', { name: 'Main' });
const shell = () => screen.queryByTestId('welcome');
/** The global loading overlay (a busy status; a route's fallback spinner is not busy). */
const overlay = () => screen.queryAllByRole('status').find((el) => el.getAttribute('aria-busy') === 'true') ?? null;
const location = () => screen.getByTestId('location').textContent;
const stored = () => ({ jwt: localStorage.getItem(JWT_KEY), session: localStorage.getItem(SESSION_KEY) });

/** What the person did and the server answered: the screen shows it back. */
interface Seen {
  /** The session's token, as the jwt entry holds it. */
  token: string | null;
  /** How the person last signed in here (the session entry), if they did. */
  method: SessionInfo['method'] | null;
  user: User | null;
  holds: number;
  /** Reads of the user asked so far. */
  loads: number;
  /** The failed reads' errors, each logged. */
  failures: unknown[];
}

walkScreens('session', {
  async mount(input) {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { jwt } = input as { jwt: string | null };
    if (jwt) localStorage.setItem(JWT_KEY, jwt);
    const load = controlled<User, { jwt: string }>();
    const notifications = silentNotifications();
    let app: AppWiring | undefined;
    let history: NavigateFunction | undefined;
    render(
      // As src/main.tsx: navigation is not a transition, so a logout and its way home land in one render.
      <MemoryRouter initialEntries={['/']} useTransitions={false}>
        <Session loadUser={load.logic}>
          <Wiring
            onWiring={(wiring, navigate) => {
              app = wiring;
              history = navigate;
            }}
          />
          <Routes>
            <Route element={<PublicLayout />}>
              <Route index element={<Landing />} />
            </Route>
            <Route path="login" element={<p>Login page</p>} />
            <Route element={<RequireAuth />}>
              <Route element={<DashboardLayout logic={{ notifications }} />}>
                <Route path="dashboard" element={<p>Analytics page</p>} />
              </Route>
            </Route>
          </Routes>
          <Where />
        </Session>
      </MemoryRouter>,
    );
    // The shell's lazy modals, loaded as a first use would.
    await act(async () => {
      await import('@/src/shell/LogoutDialog');
      await import('@/src/notifications/NotificationsModal');
    });
    const session = () => app!.session;
    const send = (event: Parameters<AppWiring['session']['send']>[0]) => act(() => session().send(event));
    const seen: Seen = { token: jwt, method: null, user: null, holds: 0, loads: 0, failures: [] };
    /** The failed reads' errors as logged. */
    const failuresLogged = () => logged.mock.calls.filter(([error]) => seen.failures.includes(error)).length;
    return {
      seen,
      load,
      session,
      failuresLogged,
      gestures: {
        // The sign-in the login, Google and registration screens hand to the app.
        'session.signIn': ({ token, info }) => {
          Object.assign(seen, { token, method: info.method, user: null });
          act(() => app!.signIn(info.method, token));
        },
        // The Log Out modal's Yes (and a deleted account) logs out so.
        'session.logout': () => {
          Object.assign(seen, { token: null, method: null, user: null, holds: 0 });
          send({ type: 'session.logout' });
        },
        // A changed password's new token.
        'session.renew': (event) => {
          seen.token = event.token;
          send(event);
        },
        // My Profile's saved profile, and its save or upload holding the overlay.
        'user.updated': (event) => {
          seen.user = event.user;
          send(event);
        },
        'loading.hold': (event) => {
          seen.holds += 1;
          send(event);
        },
        'loading.release': (event) => {
          seen.holds = Math.max(0, seen.holds - 1);
          send(event);
        },
        // The person opens the dashboard from the public header; from the shell, they go back home first (the
        // browser's Back) and open it again: the shell reads the user on every entry.
        'user.load': () => {
          if (shell()) act(() => void history!(-1));
          seen.loads += 1;
          fireEvent.click(within(publicMenu()).getByRole('link', { name: 'Dashboard' }));
        },
        'xstate.done.actor.loadUser': async ({ output }) => {
          seen.user = output;
          await load.resolve(output);
        },
        'xstate.error.actor.loadUser': async ({ error }) => {
          seen.failures.push(error);
          await load.reject(error);
        },
      },
    };
  },
  states: {
    // The public page offers Sign up and Login; nothing of a session is stored or shown.
    signedOut: ({ load, seen, session, failuresLogged }) => {
      expect(location()).toBe('/');
      expect(within(publicMenu()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
      expect(within(publicMenu()).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
      expect(within(publicMenu()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
      expect(shell()).not.toBeInTheDocument();
      expect(overlay()).toBeNull();
      expect(stored()).toEqual({ jwt: null, session: null });
      expect(session().getSnapshot().context).toEqual({ jwt: null, user: null, holds: 0 });
      expect(load.started).toBe(seen.loads);
      expect(failuresLogged()).toBe(seen.failures.length);
    },
    // Signed in, the dashboard not yet open: the public header's Dashboard button, the token stored, no read yet. A
    // hold or a profile update shows nowhere here (the public page has no overlay and no name): the session keeps it.
    'signedIn.idle': ({ load, seen, session }) => {
      expect(location()).toBe('/');
      expect(within(publicMenu()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
      expect(within(publicMenu()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
      expect(within(publicMenu()).queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
      expect(shell()).not.toBeInTheDocument();
      expect(overlay()).toBeNull();
      expect(stored().jwt).toBe(seen.token);
      expect(stored().session && (JSON.parse(stored().session!) as SessionInfo).method).toBe(seen.method ?? null);
      expect(session().getSnapshot().context).toEqual({ jwt: seen.token, user: seen.user, holds: seen.holds });
      expect(load.started).toBe(seen.loads);
    },
    // The shell is open and reads the user with the session's token: the loading overlay covers it.
    'signedIn.loading': ({ load, seen }) => {
      expectShell(seen);
      expect(overlay()).toHaveTextContent('Loading');
      expect(load.started).toBe(seen.loads);
      expect(load.inputs.at(-1)).toEqual({ jwt: seen.token });
    },
    // The user is read: welcomed by first name, named on the profile menu; the overlay only while a screen holds it.
    'signedIn.ready': ({ load, seen }) => {
      expect(seen.user).not.toBeNull();
      expectShell(seen);
      expect(Boolean(overlay())).toBe(seen.holds > 0);
      expect(load.started).toBe(seen.loads);
    },
    // The read failed: the shell stays, without a name it never got; the error is logged; no overlay.
    'signedIn.failed': ({ load, seen, failuresLogged }) => {
      expectShell(seen);
      expect(Boolean(overlay())).toBe(seen.holds > 0);
      expect(load.started).toBe(seen.loads);
      expect(failuresLogged()).toBe(seen.failures.length);
      expect(seen.failures.length).toBeGreaterThan(0);
    },
  },
});

/** The dashboard shell at /dashboard, its welcome line and profile menu naming the user as far as the session knows. */
function expectShell(seen: Seen) {
  expect(location()).toBe('/dashboard');
  expect(screen.getByText('Analytics page')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  const first = seen.user?.first_name;
  expect(shell()).toHaveTextContent(first ? `Welcome back, ${first}` : /^Welcome back$/);
  const name = [seen.user?.first_name, seen.user?.last_name].filter(Boolean).join(' ');
  expect(screen.getByRole('button', { name: 'Profile menu' })).toHaveTextContent(name || 'My account');
  expect(localStorage.getItem(JWT_KEY)).toBe(seen.token);
}

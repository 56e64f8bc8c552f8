// Renders a screen as the app does: inside a memory router and the session provider (a signed-in session by default),
// with the session's effects inert and its actor exposed for assertions.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import type { User } from '../../machines/types';
import { SessionContext } from '../../src/app/session';

type SessionRef = ActorRefFrom<typeof sessionMachine>;

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function CaptureSession({ onRef }: { onRef: (ref: SessionRef) => void }) {
  onRef(SessionContext.useActorRef());
  return null;
}

export function renderWithProviders(element: ReactNode, options: { path?: string; jwt?: string | null } = {}) {
  const path = options.path ?? '/';
  let session: SessionRef | undefined;
  const logic = sessionMachine.provide({
    actions: { storeSession: () => {}, clearStorage: () => {}, navigateHome: () => {}, logError: () => {} },
    // GET /api/user of the shell stays pending: screens under test read what they need themselves.
    actors: { loadUser: fromPromise<User, { jwt: string }>(() => new Promise(() => {})) },
  });
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <SessionContext.Provider logic={logic} options={{ input: { jwt: options.jwt === undefined ? 'test.jwt' : options.jwt } }}>
        <CaptureSession onRef={(ref) => (session = ref)} />
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <Where />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  return {
    ...utils,
    session: () => session!,
    location: () => utils.getByTestId('location').textContent,
  };
}

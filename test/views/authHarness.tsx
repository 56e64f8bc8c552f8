// Renders a sign-in screen inside a memory router and a session actor whose effects are recorded.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import type { User } from '../../machines/types';
import { SessionContext } from '../../src/app/session';

/** A promise-actor logic the test settles itself, recording each input. */
export function controlled<TOutput, TInput = void>() {
  const inputs: TInput[] = [];
  let settle: { resolve: (value: TOutput) => void; reject: (error: unknown) => void } | undefined;
  const logic = fromPromise<TOutput, TInput>(({ input }) => {
    inputs.push(input);
    return new Promise<TOutput>((resolve, reject) => {
      settle = { resolve, reject };
    });
  });
  return {
    logic,
    inputs,
    resolve: (value: TOutput) => settle?.resolve(value),
    reject: (error: unknown) => settle?.reject(error),
    get started() {
      return inputs.length;
    },
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderScreen(path: string, element: ReactNode, options: { jwt?: string | null } = {}) {
  const signIns: string[] = [];
  const session = sessionMachine.provide({
    actions: {
      storeSession: ({ event }) => {
        if (event.type === 'session.signIn') signIns.push(event.token);
      },
      clearStorage: () => {},
      navigateHome: () => {},
      logError: () => {},
    },
    actors: { loadUser: fromPromise<User, { jwt: string }>(() => new Promise(() => {})) },
  });
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <SessionContext.Provider logic={session} options={{ input: { jwt: options.jwt ?? null } }}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <Where />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  return { ...utils, signIns, location: () => utils.getByTestId('location').textContent };
}

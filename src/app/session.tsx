// The app-wide session actor (DESIGN: created once in src/app, exposed with createActorContext).
import { createActorContext } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import type { User } from '../../machines/types';
import { clearSession, readJwt, storeSession } from '../services/storage';
import { inspect } from './inspect';

export const SessionContext = createActorContext(sessionMachine);

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      sessionMachine.provide({
        actions: {
          storeSession: ({ context, event }) => {
            if (event.type === 'session.signIn' && context.jwt) storeSession(context.jwt, event.info);
          },
          clearStorage: () => clearSession(),
          navigateHome: () => navigate('/'),
          logError: (_, params) => console.error(params.error),
        },
        actors: {
          // The API client is loaded with the first signed-in screen, never on public pages.
          loadUser: fromPromise<User, { jwt: string }>(async ({ input }) => {
            const { getUser } = await import('../services/user');
            return getUser(input.jwt);
          }),
        },
      }),
    // The machine is created once; navigate('/') does not depend on the current location.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return (
    <SessionContext.Provider logic={logic} options={{ input: { jwt: readJwt() }, inspect }}>
      {children}
    </SessionContext.Provider>
  );
}

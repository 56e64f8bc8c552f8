// The session's wiring and what other flows take from it: the jwt (from the session actor, never from storage
// directly), signing in, and navigation.
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { sessionMachine } from '@/machines/accounts/session.machine';
import type { SessionInfo, User } from '@/machines/types';
import { messages } from '@/src/messages';
import { SessionContext } from '@/src/app/session';
import { clearSession, storeSession, storeToken } from './storage';

export type SessionRef = ActorRefFrom<typeof sessionMachine>;

/** The API client is loaded with the first call, so public and sign-in screens load without it. */
export const api = () => import('@/src/api/client');

/** Reads the session actor's jwt at call time; null when signed out. */
export function jwtOf(session: SessionRef): () => string | null {
  return () => session.getSnapshot().context.jwt;
}

/** The jwt a call needs, or the spec's error without a request (docs/spec.md §7, §8). */
export function requireJwt(jwt: string | null, message: string = messages.noTokenReadOrUpload): string {
  if (!jwt) throw new Error(message);
  return jwt;
}

/** GET /api/user (docs/spec.md §7): no jwt → an error without a request. */
export async function fetchUser(jwt: string | null): Promise<User> {
  const token = requireJwt(jwt);
  return (await (await api()).request('getUser', { jwt: token })).user;
}

/** The app-wide session actor's logic: storage, navigation home on logout, the user read. */
export function useSessionLogic() {
  const navigate = useNavigate();
  // The machine is created once; navigate('/') does not depend on the current location.
  return useMemo(
    () =>
      sessionMachine.provide({
        actions: {
          storeSession: ({ context, event }) => {
            if (event.type === 'session.signIn' && context.jwt) storeSession(context.jwt, event.info);
          },
          storeToken: (_, { token }) => storeToken(token),
          clearStorage: () => clearSession(),
          navigateHome: () => navigate('/'),
          logError: (_, params) => console.error(params.error),
        },
        actors: {
          loadUser: fromPromise<User, { jwt: string }>(({ input }) => fetchUser(input.jwt)),
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}

export interface AppWiring {
  session: SessionRef;
  /** The session's jwt at call time. */
  jwt: () => string | null;
  /** Sends a new token to the session actor, which stores `jwt` and `session`. */
  signIn: (method: SessionInfo['method'], token: string) => void;
  /** Client-side navigation. */
  goTo: (path: string) => void;
}

/** What flows take from the app, stable for the component's life (navigation goes through the latest navigate). */
export function useAppWiring(): AppWiring {
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useMemo(
    () => ({
      session,
      jwt: jwtOf(session),
      signIn: (method, token) =>
        session.send({ type: 'session.signIn', token, info: { method, signedInAt: new Date().toISOString() } }),
      goTo: (path) => latest.current(path),
    }),
    [session],
  );
}
